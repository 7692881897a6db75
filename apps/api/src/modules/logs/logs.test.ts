import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLogRow } from '@vayu/domain';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type Call,
  DAY_MS,
  backdateAuditRows,
  expectError,
  indiaDay,
  makeTenantActivity,
  setUserStatus,
  queryString,
  signedIn,
} from '../audit/audit.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Call;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = (await signedIn(t.app, make, 1, 'admin')).call;
});

const listLogs = (call: Call, query: Record<string, string | number> = {}) =>
  call({
    method: 'GET',
    url: `/api/logs?${queryString(query)}`,
  });
const rowsOf = async (call: Call, query: Record<string, string | number> = {}): Promise<ActivityLogRow[]> => {
  const response = await listLogs(call, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
};

describe('GET /api/logs', () => {
  it("shows a tenant's sign-ins and changes with who did them, newest first", async () => {
    const tenant = await make.tenant();
    const { admin, member } = await makeTenantActivity(t.app, make, tenant.id);
    const response = await listLogs(site, { tenantId: tenant.id });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 3, pageCount: 1 });
    expect(page.items.map((r: ActivityLogRow) => [r.action, r.userName])).toEqual([
      ['STATUS_CHANGE', admin.user.email],
      ['LOGIN', member.user.email],
      ['LOGIN', admin.user.email],
    ]);
    expect(page.items[0]).toMatchObject({
      userId: admin.user.id,
      tenantId: tenant.id,
      tenantName: tenant.name,
      entity: 'user',
      entityId: String(member.user.id),
    });
    expect(page.items[0].ip).toBeTruthy();
  });

  it('filters by user', async () => {
    const tenant = await make.tenant();
    const { admin, member } = await makeTenantActivity(t.app, make, tenant.id);
    const rows = await rowsOf(site, { tenantId: tenant.id, userId: admin.user.id });
    expect(rows.map((r) => r.action)).toEqual(['STATUS_CHANGE', 'LOGIN']);
    expect((await rowsOf(site, { userId: member.user.id })).map((r) => r.action)).toEqual(['LOGIN']);
  });

  it('leaves out entries no person made', async () => {
    const tenant = await make.tenant();
    await recordAudit(
      t.db,
      { userId: null, userName: null, accountId: null, actingTenantId: null, requestId: null, ip: null },
      { entity: 'account', entityId: tenant.id, action: 'UPDATE', tenantId: tenant.id, newValue: { x: 1 } },
    );
    expect(await rowsOf(site, { tenantId: tenant.id })).toEqual([]);
  });

  it('covers the last 7 days by default and any range asked for', async () => {
    const tenant = await make.tenant();
    const { admin } = await makeTenantActivity(t.app, make, tenant.id);
    const [change, ...logins] = await rowsOf(admin.call);
    await backdateAuditRows(t.db, [logins[0]!.id], new Date(Date.now() - 7 * DAY_MS));
    await backdateAuditRows(t.db, [logins[1]!.id], new Date(Date.now() - 40 * DAY_MS));
    expect((await rowsOf(admin.call)).map((r) => r.id)).toEqual([change!.id]);
    expect(
      (await rowsOf(admin.call, { startDate: indiaDay(-40), endDate: indiaDay(-7) })).map((r) => r.id),
    ).toEqual([logins[0]!.id, logins[1]!.id]);
  });

  it('pages by 20 in the database', async () => {
    const tenant = await make.tenant();
    const { admin, member } = await makeTenantActivity(t.app, make, tenant.id);
    for (let i = 0; i < 10; i++) {
      await setUserStatus(admin.call, member.user.id, 'ENABLED');
      await setUserStatus(admin.call, member.user.id, 'DISABLED');
    }
    const first = (await listLogs(admin.call)).json();
    const second = (await listLogs(admin.call, { pageNum: 2 })).json();
    expect(first).toMatchObject({ total: 23, pageCount: 2, page: 1 });
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(3);
    expect(new Set([...first.items, ...second.items].map((r: ActivityLogRow) => r.id)).size).toBe(23);
  });

  it("keeps a tenant admin to its own tenant and shows a partner its tenants' activity", async () => {
    const partner = await make.partner();
    const ours = await make.tenant({ partnerId: partner.id });
    const other = await make.tenant();
    const { admin: oursAdmin } = await makeTenantActivity(t.app, make, ours.id);
    const { admin: otherAdmin } = await makeTenantActivity(t.app, make, other.id);

    expect(new Set((await rowsOf(oursAdmin.call)).map((r) => r.tenantId))).toEqual(new Set([ours.id]));
    expect(await rowsOf(oursAdmin.call, { tenantId: other.id })).toEqual([]);
    expect(await rowsOf(oursAdmin.call, { userId: otherAdmin.user.id })).toEqual([]);

    const { call: partnerCall } = await signedIn(t.app, make, partner.id);
    expect(await rowsOf(partnerCall, { tenantId: ours.id })).toHaveLength(3);
    expect(await rowsOf(partnerCall, { tenantId: other.id })).toEqual([]);
    expect(new Set((await rowsOf(partnerCall)).map((r) => r.tenantId))).toEqual(
      new Set([ours.id, partner.id]),
    );
  });

  it.each([
    [{ startDate: indiaDay(0), endDate: indiaDay(-1) }, 'querystring.endDate'],
    [{ startDate: '2020-01-01', endDate: '2022-01-01' }, 'querystring.endDate'],
    [{ startDate: 'today' }, 'querystring.startDate'],
    [{ endDate: indiaDay(1) }, 'querystring.endDate'],
    [{ userId: 'me' }, 'querystring.userId'],
    [{ pageNum: -1 }, 'querystring.pageNum'],
  ])('refuses %j with 400 naming the field', async (query, path) => {
    const response = await listLogs(site, query);
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details[0].path).toBe(path);
  });

  it('answers 401 without a session and 403 to plain users', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/logs' }), 401, 'UNAUTHENTICATED');
    const tenant = await make.tenant();
    const { call } = await signedIn(t.app, make, tenant.id, 'user');
    expectError(await listLogs(call), 403, 'FORBIDDEN');
  });
});
