import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MAIL_BATCH_MS, DATA_DIM_MS, slotStart } from '@vayu/domain';
import { alerts, emailOutbox, parameters } from '../../db/schema/index.js';
import { createMailer } from '../../lib/mailer.js';
import { deviceFactories } from '../../test/device-factories.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { insertReadings } from '../telemetry/ingest.service.js';
import { runAlertsRound, type AlertsRoundDeps } from './alert-jobs.js';
import { createNotificationChannels } from './channels.js';

let t: TestContext;
let deps: AlertsRoundDeps;
const SLOT = DATA_DIM_MS.minute_15;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp();
  deps = {
    mailer: createMailer({
      db: t.db,
      smtpUrl: undefined,
      from: 'alerts@vayu.test',
      log: { info() {}, warn() {}, error() {} } as never,
    }),
    channels: createNotificationChannels(),
  };
});

/** An industry with two users and `devices` devices whose parameter's standard is 100, alerts on. */
async function industry(devices = 1) {
  const make = factories(t.db);
  const tenant = await make.tenant();
  const admin = await make.user(tenant.id, 'admin');
  const operator = await make.user(tenant.id, 'user');
  const build = deviceFactories(t.db);
  const made = [];
  for (let i = 0; i < devices; i++) {
    const one = await build.device(tenant.id);
    await t.db
      .update(parameters)
      .set({ standardLimit: 100, isAlertEnabled: true })
      .where(eq(parameters.id, one.parameter.id));
    made.push(one);
  }
  return { tenant, admin, operator, devices: made };
}

async function send(setup: Awaited<ReturnType<typeof industry>>, device: number, at: number, value: number) {
  const { device: d, parameter } = setup.devices[device]!;
  await insertReadings(
    t.database,
    [
      {
        index: 0,
        tenantId: setup.tenant.id,
        deviceId: d.id,
        parameterId: parameter.id,
        ms: at,
        value,
        unit: 'mg/Nm3',
        valueStd: value,
        provenance: 'measured',
      },
    ],
    { source: 'edge', tokenId: null },
  );
}

const mailsTo = (address: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, 'ALERT')))
    .orderBy(emailOutbox.id);

describe('alert notifications', () => {
  it('mails each of the industry’s users once for alerts raised together, batches the hour’s later alerts into one more mail, and never mails an alert twice', async () => {
    const setup = await industry(3);
    const slot = slotStart(Date.now() - 3 * 60 * MINUTE, 'minute_15');
    // Two stacks pass their limit in the same minute.
    await send(setup, 0, slot + MINUTE, 130);
    await send(setup, 1, slot + MINUTE, 145.5);
    const first = await runAlertsRound(t.db, deps, new Date(slot + 2 * MINUTE));
    expect(first.opened).toBe(2);

    const adminMails = await mailsTo(setup.admin.email);
    expect(adminMails).toHaveLength(1);
    expect(adminMails[0]!.subject).toBe(`Alerts at ${setup.tenant.name}: 2 exceedances`);
    expect(adminMails[0]!.bodyText).toContain('130 mg/Nm3 against a limit of 100 mg/Nm3');
    expect(adminMails[0]!.bodyText).toContain('145.5 mg/Nm3');
    expect(adminMails[0]!.userId).toBe(setup.admin.id);
    expect(await mailsTo(setup.operator.email)).toHaveLength(1);

    // The same episode going on, and the third stack passing its limit ten minutes later: no mail within the hour.
    await send(setup, 0, slot + SLOT + MINUTE, 150);
    await send(setup, 2, slot + 10 * MINUTE, 200);
    await runAlertsRound(t.db, deps, new Date(slot + 11 * MINUTE));
    await runAlertsRound(t.db, deps, new Date(slot + SLOT + 2 * MINUTE));
    await runAlertsRound(t.db, deps, new Date(slot + 2 * MINUTE + ALERT_MAIL_BATCH_MS - MINUTE));
    expect(await mailsTo(setup.admin.email)).toHaveLength(1);
    const all = await t.db.select().from(alerts).where(eq(alerts.tenantId, setup.tenant.id));
    expect(all).toHaveLength(3);

    // Once the hour is over, the alert that waited goes in one mail; the ones told are not told again.
    await runAlertsRound(t.db, deps, new Date(slot + 2 * MINUTE + ALERT_MAIL_BATCH_MS));
    const later = await mailsTo(setup.admin.email);
    expect(later).toHaveLength(2);
    expect(later[1]!.subject).toBe(`Alerts at ${setup.tenant.name}: 1 exceedance`);
    expect(later[1]!.bodyText).toContain('200 mg/Nm3');
    expect(later[1]!.bodyText).not.toContain('145.5');
    await runAlertsRound(t.db, deps, new Date(slot + 2 * MINUTE + 3 * ALERT_MAIL_BATCH_MS));
    expect(await mailsTo(setup.admin.email)).toHaveLength(2);
    const untold = await t.db
      .select()
      .from(alerts)
      .where(
        and(
          inArray(
            alerts.id,
            all.map((a) => a.id),
          ),
        ),
      );
    expect(untold.every((a) => a.notifiedAt !== null)).toBe(true);
  });

  it('leaves out the alert types a user switched off, and mails the others', async () => {
    const setup = await industry(1);
    const token = await signIn(t.app, setup.operator.email, setup.operator.password);
    const operator = asUser(t.app, token);
    const saved = await operator({
      method: 'PUT',
      url: '/api/alerts/preferences',
      payload: { preferences: [{ alertType: 'EXCEEDANCE', channel: 'EMAIL', enabled: false }] },
    });
    expect(saved.statusCode).toBe(200);

    const slot = slotStart(Date.now() - 3 * 60 * MINUTE, 'minute_15');
    await send(setup, 0, slot + MINUTE, 130);
    await runAlertsRound(t.db, deps, new Date(slot + 2 * MINUTE));
    expect(await mailsTo(setup.admin.email)).toHaveLength(1);
    expect(await mailsTo(setup.operator.email)).toHaveLength(0);
  });
});

describe('GET and PUT /api/alerts/preferences', () => {
  it('has every alert type on by e-mail, SMS and WhatsApp unavailable, and keeps a switch-off (audited)', async () => {
    const setup = await industry(0);
    const token = await signIn(t.app, setup.admin.email, setup.admin.password);
    const admin = asUser(t.app, token);

    const initial = await admin({ method: 'GET', url: '/api/alerts/preferences' });
    expect(initial.statusCode).toBe(200);
    const body = initial.json<{
      notified: boolean;
      preferences: { alertType: string; channel: string; enabled: boolean; available: boolean }[];
    }>();
    expect(body.notified).toBe(true);
    expect(body.preferences).toHaveLength(6);
    expect(body.preferences.every((p) => p.enabled)).toBe(true);
    expect(body.preferences.filter((p) => p.available).map((p) => p.channel)).toEqual(['EMAIL', 'EMAIL']);

    const off = await admin({
      method: 'PUT',
      url: '/api/alerts/preferences',
      payload: { preferences: [{ alertType: 'OFFLINE', channel: 'EMAIL', enabled: false }] },
    });
    expect(off.statusCode).toBe(200);
    const reread = (await admin({ method: 'GET', url: '/api/alerts/preferences' })).json<typeof body>();
    expect(reread.preferences.find((p) => p.alertType === 'OFFLINE' && p.channel === 'EMAIL')?.enabled).toBe(
      false,
    );
    expect(
      reread.preferences.find((p) => p.alertType === 'EXCEEDANCE' && p.channel === 'EMAIL')?.enabled,
    ).toBe(true);
    const [audit] = await auditRowsFor(t.db, 'user', setup.admin.id);
    expect(audit?.newValue).toEqual({ alertNotificationsOff: ['OFFLINE:EMAIL'] });

    const on = await admin({
      method: 'PUT',
      url: '/api/alerts/preferences',
      payload: { preferences: [{ alertType: 'OFFLINE', channel: 'EMAIL', enabled: true }] },
    });
    expect(on.json<typeof body>().preferences.every((p) => p.enabled)).toBe(true);
  });

  it('refuses an unknown channel or an empty list with the field, and a signed-out caller', async () => {
    const setup = await industry(0);
    const admin = asUser(t.app, await signIn(t.app, setup.admin.email, setup.admin.password));
    const bad = await admin({
      method: 'PUT',
      url: '/api/alerts/preferences',
      payload: { preferences: [{ alertType: 'OFFLINE', channel: 'PIGEON', enabled: false }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { details: { path: string }[] } }>().error.details[0]?.path).toBe(
      'preferences.0.channel',
    );
    const empty = await admin({
      method: 'PUT',
      url: '/api/alerts/preferences',
      payload: { preferences: [] },
    });
    expect(empty.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/alerts/preferences' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('tells a platform user that alert mails go to the industry’s users', async () => {
    const site = await factories(t.db).siteUser();
    const user = asUser(t.app, await signIn(t.app, site.email, site.password));
    const answer = await user({ method: 'GET', url: '/api/alerts/preferences' });
    expect(answer.json<{ notified: boolean }>().notified).toBe(false);
  });
});
