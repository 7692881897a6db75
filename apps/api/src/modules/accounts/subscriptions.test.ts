import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE, PLATFORM_ACCOUNT_ID } from '@vayu/domain';
import { accounts, users } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { clientFor, expectError, failAuditWrites } from './partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const plan = (overrides: Record<string, unknown> = {}) => ({
  planCode: ' gold-2026 ',
  paymentMode: true,
  userQuota: 3,
  parameterQuota: 25,
  cameraQuota: 2,
  version: 1,
  ...overrides,
});
const url = (tenantId: number) => `/api/subscription/${tenantId}`;
const accountRow = async (id: number) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;

describe('GET /api/subscription/{tenantId}', () => {
  it('shows plan, payment mode, quotas and the users used (a disabled user still holds a place)', async () => {
    const tenant = await make.tenant();
    await t.db
      .update(accounts)
      .set({ planCode: 'SILVER', paymentMode: true, userQuota: 4 })
      .where(eq(accounts.id, tenant.id));
    await make.user(tenant.id);
    await make.user(tenant.id, 'user');
    const disabled = await make.user(tenant.id, 'user');
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    const response = await site.call({ method: 'GET', url: url(tenant.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tenantId: tenant.id,
      tenantName: tenant.name,
      planCode: 'SILVER',
      paymentMode: true,
      userQuota: 4,
      parameterQuota: 10,
      cameraQuota: 0,
      usersUsed: 3,
      version: 1,
    });
  });

  it("lets a tenant read its own and a partner its tenants'; others get 404", async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const foreign = await make.tenant();
    const own = await clientFor(t, tenant.id, 'user');
    const partnerUser = await clientFor(t, partner.id, 'user');
    expect((await own.call({ method: 'GET', url: url(tenant.id) })).statusCode).toBe(200);
    expectError(await own.call({ method: 'GET', url: url(foreign.id) }), 404, 'NOT_FOUND');
    expect((await partnerUser.call({ method: 'GET', url: url(tenant.id) })).statusCode).toBe(200);
    expectError(await partnerUser.call({ method: 'GET', url: url(foreign.id) }), 404, 'NOT_FOUND');
  });

  it('answers 400 for a bad id, 401 without a session, 403 for a corporate user', async () => {
    const bad = await site.call({ method: 'GET', url: '/api/subscription/abc' });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('params.tenantId');
    const tenant = await make.tenant();
    expectError(await t.app.inject({ method: 'GET', url: url(tenant.id) }), 401, 'UNAUTHENTICATED');
    const { account } = await make.corporate();
    const corporate = await clientFor(t, account.id);
    expectError(await corporate.call({ method: 'GET', url: url(tenant.id) }), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/subscription/{tenantId}', () => {
  it('saves plan and quotas from the current version and audits old and new values', async () => {
    const tenant = await make.tenant();
    const response = await site.call({ method: 'PUT', url: url(tenant.id), payload: plan() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      planCode: 'GOLD-2026',
      paymentMode: true,
      userQuota: 3,
      parameterQuota: 25,
      cameraQuota: 2,
      version: 2,
    });
    expect(await accountRow(tenant.id)).toMatchObject({ planCode: 'GOLD-2026', userQuota: 3, version: 2 });
    const [row] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(row).toMatchObject({
      action: 'SUBSCRIPTION_UPDATE',
      actorUserId: site.user.id,
      tenantId: tenant.id,
      oldValue: { planCode: null, paymentMode: false, userQuota: 5, parameterQuota: 10, cameraQuota: 0 },
      newValue: {
        planCode: 'GOLD-2026',
        paymentMode: true,
        userQuota: 3,
        parameterQuota: 25,
        cameraQuota: 2,
      },
    });
  });

  it('answers 409 on a stale version and changes nothing', async () => {
    const tenant = await make.tenant();
    expect((await site.call({ method: 'PUT', url: url(tenant.id), payload: plan() })).statusCode).toBe(200);
    const stale = await site.call({ method: 'PUT', url: url(tenant.id), payload: plan({ userQuota: 99 }) });
    expectError(stale, 409, 'STALE_VERSION');
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);
    expect(await accountRow(tenant.id)).toMatchObject({ userQuota: 3, version: 2 });
    expect(await auditRowsFor(t.db, 'account', tenant.id)).toHaveLength(1);
  });

  it('refuses invalid values with details, and fields that are not part of a subscription', async () => {
    const tenant = await make.tenant();
    const invalid = await site.call({
      method: 'PUT',
      url: url(tenant.id),
      payload: plan({ planCode: 'bad code!', userQuota: -1, cameraQuota: 'many', version: undefined }),
    });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json().error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['planCode', 'userQuota', 'cameraQuota', 'version']),
    );
    for (const extra of [{ type: 'partner' }, { status: 'DISABLED' }, { partnerId: 3 }]) {
      const response = await site.call({
        method: 'PUT',
        url: url(tenant.id),
        payload: { ...plan(), ...extra },
      });
      expect(response.statusCode, Object.keys(extra)[0]).toBe(400);
      expect(response.json().error.details[0].code).toBe('FIELD_UNKNOWN');
    }
    expect(await accountRow(tenant.id)).toMatchObject({ type: 'tenant', status: 'ENABLED', version: 1 });
  });

  it('takes quotas and the version as numbers (or digits), never as true, a list or an empty text', async () => {
    const tenant = await make.tenant();
    for (const [field, value] of [
      ['userQuota', true],
      ['parameterQuota', []],
      ['cameraQuota', ''],
      ['userQuota', [5]],
      ['cameraQuota', '1e3'],
      ['version', true],
      ['version', 2_147_483_648],
    ] as const) {
      const response = await site.call({
        method: 'PUT',
        url: url(tenant.id),
        payload: plan({ [field]: value }),
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.details[0], `${field}: ${JSON.stringify(value)}`).toMatchObject({
        path: field,
      });
    }
    expect(await accountRow(tenant.id)).toMatchObject({ userQuota: 5, version: 1 });
    // Digits are a number (a multipart form or a query string sends them so).
    const digits = await site.call({ method: 'PUT', url: url(tenant.id), payload: plan({ userQuota: '4' }) });
    expect(digits.statusCode, digits.body).toBe(200);
    expect(digits.json().userQuota).toBe(4);
  });

  it("lets a partner admin change its tenants' subscriptions only", async () => {
    const partner = await make.partner();
    const mine = await make.tenant({ partnerId: partner.id });
    const foreign = await make.tenant();
    const admin = await clientFor(t, partner.id, 'admin');
    const plain = await clientFor(t, partner.id, 'user');
    expect((await admin.call({ method: 'PUT', url: url(mine.id), payload: plan() })).statusCode).toBe(200);
    expectError(await admin.call({ method: 'PUT', url: url(foreign.id), payload: plan() }), 404, 'NOT_FOUND');
    // a partner does not set its own limits
    expectError(await admin.call({ method: 'PUT', url: url(partner.id), payload: plan() }), 403, 'FORBIDDEN');
    expectError(
      await plain.call({ method: 'PUT', url: url(mine.id), payload: plan({ version: 2 }) }),
      403,
      'FORBIDDEN',
    );
  });

  it('is not for tenants: a tenant admin cannot raise its own quotas (403), 401 without a session', async () => {
    const tenant = await make.tenant();
    const admin = await clientFor(t, tenant.id, 'admin');
    expectError(await admin.call({ method: 'PUT', url: url(tenant.id), payload: plan() }), 403, 'FORBIDDEN');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: url(tenant.id),
      headers: CONSOLE_HEADERS,
      payload: plan(),
    });
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    expect((await accountRow(tenant.id)).userQuota).toBe(5);
  });

  it('rolls the change back when its audit row cannot be written', async () => {
    const tenant = await make.tenant();
    const undo = await failAuditWrites(t.db, 'SUBSCRIPTION_UPDATE', tenant.id);
    try {
      expectError(await site.call({ method: 'PUT', url: url(tenant.id), payload: plan() }), 500, 'INTERNAL');
    } finally {
      await undo();
    }
    expect(await accountRow(tenant.id)).toMatchObject({ planCode: null, userQuota: 5, version: 1 });
  });
});
