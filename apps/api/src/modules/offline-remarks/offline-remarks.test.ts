import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  latestRestorationDate,
  OFFLINE_REMARK_MESSAGES,
  PLATFORM_ACCOUNT_ID,
  todayInIndia,
  type OfflineRemark,
} from '@vayu/domain';
import { devices, offlineRemarks } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { clientFor, expectError, failAuditWrites } from '../accounts/partners.test-support.js';
import { failAuditWritesOf } from '../cameras/cameras.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const URL = '/api/devices/offline/remarks';
const today = () => todayInIndia();

/** A date `days` after today in India (`YYYY-MM-DD`). */
function inDays(days: number) {
  const date = new Date(`${today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function industryWithDevice(overrides: { partnerId?: number } = {}) {
  const tenant = await make.tenant(overrides);
  const { device } = await deviceFactories(t.db).device(tenant.id, { name: 'SO2 Analyser' });
  return { tenant, device };
}

const remarkBody = (deviceId: number, overrides: Record<string, unknown> = {}) => ({
  deviceId,
  reason: 'Analyser fault',
  remark: 'Sample pump replaced; analyser under warm-up',
  expectedRestoration: inDays(2),
  ...overrides,
});

async function added(caller: typeof site, body: Record<string, unknown>) {
  const response = await caller.call({ method: 'POST', url: URL, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as OfflineRemark;
}

const storedRemarks = (deviceId: number) =>
  t.db.select().from(offlineRemarks).where(eq(offlineRemarks.deviceId, deviceId));

describe('POST /api/devices/offline/remarks', () => {
  it("adds a remark with the device, its point and the author's name, and audits it", async () => {
    const { tenant, device } = await industryWithDevice();
    const admin = await clientFor(t, tenant.id, 'user');
    const remark = await added(admin, remarkBody(device.id));
    expect(remark).toMatchObject({
      tenant: { id: tenant.id, name: tenant.name },
      device: { id: device.id, name: 'SO2 Analyser', serialNumber: device.serialNumber },
      monitoringPoint: { id: device.monitoringPointId },
      reason: 'Analyser fault',
      remark: 'Sample pump replaced; analyser under warm-up',
      expectedRestoration: inDays(2),
      createdBy: admin.user.name,
      resolvedAt: null,
    });
    const [audit] = await auditRowsFor(t.db, 'offline_remark', remark.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: tenant.id, oldValue: null });
    expect(audit!.newValue).toMatchObject({ reason: 'Analyser fault', expectedRestoration: inDays(2) });
  });

  it('accepts today and a year ahead in India; refuses yesterday, past a year, a bad date, and Other without a remark', async () => {
    const { device } = await industryWithDevice();
    const latest = latestRestorationDate(today());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ expectedRestoration: inDays(-1) }, 'expectedRestoration', OFFLINE_REMARK_MESSAGES.restorationPast],
      [
        { expectedRestoration: inDays(367) },
        'expectedRestoration',
        OFFLINE_REMARK_MESSAGES.restorationTooLate,
      ],
      [{ expectedRestoration: '2026-02-30' }, 'expectedRestoration', 'Use the format YYYY-MM-DD'],
      [{ expectedRestoration: '' }, 'expectedRestoration', 'This field is required'],
      [{ reason: 'Other', remark: '   ' }, 'remark', OFFLINE_REMARK_MESSAGES.remarkRequired],
      [{ reason: 'Sabotage' }, 'reason', 'Choose one of'],
      [{ remark: 'x'.repeat(1001) }, 'remark', 'Must be at most 1000 characters'],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await site.call({
        method: 'POST',
        url: URL,
        payload: remarkBody(device.id, overrides),
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      const details = response.json().error.details as { path: string; message: string }[];
      expect(details, JSON.stringify(overrides)).toEqual([
        expect.objectContaining({ path, message: expect.stringContaining(message) }),
      ]);
    }
    const missing = await site.call({ method: 'POST', url: URL, payload: {} });
    expect((missing.json().error.details as { path: string }[]).map((d) => d.path).sort()).toEqual([
      'deviceId',
      'expectedRestoration',
      'reason',
    ]);
    expect(await storedRemarks(device.id)).toEqual([]);

    const first = await added(
      site,
      remarkBody(device.id, { expectedRestoration: today(), reason: 'Other', remark: 'Flood at site' }),
    );
    expect(first.expectedRestoration).toBe(today());
    await site.call({ method: 'POST', url: `${URL}/${first.id}/resolve` });
    const second = await added(site, remarkBody(device.id, { expectedRestoration: latest, remark: '' }));
    expect(second).toMatchObject({ expectedRestoration: latest, remark: null });
  });

  it('refuses a second open remark on a device, naming the device field, until the first is resolved', async () => {
    const { device } = await industryWithDevice();
    const first = await added(site, remarkBody(device.id));
    const again = await site.call({
      method: 'POST',
      url: URL,
      payload: remarkBody(device.id, { reason: 'Power failure' }),
    });
    expectError(again, 422, 'BUSINESS_RULE');
    expect(again.json().error.details).toEqual([
      expect.objectContaining({ path: 'deviceId', code: 'FIELD_RULE' }),
    ]);
    expect(await storedRemarks(device.id)).toHaveLength(1);

    const resolved = await site.call({ method: 'POST', url: `${URL}/${first.id}/resolve` });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await added(site, remarkBody(device.id, { reason: 'Power failure' }));
  });

  it('lets one of two remarks sent together for a device in, and refuses the other', async () => {
    const { device } = await industryWithDevice();
    const answers = await Promise.all(
      ['Power failure', 'Plant shutdown'].map((reason) =>
        site.call({ method: 'POST', url: URL, payload: remarkBody(device.id, { reason }) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await storedRemarks(device.id)).toHaveLength(1);
  });

  it("answers 404 for a device the caller cannot see or that is deleted, and 403 to a board's user", async () => {
    const { device } = await industryWithDevice();
    const partner = await make.partner();
    const strangers = [
      await clientFor(t, (await make.tenant()).id, 'admin'),
      await clientFor(t, partner.id, 'admin'),
    ];
    for (const stranger of strangers) {
      expectError(
        await stranger.call({ method: 'POST', url: URL, payload: remarkBody(device.id) }),
        404,
        'NOT_FOUND',
      );
    }
    const board = await clientFor(t, (await make.board()).id, 'admin');
    expectError(
      await board.call({ method: 'POST', url: URL, payload: remarkBody(device.id) }),
      403,
      'FORBIDDEN',
    );
    await t.db.update(devices).set({ status: 'DELETED' }).where(eq(devices.id, device.id));
    expectError(
      await site.call({ method: 'POST', url: URL, payload: remarkBody(device.id) }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: URL, payload: remarkBody(device.id) })).statusCode,
    ).toBe(401);
    expect(await storedRemarks(device.id)).toEqual([]);
  });

  it("lets the industry's partner add a remark for its industry's device", async () => {
    const partner = await make.partner();
    const { device } = await industryWithDevice({ partnerId: partner.id });
    const partnerUser = await clientFor(t, partner.id, 'user');
    await added(partnerUser, remarkBody(device.id));
  });

  it('stores nothing when the audit row cannot be written', async () => {
    const { device } = await industryWithDevice();
    const undo = await failAuditWritesOf(t.db, 'offline_remark', 'CREATE');
    try {
      expect((await site.call({ method: 'POST', url: URL, payload: remarkBody(device.id) })).statusCode).toBe(
        500,
      );
    } finally {
      await undo();
    }
    expect(await storedRemarks(device.id)).toEqual([]);
  });
});

describe('POST /api/devices/offline/remarks/{id}/resolve', () => {
  it('marks the data restored now, audits it, and refuses doing it twice', async () => {
    const { tenant, device } = await industryWithDevice();
    const user = await clientFor(t, tenant.id, 'user');
    const remark = await added(user, remarkBody(device.id));
    const before = Date.now();
    const response = await user.call({ method: 'POST', url: `${URL}/${remark.id}/resolve` });
    expect(response.statusCode, response.body).toBe(200);
    const resolved = response.json() as OfflineRemark;
    expect(Date.parse(resolved.resolvedAt!)).toBeGreaterThanOrEqual(before - 5_000);
    const [audit] = await auditRowsFor(t.db, 'offline_remark', remark.id);
    expect(audit).toMatchObject({ action: 'STATUS_CHANGE', tenantId: tenant.id });
    expect(audit!.oldValue).toMatchObject({ resolvedAt: null });
    expect(audit!.newValue).toMatchObject({ resolvedAt: resolved.resolvedAt });

    const again = await user.call({ method: 'POST', url: `${URL}/${remark.id}/resolve` });
    expectError(again, 422, 'BUSINESS_RULE');
  });

  it("answers 404 for another industry's remark and leaves it open", async () => {
    const { device } = await industryWithDevice();
    const remark = await added(site, remarkBody(device.id));
    const stranger = await clientFor(t, (await make.tenant()).id, 'admin');
    expectError(
      await stranger.call({ method: 'POST', url: `${URL}/${remark.id}/resolve` }),
      404,
      'NOT_FOUND',
    );
    expectError(await site.call({ method: 'POST', url: `${URL}/99999999/resolve` }), 404, 'NOT_FOUND');
    expect((await storedRemarks(device.id))[0]!.resolvedAt).toBeNull();
  });

  it('keeps the remark open when the audit row cannot be written', async () => {
    const { device } = await industryWithDevice();
    const remark = await added(site, remarkBody(device.id));
    const undo = await failAuditWrites(t.db, 'STATUS_CHANGE', remark.id);
    try {
      expect((await site.call({ method: 'POST', url: `${URL}/${remark.id}/resolve` })).statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect((await storedRemarks(device.id))[0]!.resolvedAt).toBeNull();
  });
});

describe('GET /api/devices/offline/remarks', () => {
  it('pages the remarks newest first, by industry, device and state, within what the caller sees', async () => {
    const partner = await make.partner();
    const { tenant, device } = await industryWithDevice({ partnerId: partner.id });
    const second = (await deviceFactories(t.db).device(tenant.id, { name: 'Dust Monitor' })).device;
    const other = await industryWithDevice();
    const oldest = await added(site, remarkBody(device.id, { reason: 'Power failure' }));
    await site.call({ method: 'POST', url: `${URL}/${oldest.id}/resolve` });
    const middle = await added(site, remarkBody(second.id, { reason: 'Plant shutdown' }));
    const newest = await added(site, remarkBody(device.id, { reason: 'Communication failure' }));
    await added(site, remarkBody(other.device.id));

    const ids = async (caller: typeof site, query: string) => {
      const response = await caller.call({ method: 'GET', url: `${URL}?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as OfflineRemark[]).map((remark) => remark.id);
    };
    expect(await ids(site, `tenantId=${tenant.id}`)).toEqual([newest.id, middle.id, oldest.id]);
    expect(await ids(site, `tenantId=${tenant.id}&deviceId=${device.id}`)).toEqual([newest.id, oldest.id]);
    expect(await ids(site, `tenantId=${tenant.id}&state=open`)).toEqual([newest.id, middle.id]);
    expect(await ids(site, `tenantId=${tenant.id}&state=resolved`)).toEqual([oldest.id]);

    const paged = await site.call({ method: 'GET', url: `${URL}?tenantId=${tenant.id}&pageSize=2&page=2` });
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 2, total: 3, pageCount: 2 });
    expect(paged.json().items.map((remark: OfflineRemark) => remark.id)).toEqual([oldest.id]);

    // The industry's own user sees its remarks only, with or without naming it.
    const user = await clientFor(t, tenant.id, 'user');
    expect(await ids(user, '')).toEqual([newest.id, middle.id, oldest.id]);
    const partnerUser = await clientFor(t, partner.id, 'user');
    expect(await ids(partnerUser, '')).toEqual([newest.id, middle.id, oldest.id]);
    expectError(
      await user.call({ method: 'GET', url: `${URL}?tenantId=${other.tenant.id}` }),
      404,
      'NOT_FOUND',
    );
    expect(await ids(user, `deviceId=${other.device.id}`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('refuses a bad filter with the field named', async () => {
    const response = await site.call({ method: 'GET', url: `${URL}?state=closed&page=0` });
    expectError(response, 400, 'VALIDATION_FAILED');
  });
});
