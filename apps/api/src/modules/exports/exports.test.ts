import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_ID } from '@vayu/domain';
import { accounts, alerts, auditLogs, parameters, users } from '../../db/schema/index.js';
import { deviceFactories } from '../../test/device-factories.js';
import { factories } from '../../test/factories.js';
import { CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
type Caller = Awaited<ReturnType<typeof clientFor>>['call'];
let site: Caller;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = (await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin')).call;
});

const tagOf = () => `qx${randomBytes(3).toString('hex')}`;

type Response = Awaited<ReturnType<Caller>>;

/** The rows of a CSV answer, keyed by the header row, after checking it is a CSV download. */
function csvRows(response: Response, fileStem: string): Record<string, string>[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${fileStem}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
  );
  // A byte order mark first, so that Excel reads the file as UTF-8.
  expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(response.rawPayload, { bom: true, columns: true, skip_empty_lines: true });
}

const headerOf = (response: Response) => parse(response.rawPayload, { bom: true, to_line: 1 })[0] as string[];

const idsOf = (rows: Record<string, string>[]) => rows.map((row) => Number(row.ID));

async function namedTenant(name: string, values: Partial<typeof accounts.$inferInsert> = {}) {
  const tenant = await make.tenant(values);
  await t.db.update(accounts).set({ name }).where(eq(accounts.id, tenant.id));
  return tenant;
}

describe('GET /api/tenants/export', () => {
  it('answers every industry the list shows for the same filters, in its order, with readable columns', async () => {
    const tag = tagOf();
    const partner = await make.partner();
    const beta = await namedTenant(`${tag} Beta Cement`, {
      partnerId: partner.id,
      contactNo: '919820012345',
    });
    const alpha = await namedTenant(`${tag} alpha Sugar`, { partnerId: partner.id });
    const disabled = await namedTenant(`${tag} Gamma Steel`, { partnerId: partner.id, status: 'DISABLED' });
    await namedTenant(`${tag} Deleted Works`, { partnerId: partner.id, status: 'DELETED' });

    const response = await site({ method: 'GET', url: `/api/tenants/export?search=${tag}` });
    const rows = csvRows(response, 'tenants');
    expect(idsOf(rows)).toEqual([alpha.id, beta.id, disabled.id]);
    expect(headerOf(response)).toEqual([
      'ID',
      'Name',
      'Account type',
      'Status',
      'Working status',
      'Industry category',
      'Partner',
      'City',
      'State',
      'Contact e-mail',
      'Plan',
      'Remote calibration',
      'Blocked',
      'Demo',
      'Data status',
      'Last data (IST)',
      'Created (IST)',
    ]);
    expect(rows[1]).toMatchObject({
      Name: `${tag} Beta Cement`,
      'Account type': 'Tenant',
      Status: 'Enabled',
      Partner: partner.name,
      State: 'Gujarat',
      'Remote calibration': 'No',
      'Data status': 'Offline',
      'Last data (IST)': '',
    });
    expect(rows[1]!['Created (IST)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // The list's filters apply: status, as the list's.
    const list = await site({ method: 'GET', url: `/api/tenants?search=${tag}&status=DISABLED` });
    const onlyDisabled = csvRows(
      await site({ method: 'GET', url: `/api/tenants/export?search=${tag}&status=DISABLED` }),
      'tenants',
    );
    expect(idsOf(onlyDisabled)).toEqual(list.json<{ items: { id: number }[] }>().items.map((i) => i.id));
    expect(idsOf(onlyDisabled)).toEqual([disabled.id]);
  });

  it('gives a partner only its own industries, and refuses an industry’s users as the list does', async () => {
    const tag = tagOf();
    const mine = await make.partner();
    const other = await make.partner();
    const own = await namedTenant(`${tag} Own Works`, { partnerId: mine.id });
    await namedTenant(`${tag} Other Works`, { partnerId: other.id });
    const partnerAdmin = (await clientFor(t, mine.id, 'admin')).call;

    const rows = csvRows(
      await partnerAdmin({ method: 'GET', url: `/api/tenants/export?search=${tag}` }),
      'tenants',
    );
    expect(idsOf(rows)).toEqual([own.id]);

    const tenantAdmin = (await clientFor(t, own.id, 'admin')).call;
    expectError(await tenantAdmin({ method: 'GET', url: '/api/tenants/export' }), 403, 'FORBIDDEN');
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/tenants/export', headers: CONSOLE_HEADERS }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('answers 400 with field details for a bad filter', async () => {
    const response = await site({ method: 'GET', url: '/api/tenants/export?status=GONE&partnerId=x' });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = response
      .json<{ error: { details: { path: string }[] } }>()
      .error.details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['querystring.status', 'querystring.partnerId']));
    expectError(
      await site({ method: 'GET', url: `/api/tenants/export?partnerId=${'9'.repeat(30)}` }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await site({ method: 'GET', url: `/api/tenants/export?search=${'a%00b'}` }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('writes a cell that a spreadsheet would read as a formula with a leading apostrophe', async () => {
    const tag = tagOf();
    const formula = `=HYPERLINK("http://evil.example","${tag}")`;
    await namedTenant(formula);
    await namedTenant(`${tag} -5 Works`);
    await namedTenant(`${tag} Plain Works`);
    const rows = csvRows(await site({ method: 'GET', url: `/api/tenants/export?search=${tag}` }), 'tenants');
    expect(rows.map((row) => row.Name).sort()).toEqual(
      [`'${formula}`, `${tag} -5 Works`, `${tag} Plain Works`].sort(),
    );
  });
});

describe('GET /api/partners/export', () => {
  it('answers the partners the list shows, with formatted phone numbers, to site users only', async () => {
    const tag = tagOf();
    const enabled = await make.partner();
    const disabled = await make.partner({ status: 'DISABLED' });
    await t.db
      .update(accounts)
      .set({ name: `${tag} Enviro`, contactNo: '919820012345' })
      .where(eq(accounts.id, enabled.id));
    await t.db
      .update(accounts)
      .set({ name: `${tag} Aqua` })
      .where(eq(accounts.id, disabled.id));
    await make.tenant({ partnerId: enabled.id });

    const rows = csvRows(
      await site({ method: 'GET', url: `/api/partners/export?search=${tag}` }),
      'partners',
    );
    expect(idsOf(rows)).toEqual([disabled.id, enabled.id]);
    expect(rows[1]).toMatchObject({
      Name: `${tag} Enviro`,
      Status: 'Enabled',
      // A cell starting with + is guarded too.
      'Contact number': "'+91 98200 12345",
      Industries: '1',
    });
    const onlyEnabled = csvRows(
      await site({ method: 'GET', url: `/api/partners/export?search=${tag}&status=ENABLED` }),
      'partners',
    );
    expect(idsOf(onlyEnabled)).toEqual([enabled.id]);

    const partnerAdmin = (await clientFor(t, enabled.id, 'admin')).call;
    expectError(await partnerAdmin({ method: 'GET', url: '/api/partners/export' }), 403, 'FORBIDDEN');
  });
});

describe('GET /api/users/export', () => {
  it('answers the users the list shows within the caller’s accounts', async () => {
    const tag = tagOf();
    const tenant = await make.tenant();
    const other = await make.tenant();
    const admin = await clientFor(t, tenant.id, 'admin');
    const colleague = await make.user(tenant.id, 'user');
    const stranger = await make.user(other.id, 'user');
    for (const [id, name] of [
      [admin.user.id, `${tag} Zoya`],
      [colleague.id, `${tag} Arjun`],
      [stranger.id, `${tag} Meera`],
    ] as const) {
      await t.db.update(users).set({ name }).where(eq(users.id, id));
    }

    const rows = csvRows(
      await admin.call({ method: 'GET', url: `/api/users/export?search=${tag}` }),
      'users',
    );
    expect(idsOf(rows)).toEqual([colleague.id, admin.user.id]);
    expect(rows[0]).toMatchObject({ Name: `${tag} Arjun`, Role: 'User', Account: tenant.name });

    const siteRows = csvRows(await site({ method: 'GET', url: `/api/users/export?search=${tag}` }), 'users');
    expect(idsOf(siteRows)).toEqual([colleague.id, stranger.id, admin.user.id]);
  });

  it('refuses another corporate’s users to all but site users (403), as the list', async () => {
    const { corporate } = await make.corporate();
    const partnerAdmin = (await clientFor(t, (await make.partner()).id, 'admin')).call;
    expectError(
      await partnerAdmin({ method: 'GET', url: `/api/users/export?corporateId=${corporate.id}` }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await site({ method: 'GET', url: '/api/users/export?status=SOMETIMES' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('GET /api/auditLogs/export', () => {
  it('answers the trail of the date range and filters, of the tenants in scope', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    const when = new Date();
    const [mine, theirs] = await t.db
      .insert(auditLogs)
      .values([
        {
          entity: 'device',
          entityId: '42',
          action: 'UPDATE',
          tenantId: tenant.id,
          actorUserName: 'ops@industry.example',
          ip: '10.1.2.3',
          createdAt: when,
        },
        { entity: 'device', entityId: '43', action: 'UPDATE', tenantId: other.id, createdAt: when },
      ])
      .returning({ id: auditLogs.id });
    const tenantAdmin = (await clientFor(t, tenant.id, 'admin')).call;

    const rows = csvRows(
      await tenantAdmin({ method: 'GET', url: '/api/auditLogs/export?entity=device' }),
      'audit-log',
    );
    expect(idsOf(rows)).toContain(Number(mine!.id));
    expect(idsOf(rows)).not.toContain(Number(theirs!.id));
    expect(rows.find((row) => Number(row.ID) === Number(mine!.id))).toMatchObject({
      Record: 'Device',
      'Record ID': '42',
      Action: 'Update',
      User: 'ops@industry.example',
      Industry: tenant.name,
      'IP address': '10.1.2.3',
    });

    const siteRows = csvRows(
      await site({ method: 'GET', url: `/api/auditLogs/export?tenantId=${other.id}` }),
      'audit-log',
    );
    expect(idsOf(siteRows)).toEqual([Number(theirs!.id)]);
  });

  it('answers 400 on the end date for a reversed range, and 403 to users who are not admins', async () => {
    const response = await site({
      method: 'GET',
      url: '/api/auditLogs/export?startDate=2026-01-10&endDate=2026-01-01',
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json<{ error: { details: { path: string }[] } }>().error.details[0]?.path).toBe(
      'querystring.endDate',
    );
    const viewer = (await clientFor(t, (await make.tenant()).id, 'user')).call;
    expectError(await viewer({ method: 'GET', url: '/api/auditLogs/export' }), 403, 'FORBIDDEN');
  });
});

describe('GET /api/devices/export', () => {
  it('answers the devices the list shows; an industry the caller cannot see is a 404', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const hidden = await make.tenant();
    const devices = deviceFactories(t.db);
    const second = await devices.device(tenant.id, { name: 'Zeta Dust Monitor' });
    const first = await devices.device(tenant.id, { name: 'Alpha Gas Analyser', serialNumber: 'SN-ALPHA' });
    await devices.device(hidden.id);
    const partnerAdmin = (await clientFor(t, partner.id, 'admin')).call;

    const rows = csvRows(
      await partnerAdmin({ method: 'GET', url: `/api/devices/export?tenantId=${tenant.id}` }),
      'devices',
    );
    expect(idsOf(rows)).toEqual([first.device.id, second.device.id]);
    expect(rows[0]).toMatchObject({
      Name: 'Alpha Gas Analyser',
      'Serial number': 'SN-ALPHA',
      Industry: tenant.name,
      Model: first.model.name,
      'Data upload method': 'Modbus',
      'Enabled parameters': '1',
    });
    const everything = csvRows(await partnerAdmin({ method: 'GET', url: '/api/devices/export' }), 'devices');
    expect(idsOf(everything)).toEqual([first.device.id, second.device.id]);

    expectError(
      await partnerAdmin({ method: 'GET', url: `/api/devices/export?tenantId=${hidden.id}` }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('GET /api/parameters/export', () => {
  it('answers the catalogue the list shows for the same search and type', async () => {
    const tag = tagOf();
    const devices = deviceFactories(t.db);
    const so2 = await devices.parameter(`${tag} SO2`);
    const flow = await devices.parameter(`${tag} Flow`, { isCounter: true });
    const gone = await devices.parameter(`${tag} Old`);
    await t.db.update(parameters).set({ status: 'DELETED' }).where(eq(parameters.id, gone.id));
    const viewer = (await clientFor(t, (await make.tenant()).id, 'user')).call;

    const rows = csvRows(
      await viewer({ method: 'GET', url: `/api/parameters/export?search=${tag}` }),
      'parameters',
    );
    expect(idsOf(rows)).toEqual([flow.id, so2.id]);
    expect(rows[0]).toMatchObject({ Label: `${tag} Flow`, Counter: 'Yes', 'Monitoring type': 'Stack' });
    expectError(
      await viewer({ method: 'GET', url: '/api/parameters/export?type=SOMETHING' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('GET /api/alarm/export', () => {
  it('answers the alerts of the industries in scope, newest first, with the list’s filters', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const made = await deviceFactories(t.db).device(tenant.id);
    const elsewhere = await make.tenant();
    const theirs = await deviceFactories(t.db).device(elsewhere.id);
    const now = Date.now();
    const insert = async (
      setup: typeof made,
      tenantId: number,
      values: Partial<typeof alerts.$inferInsert> = {},
    ) => {
      const [row] = await t.db
        .insert(alerts)
        .values({
          type: 'EXCEEDANCE',
          tenantId,
          deviceId: setup.device.id,
          monitoringPointId: setup.monitoringPointId,
          parameterId: setup.parameter.id,
          limit: 100,
          firstValue: 130,
          peakValue: 150.5,
          lastValue: 120,
          provenance: ['measured'],
          startedAt: new Date(now - 30 * 60_000),
          ...values,
        })
        .returning({ id: alerts.id });
      return row!.id;
    };
    const older = await insert(made, tenant.id, {
      startedAt: new Date(now - 3 * 3600_000),
      endedAt: new Date(now - 2 * 3600_000),
    });
    const newer = await insert(made, tenant.id);
    // Ended outside the 24-hour window: not in the list.
    await insert(made, tenant.id, {
      startedAt: new Date(now - 30 * 3600_000),
      endedAt: new Date(now - 29 * 3600_000),
    });
    await insert(theirs, elsewhere.id);
    const partnerAdmin = (await clientFor(t, partner.id, 'admin')).call;

    const rows = csvRows(await partnerAdmin({ method: 'GET', url: '/api/alarm/export' }), 'alarms');
    expect(idsOf(rows)).toEqual([newer, older]);
    expect(rows[0]).toMatchObject({
      Type: 'Exceedance',
      Industry: tenant.name,
      Device: made.device.name,
      Parameter: made.parameter.label,
      Limit: '100',
      'Peak value': '150.5',
      Source: 'Measured',
      'Ended (IST)': '',
    });
    const open = csvRows(await partnerAdmin({ method: 'GET', url: '/api/alarm/export?open=true' }), 'alarms');
    expect(idsOf(open)).toEqual([newer]);
    expectError(
      await partnerAdmin({ method: 'GET', url: '/api/alarm/export?alertType=LOUD' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('batches', () => {
  it('streams 2,500 industries across several batches in the list’s order, none twice and none left out', async () => {
    const tag = tagOf();
    // Seven names only, so that batches end inside runs of equal names and the id decides.
    await t.db.execute(sql`
      INSERT INTO accounts (type, name, status, state_code)
      SELECT 'tenant', ${tag} || ' Works ' || (g % 7), 'ENABLED', 'MH' FROM generate_series(1, 2500) AS g`);
    const expected = (
      await t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(sql`${accounts.name} like ${`${tag}%`}`)
        .orderBy(sql`lower(${accounts.name})`, accounts.id)
    ).map((row) => row.id);
    expect(expected).toHaveLength(2500);

    const rows = csvRows(await site({ method: 'GET', url: `/api/tenants/export?search=${tag}` }), 'tenants');
    expect(idsOf(rows)).toEqual(expected);
    expect(new Set(idsOf(rows)).size).toBe(2500);
  });
});
