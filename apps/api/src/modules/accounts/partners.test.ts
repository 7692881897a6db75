import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONFLICT_MESSAGE,
  MIGRATE_PARTNER_SUCCESS,
  PARTNER_EXISTS_MESSAGE,
  PLATFORM_ACCOUNT_ID,
} from '@vayu/domain';
import { accounts, partnerRequests, users } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { MIGRATE_REASONS } from './partners.service.js';
import { clientFor, expectError, failAuditWrites } from './partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const partnerForm = (overrides: Record<string, unknown> = {}) => ({
  name: '  Green Partners  ',
  contactEmail: 'Ops@Green.example',
  contactNo: '+91 98200 12345',
  address: '12 MG Road',
  city: 'Pune',
  stateCode: 'MH',
  countryCode: 'in',
  zip: '411001',
  gstin: '',
  ...overrides,
});

const accountRow = async (id: number) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
const anonymous = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: CONSOLE_HEADERS, ...(payload === undefined ? {} : { payload }) });

describe('GET /api/partners', () => {
  it('filters by status and searches name, e-mail and city', async () => {
    const tag = `zq${Date.now()}`;
    const byName = await make.partner();
    await t.db
      .update(accounts)
      .set({ name: `${tag} Alpha` })
      .where(eq(accounts.id, byName.id));
    const byEmail = await make.partner({ status: 'DISABLED' });
    await t.db
      .update(accounts)
      .set({ contactEmail: `desk@${tag}.example` })
      .where(eq(accounts.id, byEmail.id));
    const byCity = await make.partner();
    await t.db
      .update(accounts)
      .set({ city: `${tag}pur` })
      .where(eq(accounts.id, byCity.id));

    const all = await site.call({ method: 'GET', url: `/api/partners?search=${tag.toUpperCase()}` });
    expect(all.statusCode).toBe(200);
    const ids = (response: { json(): { id: number }[] }) =>
      response
        .json()
        .map((p) => p.id)
        .sort((a, b) => a - b);
    expect(ids(all)).toEqual([byName.id, byEmail.id, byCity.id]);

    const enabled = await site.call({ method: 'GET', url: `/api/partners?status=ENABLED&search=${tag}` });
    expect(ids(enabled)).toEqual([byName.id, byCity.id]);
  });

  it('takes % and _ in the search literally', async () => {
    const response = await site.call({ method: 'GET', url: '/api/partners?search=%25' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 400 with field details for an unknown status, 401 without a session, 403 to tenants', async () => {
    const response = await site.call({ method: 'GET', url: '/api/partners?status=MAYBE' });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details[0].path).toBe('querystring.status');
    expectError(await anonymous('GET', '/api/partners'), 401, 'UNAUTHENTICATED');
    const tenant = await make.tenant();
    const { call } = await clientFor(t, tenant.id);
    expectError(await call({ method: 'GET', url: '/api/partners' }), 403, 'FORBIDDEN');
  });
});

describe('GET /api/partners/{id}', () => {
  it('gives a site user the detail with version and tenant count', async () => {
    const partner = await make.partner();
    await make.tenant({ partnerId: partner.id });
    await make.tenant({ partnerId: partner.id, status: 'DELETED' });
    const response = await site.call({ method: 'GET', url: `/api/partners/${partner.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: partner.id,
      name: partner.name,
      status: 'ENABLED',
      tenantCount: 1,
      countryCode: 'IN',
      version: 1,
    });
  });

  it('lets a partner user read its own partner only (404 for another, and for a tenant id)', async () => {
    const mine = await make.partner();
    const other = await make.partner();
    const myTenant = await make.tenant({ partnerId: mine.id });
    const { call } = await clientFor(t, mine.id, 'user');
    expect((await call({ method: 'GET', url: `/api/partners/${mine.id}` })).statusCode).toBe(200);
    expectError(await call({ method: 'GET', url: `/api/partners/${other.id}` }), 404, 'NOT_FOUND');
    expectError(await call({ method: 'GET', url: `/api/partners/${myTenant.id}` }), 404, 'NOT_FOUND');
  });

  it('answers 400 for an id that is not a number and 401 without a session', async () => {
    const response = await site.call({ method: 'GET', url: '/api/partners/abc' });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details[0].path).toBe('params.id');
    expectError(await anonymous('GET', '/api/partners/1'), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/partners', () => {
  it('creates an enabled partner account from trimmed fields and audits it', async () => {
    const response = await site.call({ method: 'POST', url: '/api/partners', payload: partnerForm() });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Green Partners',
      contactEmail: 'ops@green.example',
      contactNo: '919820012345',
      status: 'ENABLED',
      countryCode: 'IN',
      gstin: null,
      tenantCount: 0,
      version: 1,
    });
    expect(await accountRow(created.id)).toMatchObject({
      type: 'partner',
      partnerId: null,
      status: 'ENABLED',
    });
    const [row] = await auditRowsFor(t.db, 'account', created.id);
    expect(row).toMatchObject({
      action: 'CREATE',
      actorUserId: site.user.id,
      tenantId: created.id,
      oldValue: null,
      newValue: { name: 'Green Partners', contactEmail: 'ops@green.example', status: 'ENABLED' },
    });
  });

  it('refuses invalid fields with details', async () => {
    const response = await site.call({
      method: 'POST',
      url: '/api/partners',
      payload: partnerForm({ name: '   ', contactEmail: 'not-an-email', gstin: '27AAAAA0000A1Z0' }),
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = response.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'contactEmail', 'gstin']));
  });

  it.each([['type'], ['status'], ['partnerId'], ['version']])(
    'refuses %s in the body (no mass assignment)',
    async (field) => {
      const name = `Sneaky ${field} ${Date.now()}`;
      const response = await site.call({
        method: 'POST',
        url: '/api/partners',
        payload: partnerForm({
          name,
          [field]: field === 'type' ? 'site' : field === 'status' ? 'DISABLED' : 1,
        }),
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(await t.db.select().from(accounts).where(eq(accounts.name, name))).toHaveLength(0);
    },
  );

  it('refuses a name another partner has, whatever its case, with 409 on the name field', async () => {
    const name = `Vasundhara Enviro ${Date.now()}`;
    const first = await site.call({ method: 'POST', url: '/api/partners', payload: partnerForm({ name }) });
    expect(first.statusCode).toBe(201);
    const again = await site.call({
      method: 'POST',
      url: '/api/partners',
      payload: partnerForm({ name: `  ${name.toUpperCase()} ` }),
    });
    expectError(again, 409, 'PARTNER_EXISTS');
    expect(again.json().error.message).toBe(PARTNER_EXISTS_MESSAGE);
    expect(again.json().error.details).toEqual([
      expect.objectContaining({ path: 'name', code: 'FIELD_TAKEN' }),
    ]);
    const rows = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(sql`lower(${accounts.name}) = ${name.toLowerCase()}`);
    expect(rows).toEqual([{ id: first.json().id }]);
  });

  it('creates one partner when ten creates of one name come together; the others get 409', async () => {
    const name = `Sahyadri Monitoring ${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        site.call({ method: 'POST', url: '/api/partners', payload: partnerForm({ name }) }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    const rows = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
    expect(rows).toHaveLength(1);
    expect(await auditRowsFor(t.db, 'account', rows[0]!.id)).toHaveLength(1);
  });

  it('lets a name be used again once its partner is deleted', async () => {
    const name = `Narmada Analytics ${Date.now()}`;
    const first = await site.call({ method: 'POST', url: '/api/partners', payload: partnerForm({ name }) });
    await t.db.update(accounts).set({ status: 'DELETED' }).where(eq(accounts.id, first.json().id));
    const second = await site.call({ method: 'POST', url: '/api/partners', payload: partnerForm({ name }) });
    expect(second.statusCode).toBe(201);
  });

  it('is for site users: 403 for a partner admin, 401 without a session', async () => {
    const partner = await make.partner();
    const { call } = await clientFor(t, partner.id, 'admin');
    expect((await call({ method: 'POST', url: '/api/partners', payload: partnerForm() })).statusCode).toBe(
      403,
    );
    expectError(await anonymous('POST', '/api/partners', partnerForm()), 401, 'UNAUTHENTICATED');
  });
});

describe('PUT /api/partners/{id}', () => {
  const put = (call: typeof site.call, id: number, payload: object) =>
    call({ method: 'PUT', url: `/api/partners/${id}`, payload });

  it('saves from the current version, bumps it and audits old and new values', async () => {
    const partner = await make.partner();
    const response = await put(site.call, partner.id, partnerForm({ name: 'Renamed Partner', version: 1 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed Partner', city: 'Pune', version: 2 });
    const [row] = await auditRowsFor(t.db, 'account', partner.id);
    expect(row).toMatchObject({
      action: 'UPDATE',
      tenantId: partner.id,
      oldValue: { name: partner.name, city: null },
      newValue: { name: 'Renamed Partner', city: 'Pune' },
    });
  });

  it('refuses renaming to the name of another partner (409) and keeps its own name on a save', async () => {
    const taken = await make.partner();
    const partner = await make.partner();
    const clash = await put(
      site.call,
      partner.id,
      partnerForm({ name: taken.name.toLowerCase(), version: 1 }),
    );
    expectError(clash, 409, 'PARTNER_EXISTS');
    expect((await accountRow(partner.id)).name).toBe(partner.name);
    expect(await auditRowsFor(t.db, 'account', partner.id)).toHaveLength(0);
    const same = await put(
      site.call,
      partner.id,
      partnerForm({ name: partner.name.toUpperCase(), version: 1 }),
    );
    expect(same.statusCode).toBe(200);
  });

  it('answers 409 on a stale version and changes nothing', async () => {
    const partner = await make.partner();
    expect((await put(site.call, partner.id, partnerForm({ name: 'First', version: 1 }))).statusCode).toBe(
      200,
    );
    const stale = await put(site.call, partner.id, partnerForm({ name: 'Second', version: 1 }));
    expectError(stale, 409, 'STALE_VERSION');
    expect(stale.json().error).toMatchObject({ code: 'STALE_VERSION', message: CONFLICT_MESSAGE });
    expect((await accountRow(partner.id)).name).toBe('First');
    expect(await auditRowsFor(t.db, 'account', partner.id)).toHaveLength(1);
  });

  it('refuses type, status and partner in the body (400) and changes nothing', async () => {
    const partner = await make.partner();
    for (const extra of [
      { type: 'site' },
      { status: 'DISABLED' },
      { partnerId: 5 },
      { approvalStatus: 'APPROVED' },
    ]) {
      const response = await put(site.call, partner.id, { ...partnerForm({ version: 1 }), ...extra });
      expect(response.statusCode, Object.keys(extra)[0]).toBe(400);
      expect(response.json().error.details[0].code).toBe('FIELD_UNKNOWN');
    }
    expect(await accountRow(partner.id)).toMatchObject({ type: 'partner', status: 'ENABLED', version: 1 });
  });

  it('requires the version (400 with details)', async () => {
    const partner = await make.partner();
    const response = await put(site.call, partner.id, partnerForm());
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details[0].path).toBe('version');
  });

  it("lets a partner's own admin edit it; a plain user gets 403, another partner's admin 404", async () => {
    const partner = await make.partner();
    const admin = await clientFor(t, partner.id, 'admin');
    const plain = await clientFor(t, partner.id, 'user');
    const stranger = await clientFor(t, (await make.partner()).id, 'admin');
    const form = partnerForm({ name: partner.name, version: 1 });
    expectError(await put(plain.call, partner.id, form), 403, 'FORBIDDEN');
    expectError(await put(stranger.call, partner.id, form), 404, 'NOT_FOUND');
    expect((await put(admin.call, partner.id, form)).statusCode).toBe(200);
    expect(await anonymous('PUT', `/api/partners/${partner.id}`, partnerForm({ version: 2 }))).toMatchObject({
      statusCode: 401,
    });
  });

  it('answers 404 for an account that is not a partner', async () => {
    const tenant = await make.tenant();
    expectError(await put(site.call, tenant.id, partnerForm({ version: 1 })), 404, 'NOT_FOUND');
    expect((await accountRow(tenant.id)).name).toBe(tenant.name);
  });

  it('rolls the change back when its audit row cannot be written', async () => {
    const partner = await make.partner();
    const undo = await failAuditWrites(t.db, 'UPDATE', partner.id);
    try {
      const response = await put(site.call, partner.id, partnerForm({ name: 'Never Saved', version: 1 }));
      expectError(response, 500, 'INTERNAL');
    } finally {
      await undo();
    }
    expect(await accountRow(partner.id)).toMatchObject({ name: partner.name, version: 1 });
    expect(await auditRowsFor(t.db, 'account', partner.id)).toHaveLength(0);
  });
});

describe('POST /api/addPartnerRequest', () => {
  const request = (call: typeof site.call, payload: object) =>
    call({ method: 'POST', url: '/api/addPartnerRequest', payload });

  it('records a request for a partner and audits it', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ status: 'DISABLED' });
    const response = await request(site.call, { tenantId: tenant.id, partnerId: partner.id });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      tenantId: tenant.id,
      partnerId: partner.id,
      status: 'REQUESTED',
    });
    const [row] = await t.db.select().from(partnerRequests).where(eq(partnerRequests.id, body.id));
    expect(row).toMatchObject({ tenantId: tenant.id, partnerId: partner.id, requestedBy: site.user.id });
    const [audit] = await auditRowsFor(t.db, 'partner_request', body.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: tenant.id, newValue: body });
  });

  it('stores partnerId −1 (the platform itself) as no partner', async () => {
    const tenant = await make.tenant();
    const response = await request(site.call, { tenantId: tenant.id, partnerId: -1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().partnerId).toBe(-1);
    const [row] = await t.db.select().from(partnerRequests).where(eq(partnerRequests.id, response.json().id));
    expect(row!.partnerId).toBeNull();
  });

  it('answers 404 for an unknown tenant and 400 for a partner that does not exist', async () => {
    const tenant = await make.tenant();
    const otherTenant = await make.tenant();
    expectError(await request(site.call, { tenantId: 999_999_999, partnerId: -1 }), 404, 'NOT_FOUND');
    const response = await request(site.call, { tenantId: tenant.id, partnerId: otherTenant.id });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details[0].path).toBe('partnerId');
    expect(
      await t.db.select().from(partnerRequests).where(eq(partnerRequests.tenantId, tenant.id)),
    ).toHaveLength(0);
  });

  it('refuses missing and unknown fields (400), 401 without a session, 403 for a partner', async () => {
    const tenant = await make.tenant();
    const missing = await request(site.call, { partnerId: -1 });
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(missing.json().error.details[0].path).toBe('tenantId');
    expectError(
      await request(site.call, { tenantId: tenant.id, partnerId: -1, status: 'APPROVED' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await anonymous('POST', '/api/addPartnerRequest', { tenantId: tenant.id, partnerId: -1 }),
      401,
      'UNAUTHENTICATED',
    );
    const partner = await make.partner();
    const { call } = await clientFor(t, partner.id);
    expectError(await request(call, { tenantId: tenant.id, partnerId: partner.id }), 403, 'FORBIDDEN');
  });
});

describe('GET /api/partnerMigrate/{tenantId}/{partnerId}', () => {
  const preview = (tenantId: number, partnerId: number) =>
    site.call({ method: 'GET', url: `/api/partnerMigrate/${tenantId}/${partnerId}` });

  it('shows both partners, users and plan when the move is possible', async () => {
    const from = await make.partner();
    const to = await make.partner();
    const tenant = await make.tenant({ partnerId: from.id });
    await t.db.update(accounts).set({ planCode: 'GOLD' }).where(eq(accounts.id, tenant.id));
    await make.user(tenant.id);
    const disabled = await make.user(tenant.id, 'user');
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    const response = await preview(tenant.id, to.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tenant: { id: tenant.id, name: tenant.name },
      fromPartner: { id: from.id, name: from.name },
      toPartner: { id: to.id, name: to.name },
      users: 2,
      planCode: 'GOLD',
      canMigrate: true,
      reason: null,
      reasonCode: null,
    });
  });

  it('says why a move is not possible', async () => {
    const partner = await make.partner();
    const disabled = await make.partner({ status: 'DISABLED' });
    const tenant = await make.tenant({ partnerId: partner.id });
    const loose = await make.tenant();
    const cases: [number, number, keyof typeof MIGRATE_REASONS][] = [
      [tenant.id, partner.id, 'samePartner'],
      [loose.id, -1, 'samePartner'],
      [tenant.id, disabled.id, 'notAnEnabledPartner'],
      [tenant.id, loose.id, 'notAnEnabledPartner'],
      [partner.id, disabled.id, 'notATenant'],
    ];
    for (const [tenantId, partnerId, reasonCode] of cases) {
      const body = (await preview(tenantId, partnerId)).json();
      expect(body, `${tenantId}→${partnerId}`).toMatchObject({
        canMigrate: false,
        reasonCode,
        reason: MIGRATE_REASONS[reasonCode],
      });
    }
    expect((await preview(tenant.id, -1)).json()).toMatchObject({ canMigrate: true, toPartner: null });
  });

  it('answers 404 for an unknown tenant, 400 for bad ids, 401 without a session, 403 for a partner', async () => {
    expectError(await preview(999_999_999, -1), 404, 'NOT_FOUND');
    const bad = await site.call({ method: 'GET', url: '/api/partnerMigrate/x/-2' });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['params.tenantId', 'params.partnerId']),
    );
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    expectError(await anonymous('GET', `/api/partnerMigrate/${tenant.id}/-1`), 401, 'UNAUTHENTICATED');
    const { call } = await clientFor(t, partner.id);
    expectError(await call({ method: 'GET', url: `/api/partnerMigrate/${tenant.id}/-1` }), 403, 'FORBIDDEN');
  });
});

describe('POST /api/changePartner/{tenantId}/{partnerId}', () => {
  const change = (tenantId: number, partnerId: number, call = site.call) =>
    call({ method: 'POST', url: `/api/changePartner/${tenantId}/${partnerId}` });

  it('moves the tenant, starts the partnership, bumps the version and audits old and new partner', async () => {
    const from = await make.partner();
    const to = await make.partner();
    const tenant = await make.tenant({ partnerId: from.id });
    const response = await change(tenant.id, to.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MIGRATE_PARTNER_SUCCESS });
    const row = await accountRow(tenant.id);
    expect(row).toMatchObject({ partnerId: to.id, version: 2 });
    expect(row.partnerSince).toBeInstanceOf(Date);
    const [audit] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(audit).toMatchObject({
      action: 'PARTNER_CHANGE',
      tenantId: tenant.id,
      oldValue: { partnerId: from.id },
      newValue: { partnerId: to.id },
    });
  });

  it('moves a tenant to no partner with −1', async () => {
    const from = await make.partner();
    const tenant = await make.tenant({ partnerId: from.id });
    expect((await change(tenant.id, -1)).statusCode).toBe(200);
    expect((await accountRow(tenant.id)).partnerId).toBeNull();
    const [audit] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(audit!.newValue).toEqual({ partnerId: -1 });
  });

  it('answers 422 with the reason when it cannot move, and changes nothing', async () => {
    const disabled = await make.partner({ status: 'DISABLED' });
    const tenant = await make.tenant();
    const response = await change(tenant.id, disabled.id);
    expectError(response, 422, 'PARTNER_CHANGE_REFUSED');
    expect(response.json().error).toMatchObject({
      message: MIGRATE_REASONS.notAnEnabledPartner,
      params: { reason: 'notAnEnabledPartner' },
    });
    expect(await accountRow(tenant.id)).toMatchObject({ partnerId: null, version: 1 });
    expect(await auditRowsFor(t.db, 'account', tenant.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown tenant, 401 without a session, 403 for a partner admin', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    expectError(await change(999_999_999, partner.id), 404, 'NOT_FOUND');
    expectError(await anonymous('POST', `/api/changePartner/${tenant.id}/-1`), 401, 'UNAUTHENTICATED');
    const { call } = await clientFor(t, partner.id);
    expectError(await change(tenant.id, -1, call), 403, 'FORBIDDEN');
    expect((await accountRow(tenant.id)).partnerId).toBe(partner.id);
  });

  it('rolls the move back when its audit row cannot be written', async () => {
    const from = await make.partner();
    const to = await make.partner();
    const tenant = await make.tenant({ partnerId: from.id });
    const undo = await failAuditWrites(t.db, 'PARTNER_CHANGE', tenant.id);
    try {
      expectError(await change(tenant.id, to.id), 500, 'INTERNAL');
    } finally {
      await undo();
    }
    expect(await accountRow(tenant.id)).toMatchObject({ partnerId: from.id, version: 1, partnerSince: null });
  });
});
