import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, PLATFORM_ACCOUNT_ID, type Alert, type AlertLimit } from '@vayu/domain';
import { alerts, auditLogs, parameters } from '../../db/schema/index.js';
import { deviceFactories } from '../../test/device-factories.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';
import { ok } from '../billing/billing.test-support.js';

let t: TestContext;
type Caller = Awaited<ReturnType<typeof clientFor>>['call'];
let site: Caller;

beforeAll(async () => {
  t = await startTestApp();
  site = (await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin')).call;
});

/** An industry with a device at a stack measuring one parameter whose standard is 100 mg/Nm3. */
async function industry() {
  const partner = await factories(t.db).partner();
  const tenant = await factories(t.db).tenant({ partnerId: partner.id });
  const made = await deviceFactories(t.db).device(tenant.id);
  await t.db
    .update(parameters)
    .set({ standardLimit: 100, isAlertEnabled: true })
    .where(eq(parameters.id, made.parameter.id));
  return {
    tenant,
    ...made,
    admin: (await clientFor(t, tenant.id, 'admin')).call,
    viewer: (await clientFor(t, tenant.id, 'user')).call,
    partnerAdmin: (await clientFor(t, partner.id, 'admin')).call,
  };
}

async function alertOf(
  setup: Awaited<ReturnType<typeof industry>>,
  values: Partial<typeof alerts.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(alerts)
    .values({
      type: 'EXCEEDANCE',
      tenantId: setup.tenant.id,
      deviceId: setup.device.id,
      monitoringPointId: setup.monitoringPointId,
      parameterId: setup.parameter.id,
      limit: 100,
      firstValue: 130,
      peakValue: 150,
      lastValue: 120,
      provenance: ['measured'],
      startedAt: new Date(Date.now() - 30 * 60_000),
      ...values,
    })
    .returning({ id: alerts.id });
  return row!.id;
}

describe('alert limits', () => {
  it('lists each parameter at each point with the standard, and saves a stricter limit of the industry’s own', async () => {
    const setup = await industry();
    const limits = await ok<AlertLimit[]>(
      setup.viewer({ method: 'GET', url: `/api/alerts/limits?tenantId=${setup.tenant.id}` }),
    );
    expect(limits).toEqual([
      expect.objectContaining({
        monitoringPointId: setup.monitoringPointId,
        parameterId: setup.parameter.id,
        standardLimit: 100,
        customLimit: null,
        limit: 100,
        enabled: true,
        version: 0,
      }),
    ]);
    const body = {
      tenantId: setup.tenant.id,
      monitoringPointId: setup.monitoringPointId,
      parameterId: setup.parameter.id,
    };
    expectError(
      await setup.viewer({
        method: 'PUT',
        url: '/api/alerts/limits',
        payload: { ...body, customLimit: 80, enabled: true },
      }),
      403,
      'FORBIDDEN',
    );
    const above = await setup.admin({
      method: 'PUT',
      url: '/api/alerts/limits',
      payload: { ...body, customLimit: 120, enabled: true },
    });
    expectError(above, 422, 'BUSINESS_RULE');
    expect(above.json().error.details).toEqual([
      expect.objectContaining({ path: 'customLimit', message: ALERT_MESSAGES.aboveStandard }),
    ]);
    const bad = await setup.admin({
      method: 'PUT',
      url: '/api/alerts/limits',
      payload: { ...body, customLimit: -5, enabled: 'yes' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(
      bad
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['customLimit', 'enabled']);

    const saved = await ok<AlertLimit>(
      setup.admin({
        method: 'PUT',
        url: '/api/alerts/limits',
        payload: { ...body, customLimit: 80, enabled: true },
      }),
    );
    expect(saved).toMatchObject({ customLimit: 80, limit: 80, version: 1 });
    expectError(
      await setup.admin({
        method: 'PUT',
        url: '/api/alerts/limits',
        payload: { ...body, customLimit: 70, enabled: true },
      }),
      409,
      'STALE_VERSION',
    );
    const off = await ok<AlertLimit>(
      setup.admin({
        method: 'PUT',
        url: '/api/alerts/limits',
        payload: { ...body, customLimit: null, enabled: false, version: 1 },
      }),
    );
    expect(off).toMatchObject({ customLimit: null, limit: 100, enabled: false, version: 2 });
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'alert_limit'), eq(auditLogs.tenantId, setup.tenant.id)))
      .orderBy(auditLogs.id);
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE']);

    const elsewhere = await setup.admin({
      method: 'PUT',
      url: '/api/alerts/limits',
      payload: { ...body, parameterId: 2_000_000, customLimit: 1, enabled: true },
    });
    expectError(elsewhere, 404, 'NOT_FOUND');
  });
});

describe('alerts', () => {
  it('lists an industry’s alerts of the last 24 hours and the open ones, counts them and keeps them to who may see them', async () => {
    const setup = await industry();
    const other = await industry();
    const open = await alertOf(setup);
    await alertOf(setup, {
      type: 'OFFLINE',
      parameterId: null,
      startedAt: new Date(Date.now() - 3 * 3_600_000),
    });
    // Ended two days ago: outside the window.
    await alertOf(setup, {
      startedAt: new Date(Date.now() - 50 * 3_600_000),
      endedAt: new Date(Date.now() - 49 * 3_600_000),
    });
    await alertOf(other);

    const page = await ok<{ items: Alert[]; total: number }>(
      setup.viewer({ method: 'GET', url: `/api/alerts/${setup.tenant.id}` }),
    );
    expect(page.items.map((a) => a.type)).toEqual(['EXCEEDANCE', 'OFFLINE']);
    expect(page.items[0]).toMatchObject({
      id: open,
      deviceName: setup.device.name,
      parameterLabel: setup.parameter.label,
      peakValue: 150,
      provenance: ['measured'],
    });
    const offline = await ok<{ items: Alert[] }>(
      setup.viewer({ method: 'GET', url: `/api/alerts/${setup.tenant.id}?alertType=OFFLINE` }),
    );
    expect(offline.items.map((a) => a.type)).toEqual(['OFFLINE']);
    expect(await ok(setup.viewer({ method: 'GET', url: `/api/alerts/count/${setup.tenant.id}` }))).toEqual({
      tenantId: setup.tenant.id,
      open: 2,
      last24h: 2,
      byType: { EXCEEDANCE: 1, OFFLINE: 1 },
    });

    // The industry's own alarms only; the partner sees its industry's; the platform sees all.
    const alarms = await ok<{ items: Alert[] }>(setup.viewer({ method: 'GET', url: '/api/alarm' }));
    expect(new Set(alarms.items.map((a) => a.tenantId))).toEqual(new Set([setup.tenant.id]));
    const partners = await ok<{ items: Alert[] }>(
      setup.partnerAdmin({ method: 'GET', url: '/api/alarm?open=true' }),
    );
    expect(new Set(partners.items.map((a) => a.tenantId))).toEqual(new Set([setup.tenant.id]));
    const all = await ok<{ items: Alert[] }>(site({ method: 'GET', url: '/api/alarm' }));
    expect(all.items.map((a) => a.tenantId)).toEqual(
      expect.arrayContaining([setup.tenant.id, other.tenant.id]),
    );
    expectError(
      await setup.viewer({ method: 'GET', url: `/api/alerts/${other.tenant.id}` }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await setup.viewer({ method: 'GET', url: `/api/alerts/${setup.tenant.id}?alertType=FIRE` }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('records who acknowledged an alert and when, once', async () => {
    const setup = await industry();
    const id = await alertOf(setup);
    const acknowledged = await ok<Alert>(
      setup.viewer({ method: 'POST', url: `/api/alerts/acknowledge/${id}` }),
    );
    expect(acknowledged.acknowledgedAt).not.toBeNull();
    expect(acknowledged.acknowledgedBy).toMatch(/^Test User/);
    const again = await setup.admin({ method: 'POST', url: `/api/alerts/acknowledge/${id}` });
    expectError(again, 422, 'BUSINESS_RULE');
    expect((await auditRowsFor(t.db, 'alert', id)).map((a) => a.action)).toEqual(['ACKNOWLEDGE']);
  });
});
