import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, signIn, startTestApp, type TestContext } from '../test/harness.js';
import { auditRowsFor, factories } from '../test/factories.js';
import { and, inArray } from 'drizzle-orm';
import { PLATFORM_ACCOUNT_ID } from '@vayu/domain';
import { accounts } from '../db/schema/index.js';
import type { Principal } from './principal.js';
import { canChangeAccount, changeableAccountsCondition } from './scope.js';

/** The parts of a principal that the rules below do not read. */
const principalBase = {
  userId: 1,
  userName: 'rules@test.example',
  name: 'Rules',
  accountType: 'tenant',
  partnerId: -1,
  selectedCorporateId: null,
  module: 'enviro',
  sessionId: 1,
} as const;

let t: TestContext;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
});

async function clientFor(
  accountId: number,
  role: 'admin' | 'user' = 'admin',
  headers: Record<string, string> = {},
) {
  const user = await make.user(accountId, role);
  return { user, call: asUser(t.app, await signIn(t.app, user.email, user.password), headers) };
}

const summary = async (call: Awaited<ReturnType<typeof clientFor>>['call']) =>
  (await call({ method: 'GET', url: '/api/home/summary' })).json();

describe('visibility by user type', () => {
  it('a partner sees only its own tenants and users', async () => {
    const partner = await make.partner();
    const otherPartner = await make.partner();
    await make.tenant({ partnerId: partner.id });
    const disabled = await make.tenant({ partnerId: partner.id, status: 'DISABLED' });
    await make.user(disabled.id);
    const foreign = await make.tenant({ partnerId: otherPartner.id });
    await make.user(foreign.id);
    const { call } = await clientFor(partner.id);
    expect(await summary(call)).toEqual({
      tenants: { total: 2, enabled: 1, disabled: 1 },
      partners: 1,
      users: 2,
    });
  });

  it('a tenant user sees only its own account', async () => {
    const tenant = await make.tenant();
    await make.tenant();
    const { call } = await clientFor(tenant.id, 'user');
    expect(await summary(call)).toEqual({
      tenants: { total: 1, enabled: 1, disabled: 0 },
      partners: 0,
      users: 1,
    });
  });

  it("a corporate user sees its corporate's plants", async () => {
    const { corporate, account } = await make.corporate();
    await make.tenant({ corporateId: corporate.id });
    await make.tenant({ corporateId: corporate.id });
    await make.tenant();
    const { call } = await clientFor(account.id);
    expect((await summary(call)).tenants.total).toBe(2);
  });

  it('a statutory user sees the tenants mapped to its board', async () => {
    const board = await make.board();
    const mapped = await make.tenant();
    await make.tenant();
    await make.mapToBoard(board.id, mapped.id);
    const { call } = await clientFor(board.id);
    expect((await summary(call)).tenants.total).toBe(1);
  });

  it('a site user sees every tenant', async () => {
    const { call } = await clientFor(1);
    const before = (await summary(call)).tenants.total;
    await make.tenant();
    expect((await summary(call)).tenants.total).toBe(before + 1);
  });
});

describe('authorization table', () => {
  it('lists partners for site users only (403 for others)', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const site = await clientFor(1, 'user');
    const list = await site.call({ method: 'GET', url: '/api/partners' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: partner.id, tenantCount: 1 })]),
    );

    const asPartner = await clientFor(partner.id);
    expect((await asPartner.call({ method: 'GET', url: '/api/partners' })).statusCode).toBe(403);
    const asTenant = await clientFor(tenant.id);
    expect((await asTenant.call({ method: 'GET', url: '/api/partners' })).statusCode).toBe(403);
  });

  it('filters partners by status', async () => {
    const disabled = await make.partner({ status: 'DISABLED' });
    const site = await clientFor(1);
    const enabledOnly = (await site.call({ method: 'GET', url: '/api/partners?status=ENABLED' })).json();
    expect(enabledOnly.map((p: { id: number }) => p.id)).not.toContain(disabled.id);
    const disabledOnly = (await site.call({ method: 'GET', url: '/api/partners?status=DISABLED' })).json();
    expect(disabledOnly.map((p: { id: number }) => p.id)).toContain(disabled.id);
    expect((await site.call({ method: 'GET', url: '/api/partners?status=MAYBE' })).statusCode).toBe(400);
  });
});

describe('X-Tenant-Id (manage mode)', () => {
  it("refuses a forged X-Tenant-Id naming another partner's tenant", async () => {
    const partner = await make.partner();
    const foreign = await make.tenant({ partnerId: (await make.partner()).id });
    const { call } = await clientFor(partner.id, 'admin', { 'x-tenant-id': String(foreign.id) });
    const response = await call({ method: 'GET', url: '/api/home/summary' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('You may not act for this tenant.');
  });

  it('refuses a tenant user naming another tenant', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    const { call } = await clientFor(tenant.id, 'admin', { 'x-tenant-id': String(other.id) });
    expect((await call({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(403);
  });

  it('accepts a partner acting for its own tenant, and a site user for any tenant', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const asPartner = await clientFor(partner.id, 'admin', { 'x-tenant-id': String(tenant.id) });
    expect((await asPartner.call({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(200);
    const asSite = await clientFor(1, 'admin', { 'x-tenant-id': String(tenant.id) });
    expect((await asSite.call({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(200);
  });

  it('refuses a malformed id header with 400', async () => {
    const { call } = await clientFor(1, 'admin', { 'x-tenant-id': '1 OR 1=1' });
    expect((await call({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(400);
  });

  it('records the acting-for tenant in the audit trail', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const tenantUser = await make.user(tenant.id, 'user');
    const { call } = await clientFor(partner.id, 'admin', {
      'x-tenant-id': String(tenant.id),
      'x-request-id': 'acting-for-audit-1',
    });
    const response = await call({
      method: 'PATCH',
      url: `/api/users/${tenantUser.id}`,
      payload: [{ op: 'replace', att: 'status', value: 'DISABLED' }],
    });
    expect(response.statusCode).toBe(200);
    const [row] = await auditRowsFor(t.db, 'user', tenantUser.id);
    expect(row).toMatchObject({
      actingTenantId: tenant.id,
      tenantId: tenant.id,
      requestId: 'acting-for-audit-1',
      ip: '127.0.0.1',
    });
  });
});

describe('who may change an account', () => {
  it('says the same in SQL (one-statement changes) as in code, for every kind of user and account', async () => {
    const partner = await make.partner();
    const otherPartner = await make.partner();
    const { corporate, account: corporateAccount } = await make.corporate();
    const board = await make.board();
    const own = await make.tenant({ partnerId: partner.id, corporateId: corporate.id });
    const foreign = await make.tenant({ partnerId: otherPartner.id });
    await make.mapToBoard(board.id, own.id);
    const accountIds = [
      PLATFORM_ACCOUNT_ID,
      partner.id,
      otherPartner.id,
      own.id,
      foreign.id,
      corporateAccount.id,
      board.id,
    ];
    const rows = await t.db
      .select({ id: accounts.id, type: accounts.type, partnerId: accounts.partnerId })
      .from(accounts)
      .where(inArray(accounts.id, accountIds));
    const principals: Principal[] = [];
    for (const [userType, accountId] of [
      ['site', PLATFORM_ACCOUNT_ID],
      ['partner', partner.id],
      ['tenant', own.id],
      ['corporate', corporateAccount.id],
      ['statutory', board.id],
    ] as const) {
      for (const role of ['admin', 'user'] as const) {
        principals.push({
          ...principalBase,
          userType,
          role,
          accountId,
          corporateId: null,
          actingTenantId: null,
        });
      }
    }
    for (const principal of principals) {
      const inSql = await t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(inArray(accounts.id, accountIds), changeableAccountsCondition(principal)));
      const inCode = rows.filter((row) => canChangeAccount(principal, row)).map((row) => row.id);
      expect(inSql.map((row) => row.id).sort(), `${principal.userType} ${principal.role}`).toEqual(
        inCode.sort(),
      );
    }
    // The matrix is not empty either way: a partner admin may change its own tenant, not another's.
    const partnerAdmin = principals.find((p) => p.userType === 'partner' && p.role === 'admin')!;
    expect(
      canChangeAccount(
        partnerAdmin,
        rows.find((row) => row.id === own.id)!,
      ),
    ).toBe(true);
    expect(
      canChangeAccount(
        partnerAdmin,
        rows.find((row) => row.id === foreign.id)!,
      ),
    ).toBe(false);
  });

  it('lets a partner admin acting for its tenant change the working status, recorded with who and for whom', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const { call, user } = await clientFor(partner.id, 'admin', {
      'x-tenant-id': String(tenant.id),
      'x-request-id': 'working-status-audit-1',
    });
    const response = await call({
      method: 'POST',
      url: '/api/changeWorkingStatus',
      payload: { tenantId: tenant.id, workingStatus: 'Shutdown', remark: 'Annual maintenance' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: tenant.id,
      workingStatus: 'Shutdown',
      version: tenant.version + 1,
    });
    const [row] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(row).toMatchObject({
      action: 'WORKING_STATUS_CHANGE',
      entityId: String(tenant.id),
      actorUserId: user.id,
      actorUserName: user.email,
      actorAccountId: partner.id,
      actingTenantId: tenant.id,
      tenantId: tenant.id,
      requestId: 'working-status-audit-1',
      ip: '127.0.0.1',
      oldValue: { workingStatus: 'ON' },
      newValue: { workingStatus: 'Shutdown', remark: 'Annual maintenance' },
    });
  });
});
