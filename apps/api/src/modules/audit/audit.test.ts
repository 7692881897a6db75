import { beforeAll, describe, expect, it } from 'vitest';
import { type AuditLogRow, getZonedDate } from '@vayu/domain';
import { signIn, startTestApp, asUser, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { recordAudit } from './audit.service.js';
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
} from './audit.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Call;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = (await signedIn(t.app, make, 1, 'admin')).call;
});

const listAudit = async (call: Call, query: Record<string, string | number> = {}) => {
  const search = queryString(query);
  return call({ method: 'GET', url: `/api/auditLogs?${search}` });
};
const rowsOf = async (call: Call, query: Record<string, string | number> = {}): Promise<AuditLogRow[]> => {
  const response = await listAudit(call, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
};

describe('GET /api/auditLogs', () => {
  it('lists the activity of the last days with the tenant name, newest first', async () => {
    const tenant = await make.tenant();
    const { admin, member } = await makeTenantActivity(t.app, make, tenant.id);

    const response = await listAudit(admin.call);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 3, pageCount: 1 });
    expect(page.items.map((r: AuditLogRow) => r.action)).toEqual(['STATUS_CHANGE', 'LOGIN', 'LOGIN']);
    expect(page.items[0]).toMatchObject({
      actorUserId: admin.user.id,
      actorUserName: admin.user.email,
      tenantId: tenant.id,
      tenantName: tenant.name,
      actingTenantId: null,
      entity: 'user',
      entityId: String(member.user.id),
    });
    expect(page.items[0].requestId).toBeTruthy();
    expect(page.items[0].ip).toBeTruthy();
    expect(Date.parse(page.items[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // The id is a number and the time is the stored instant as toISOString writes it (milliseconds, UTC).
    const [stored] = await auditRowsFor(t.db, 'user', String(member.user.id));
    expect(page.items[0].id).toBe(stored!.id);
    expect(page.items[0].createdAt).toBe(stored!.createdAt.toISOString());
  });

  it('shows the last 7 calendar days (India) by default and any range asked for', async () => {
    const tenant = await make.tenant();
    const { admin } = await makeTenantActivity(t.app, make, tenant.id);
    const [statusRow] = await auditRowsFor(t.db, 'user', (await rowsOf(admin.call))[0]!.entityId!);
    const logins = (await rowsOf(admin.call)).filter((r) => r.action === 'LOGIN').map((r) => r.id);
    // same time of day, so the India calendar day is exactly 6, 7 and 30 days back
    await backdateAuditRows(t.db, [statusRow!.id], new Date(Date.now() - 6 * DAY_MS));
    await backdateAuditRows(t.db, [logins[0]!], new Date(Date.now() - 7 * DAY_MS));
    await backdateAuditRows(t.db, [logins[1]!], new Date(Date.now() - 30 * DAY_MS));

    expect((await rowsOf(admin.call)).map((r) => r.id)).toEqual([statusRow!.id]);
    expect(
      (await rowsOf(admin.call, { startDate: indiaDay(-7), endDate: indiaDay(-7) })).map((r) => r.id),
    ).toEqual([logins[0]]);
    expect((await rowsOf(admin.call, { startDate: indiaDay(-30) })).map((r) => r.id)).toEqual([
      statusRow!.id,
      logins[0],
      logins[1],
    ]);
    // only an end date: the 7 days up to it
    expect((await rowsOf(admin.call, { endDate: indiaDay(-5) })).map((r) => r.id)).toEqual([
      statusRow!.id,
      logins[0],
    ]);
  });

  it('counts the end date as a whole day in India', async () => {
    const tenant = await make.tenant();
    const admin = await signedIn(t.app, make, tenant.id);
    const [login] = await rowsOf(admin.call);
    // 23:59 India time on 2026-03-10 is 18:29 UTC
    await backdateAuditRows(t.db, [login!.id], new Date('2026-03-10T18:29:00Z'));
    expect(await rowsOf(admin.call, { startDate: '2026-03-10', endDate: '2026-03-10' })).toHaveLength(1);
    expect(await rowsOf(admin.call, { startDate: '2026-03-11', endDate: '2026-03-11' })).toHaveLength(0);
    await backdateAuditRows(t.db, [login!.id], new Date('2026-03-10T18:30:00Z'));
    expect(await rowsOf(admin.call, { startDate: '2026-03-10', endDate: '2026-03-10' })).toHaveLength(0);
    expect(await rowsOf(admin.call, { startDate: '2026-03-11', endDate: '2026-03-11' })).toHaveLength(1);
  });

  it('filters by tenant', async () => {
    const first = await make.tenant();
    const second = await make.tenant();
    await makeTenantActivity(t.app, make, first.id);
    await makeTenantActivity(t.app, make, second.id);
    const rows = await rowsOf(site, { tenantId: second.id });
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.tenantName))).toEqual(new Set([second.name]));
  });

  it('filters by record kind and by action, from the closed lists', async () => {
    const tenant = await make.tenant();
    await makeTenantActivity(t.app, make, tenant.id);
    const changes = await rowsOf(site, { tenantId: tenant.id, action: 'STATUS_CHANGE' });
    expect(changes.map((r) => [r.entity, r.action])).toEqual([['user', 'STATUS_CHANGE']]);
    const sessions = await rowsOf(site, { tenantId: tenant.id, entity: 'session' });
    expect(sessions.map((r) => r.action)).toEqual(['LOGIN', 'LOGIN']);
    expect(await rowsOf(site, { tenantId: tenant.id, entity: 'user', action: 'LOGIN' })).toEqual([]);
    for (const [name, value] of [
      ['entity', 'tenant'],
      ['action', 'login'],
    ]) {
      const response = await listAudit(site, { [name!]: value! });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.details[0].path).toBe(`querystring.${name}`);
    }
  });

  it.each([
    ['action', 'asc'],
    ['action', 'desc'],
    ['entity', 'asc'],
    ['actorUserName', 'asc'],
    ['actorUserName', 'desc'],
    ['createdAt', 'asc'],
  ] as const)('sorts by %s %s with a stable tiebreak on id', async (sort, order) => {
    const tenant = await make.tenant();
    const { admin, member } = await makeTenantActivity(t.app, make, tenant.id);
    await setUserStatus(admin.call, member.user.id, 'ENABLED');
    const rows = await rowsOf(admin.call, { sort, order });
    expect(rows).toHaveLength(4);
    const direction = order === 'asc' ? 1 : -1;
    const expected = [...rows].sort((a, b) => {
      const byField = String(a[sort]).localeCompare(String(b[sort]), 'en');
      return direction * (byField === 0 ? a.id - b.id : byField);
    });
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('sorts by tenant name across tenants', async () => {
    const partner = await make.partner();
    const [a, b] = [
      await make.tenant({ partnerId: partner.id }),
      await make.tenant({ partnerId: partner.id }),
    ];
    await signedIn(t.app, make, a.id);
    await signedIn(t.app, make, b.id);
    const { call } = await signedIn(t.app, make, partner.id);
    const names = (await rowsOf(call, { sort: 'tenantName', order: 'asc' })).map((r) => r.tenantName);
    expect(names).toEqual([...names].sort((x, y) => x!.localeCompare(y!, 'en')));
    expect(new Set(names)).toEqual(new Set([a.name, b.name, partner.name]));
  });

  it('pages by 20 without gaps or repeats', async () => {
    const tenant = await make.tenant();
    const { admin, member } = await makeTenantActivity(t.app, make, tenant.id);
    for (let i = 0; i < 11; i++) {
      await setUserStatus(admin.call, member.user.id, 'ENABLED');
      await setUserStatus(admin.call, member.user.id, 'DISABLED');
    }
    const first = (await listAudit(admin.call)).json();
    const second = (await listAudit(admin.call, { pageNum: 2 })).json();
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 25, pageCount: 2 });
    expect(second).toMatchObject({ page: 2, total: 25, pageCount: 2 });
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(5);
    const ids = [...first.items, ...second.items].map((r: AuditLogRow) => r.id);
    expect(new Set(ids).size).toBe(25);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect((await listAudit(admin.call, { pageNum: 3 })).json().items).toEqual([]);
  });

  it.each([
    [{ startDate: '2026-03-10', endDate: '2026-03-09' }, 'querystring.endDate', /before the start/],
    [{ startDate: '2024-01-01', endDate: '2025-01-01' }, 'querystring.endDate', /366 days/],
    [{ startDate: '2026-02-30' }, 'querystring.startDate', /YYYY-MM-DD/],
    [{ endDate: '10-03-2026' }, 'querystring.endDate', /YYYY-MM-DD/],
    [{ pageNum: 0 }, 'querystring.pageNum', /./],
    [{ sort: 'password' }, 'querystring.sort', /./],
  ])('refuses %j with 400 naming the field', async (query, path, message) => {
    const response = await listAudit(site, query);
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.details[0]).toMatchObject({ path, message: expect.stringMatching(message) });
  });

  it('refuses a date after today in India with 400 naming the field, and accepts today', async () => {
    expect((await listAudit(site, { startDate: indiaDay(0), endDate: indiaDay(0) })).statusCode).toBe(200);
    for (const [name, query] of [
      ['startDate', { startDate: indiaDay(1) }],
      ['endDate', { endDate: indiaDay(1) }],
      ['endDate', { startDate: indiaDay(-3), endDate: indiaDay(30) }],
    ] as const) {
      const response = await listAudit(site, query);
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.details).toEqual([
        expect.objectContaining({ path: `querystring.${name}`, message: 'The date must not be after today' }),
      ]);
    }
  });

  it('accepts a range of exactly 366 days', async () => {
    expect((await listAudit(site, { startDate: '2024-01-01', endDate: '2024-12-31' })).statusCode).toBe(200);
  });

  it('answers 401 without a session and 403 to plain users and statutory accounts', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/auditLogs' }), 401, 'UNAUTHENTICATED');
    const tenant = await make.tenant();
    const { call: plainUser } = await signedIn(t.app, make, tenant.id, 'user');
    expectError(await listAudit(plainUser), 403, 'FORBIDDEN');
    const { call: board } = await signedIn(t.app, make, (await make.board()).id);
    expectError(await listAudit(board), 403, 'FORBIDDEN');
  });

  it("never shows a tenant admin another tenant's rows, even when asked for them", async () => {
    const mine = await make.tenant();
    const theirs = await make.tenant();
    const { admin } = await makeTenantActivity(t.app, make, mine.id);
    await makeTenantActivity(t.app, make, theirs.id);
    const rows = await rowsOf(admin.call, { startDate: indiaDay(-30) });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([mine.id]));
    expect(await rowsOf(admin.call, { tenantId: theirs.id })).toEqual([]);
  });

  it("shows a partner its tenants' rows and its own, but not other tenants'", async () => {
    const partner = await make.partner();
    const ours = await make.tenant({ partnerId: partner.id });
    const foreign = await make.tenant({ partnerId: (await make.partner()).id });
    const independent = await make.tenant();
    await makeTenantActivity(t.app, make, ours.id);
    await makeTenantActivity(t.app, make, foreign.id);
    await makeTenantActivity(t.app, make, independent.id);
    const { call } = await signedIn(t.app, make, partner.id);

    const tenants = new Set((await rowsOf(call)).map((r) => r.tenantId));
    expect(tenants).toEqual(new Set([ours.id, partner.id]));
    expect(await rowsOf(call, { tenantId: ours.id })).toHaveLength(3);
    expect(await rowsOf(call, { tenantId: foreign.id })).toEqual([]);
  });

  it('limits a site user acting for a tenant (manage mode) to that tenant', async () => {
    const tenant = await make.tenant();
    await makeTenantActivity(t.app, make, tenant.id);
    await makeTenantActivity(t.app, make, (await make.tenant()).id);
    const siteUser = await make.siteUser();
    const managing = asUser(t.app, await signIn(t.app, siteUser.email, siteUser.password), {
      'x-tenant-id': String(tenant.id),
    });
    const rows = await rowsOf(managing);
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([tenant.id]));
  });
});

describe('GET /api/auditDetails/{id}', () => {
  it('returns old and new values with the changed fields', async () => {
    const tenant = await make.tenant();
    const { admin, member } = await makeTenantActivity(t.app, make, tenant.id);
    const [row] = await auditRowsFor(t.db, 'user', member.user.id);

    const response = await admin.call({ method: 'GET', url: `/api/auditDetails/${row!.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: row!.id,
      action: 'STATUS_CHANGE',
      entity: 'user',
      entityId: String(member.user.id),
      tenantId: tenant.id,
      tenantName: tenant.name,
      actorUserName: admin.user.email,
      oldValue: { status: 'ENABLED' },
      newValue: { status: 'DISABLED' },
      changedFields: ['status'],
    });
  });

  it('holds no secrets for a password change', async () => {
    const tenant = await make.tenant();
    const { user, call } = await signedIn(t.app, make, tenant.id);
    const changed = await call({
      method: 'POST',
      url: `/api/users/${user.id}/password/update`,
      payload: { password: 'N3w#Passw0rd', currentPassword: user.password },
    });
    expect(changed.statusCode).toBe(204);
    const [row] = await auditRowsFor(t.db, 'user', user.id);
    const detail = (await call({ method: 'GET', url: `/api/auditDetails/${row!.id}` })).json();
    expect(detail).toMatchObject({ action: 'PASSWORD_CHANGE', oldValue: null, changedFields: ['(value)'] });
    expect(JSON.stringify(detail)).not.toContain('N3w#Passw0rd');
  });

  it("answers 404 for another tenant's entry and for one that does not exist", async () => {
    const mine = await make.tenant();
    const theirs = await make.tenant();
    const admin = await signedIn(t.app, make, mine.id);
    const { member } = await makeTenantActivity(t.app, make, theirs.id);
    const [row] = await auditRowsFor(t.db, 'user', member.user.id);
    expectError(await admin.call({ method: 'GET', url: `/api/auditDetails/${row!.id}` }), 404, 'NOT_FOUND');
    expect((await site({ method: 'GET', url: `/api/auditDetails/${row!.id}` })).statusCode).toBe(200);
    const missing = await site({ method: 'GET', url: '/api/auditDetails/999999999' });
    expectError(missing, 404, 'NOT_FOUND');
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('answers 400 for an id that is not a number and 401 without a session', async () => {
    const response = await site({ method: 'GET', url: '/api/auditDetails/abc' });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details[0].path).toBe('params.id');
    expectError(await t.app.inject({ method: 'GET', url: '/api/auditDetails/1' }), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /api/auditLog (document view)', () => {
  const search = (call: Call, query: Record<string, string | number>) =>
    call({
      method: 'GET',
      url: `/api/auditLog?${queryString(query)}`,
    });

  it('finds entries by newValue.status = DISABLED (JSON containment) as whole documents', async () => {
    const tenant = await make.tenant();
    const { admin, member } = await makeTenantActivity(t.app, make, tenant.id);
    const response = await search(site, { field: 'newValue.status', value: 'DISABLED', q: tenant.name });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.total).toBeGreaterThanOrEqual(1);
    for (const item of page.items) expect(item.document.newValue.status).toBe('DISABLED');
    const mine = page.items.find(
      (i: { document: { entityId: string } }) => i.document.entityId === String(member.user.id),
    );
    expect(mine.document).toMatchObject({
      id: mine.id,
      entity: 'user',
      action: 'STATUS_CHANGE',
      actor: {
        userId: admin.user.id,
        userName: admin.user.email,
        accountId: tenant.id,
        actingTenantId: null,
      },
      tenant: { id: tenant.id, name: tenant.name },
      oldValue: { status: 'ENABLED' },
      newValue: { status: 'DISABLED' },
    });
    expect(mine.document.requestId).toBeTruthy();
    expect(mine.document.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const enabled = await search(site, { field: 'newValue.status', value: 'ENABLED', q: tenant.name });
    expect(enabled.json().items).toEqual([]);
  });

  it('finds entries by action and by other columns, newest first', async () => {
    const tenant = await make.tenant();
    const { user, call } = await signedIn(t.app, make, tenant.id);
    await call({
      method: 'POST',
      url: `/api/users/${user.id}/password/update`,
      payload: { password: 'N3w#Passw0rd', currentPassword: user.password },
    });
    const byAction = (await search(site, { field: 'action', value: 'password_change' })).json();
    expect(byAction.items.length).toBeGreaterThan(0);
    for (const item of byAction.items) expect(item.document.action).toBe('PASSWORD_CHANGE');
    expect(byAction.items.map((i: { id: number }) => i.id)).toEqual(
      [...byAction.items.map((i: { id: number }) => i.id)].sort((a, b) => b - a),
    );

    const byTenant = (await search(site, { field: 'tenant.id', value: tenant.id })).json();
    expect(byTenant.items.map((i: { document: { action: string } }) => i.document.action)).toEqual([
      'PASSWORD_CHANGE',
      'LOGIN',
    ]);
    expect((await search(site, { field: 'tenantId', value: tenant.id })).json().total).toBe(2);
    expect(
      (await search(site, { field: 'actor.userName', value: user.email.toUpperCase() })).json().total,
    ).toBe(2);
    expect(
      (await search(site, { field: 'createdAt', value: getZonedDate(new Date()), q: user.email })).json()
        .total,
    ).toBe(2);
  });

  it('matches nested paths, array elements, booleans and numbers as well as their text', async () => {
    const tenant = await make.tenant();
    const marker = `plan-${tenant.id}`;
    // A richer value than the current endpoints write, through the writer every service uses.
    await recordAudit(
      t.db,
      { userId: null, userName: null, accountId: 1, actingTenantId: null, requestId: 'req-x', ip: null },
      {
        entity: 'subscription',
        entityId: tenant.id,
        action: 'UPDATE',
        tenantId: tenant.id,
        oldValue: { plan: { code: marker, users: 5 }, paymentMode: false, tags: ['a'] },
        newValue: { plan: { code: marker, users: 10 }, paymentMode: true, tags: ['a', 'b'], note: '42' },
      },
    );
    const total = async (field: string, value: string) =>
      (await search(site, { field, value, q: marker })).json().total;
    expect(await total('newValue.plan.users', '10')).toBe(1);
    expect(await total('oldValue.plan.users', '5')).toBe(1);
    expect(await total('newValue.plan.users', '5')).toBe(0);
    expect(await total('newValue.paymentMode', 'true')).toBe(1);
    expect(await total('newValue.paymentMode', 'false')).toBe(0);
    expect(await total('oldValue.paymentMode', 'false')).toBe(1);
    expect(await total('newValue.note', '42')).toBe(1);
    expect(await total('newValue.tags.0', 'b')).toBe(1);
    expect(await total('oldValue.tags.0', 'b')).toBe(0);
    expect(await total('newValue.plan.code', marker)).toBe(1);

    const [detail] = (await search(site, { field: 'newValue.plan.code', value: marker })).json().items;
    const changed = (await site({ method: 'GET', url: `/api/auditDetails/${detail.id}` })).json()
      .changedFields;
    expect(changed).toEqual(['note', 'paymentMode', 'plan.users', 'tags.1']);
  });

  it('searches the whole document text with q', async () => {
    const tenant = await make.tenant();
    await makeTenantActivity(t.app, make, tenant.id);
    const page = (await search(site, { q: tenant.name.toLowerCase() })).json();
    expect(page.total).toBe(3);
    expect(page.pageSize).toBe(20);
  });

  it('bounds a free-text search to 90 days unless a field is given', async () => {
    const tenant = await make.tenant();
    const admin = await signedIn(t.app, make, tenant.id);
    const [login] = await rowsOf(admin.call);
    await backdateAuditRows(t.db, [login!.id], new Date(Date.now() - 120 * DAY_MS));
    expect((await search(site, { q: admin.user.email })).json().total).toBe(0);
    expect(
      (await search(site, { field: 'tenant.id', value: tenant.id, q: admin.user.email })).json().total,
    ).toBe(1);
  });

  it('pages by 20', async () => {
    const tenant = await make.tenant();
    const { admin, member } = await makeTenantActivity(t.app, make, tenant.id);
    for (let i = 0; i < 10; i++) {
      await setUserStatus(admin.call, member.user.id, 'ENABLED');
      await setUserStatus(admin.call, member.user.id, 'DISABLED');
    }
    const second = (await search(site, { field: 'tenant.id', value: tenant.id, page: 2 })).json();
    expect(second).toMatchObject({ page: 2, pageSize: 20, total: 23, pageCount: 2 });
    expect(second.items).toHaveLength(3);
  });

  it.each([
    [{ field: 'password', value: 'x' }, 'querystring.field'],
    [{ field: 'newValue', value: 'x' }, 'querystring.field'],
    [{ field: 'newValue.status' }, 'querystring.value'],
    [{ value: 'DISABLED' }, 'querystring.field'],
    [{ field: 'tenant.id', value: 'abc' }, 'querystring.value'],
    [{ field: 'id', value: '1.5' }, 'querystring.value'],
    [{ field: 'tenant.id', value: '99999999999' }, 'querystring.value'],
    [{ field: 'createdAt', value: 'yesterday' }, 'querystring.value'],
    [{ field: "newValue.status'); drop table audit_logs; --", value: 'x' }, 'querystring.field'],
    [{ field: 'entity', value: 'tenant' }, 'querystring.value'],
    [{ field: 'action', value: 'LOGGED_IN' }, 'querystring.value'],
  ])('refuses %j with 400 naming the field', async (query, path) => {
    const response = await search(site, query);
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details[0].path).toBe(path);
  });

  it('keeps quotes and JSON syntax in a value as plain data', async () => {
    const response = await search(site, { field: 'newValue.status', value: '"}, "x": {"' });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([]);
  });

  it('is for site users only', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/auditLog' }), 401, 'UNAUTHENTICATED');
    const tenant = await make.tenant();
    const { call } = await signedIn(t.app, make, tenant.id);
    expectError(await search(call, {}), 403, 'FORBIDDEN');
    const partner = await make.partner();
    expectError(await search((await signedIn(t.app, make, partner.id)).call, {}), 403, 'FORBIDDEN');
  });
});
