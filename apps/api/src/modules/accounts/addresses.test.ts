import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE, PLATFORM_ACCOUNT_ID } from '@vayu/domain';
import { addresses } from '../../db/schema/index.js';
import { makeGstin } from '../../seed/builders.js';
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

const address = (overrides: Record<string, unknown> = {}) => ({
  addressLine: '  Plot 7, GIDC Estate  ',
  city: 'Vapi',
  stateCode: 'GJ',
  countryCode: 'IN',
  zip: '396195',
  gstin: '',
  contactName: 'Accounts Desk',
  contactNo: '+91 98250 11111',
  ...overrides,
});
const addressUrl = (type: string, id: number, kind = 'BILLING') => `/api/address/${type}/${id}/${kind}`;
const storedAddresses = (accountId: number) =>
  t.db.select().from(addresses).where(eq(addresses.accountId, accountId));

describe('GET /api/address/{accountType}/{accountId}/{addressType}', () => {
  it('answers null while the account has no such address, then the address', async () => {
    const tenant = await make.tenant();
    const none = await site.call({ method: 'GET', url: addressUrl('tenant', tenant.id, 'MAILING') });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    await site.call({ method: 'POST', url: addressUrl('tenant', tenant.id, 'MAILING'), payload: address() });
    const found = await site.call({ method: 'GET', url: addressUrl('tenant', tenant.id, 'mailing') });
    expect(found.json()).toMatchObject({
      accountId: tenant.id,
      addressType: 'MAILING',
      addressLine: 'Plot 7, GIDC Estate',
      version: 1,
    });
    // the billing address is a different record
    expect((await site.call({ method: 'GET', url: addressUrl('tenant', tenant.id) })).json()).toBeNull();
  });

  it('answers 404 when the account type does not match or the account is not visible', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    expectError(await site.call({ method: 'GET', url: addressUrl('partner', tenant.id) }), 404, 'NOT_FOUND');
    const { call } = await clientFor(t, tenant.id, 'user');
    expect((await call({ method: 'GET', url: addressUrl('tenant', tenant.id) })).statusCode).toBe(200);
    expectError(await call({ method: 'GET', url: addressUrl('tenant', other.id) }), 404, 'NOT_FOUND');
  });

  it('answers 400 for an unknown address or account type, 401 without a session', async () => {
    const tenant = await make.tenant();
    const bad = await site.call({ method: 'GET', url: `/api/address/planet/${tenant.id}/HOME` });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['params.accountType', 'params.addressType']),
    );
    expect((await t.app.inject({ method: 'GET', url: addressUrl('tenant', tenant.id) })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/address/{accountType}/{accountId}/{addressType}', () => {
  it('creates the address from trimmed fields and audits it with no old value', async () => {
    const tenant = await make.tenant();
    const gstin = makeGstin('GJ', 'ABCDE1234F');
    const response = await site.call({
      method: 'POST',
      url: addressUrl('tenant', tenant.id),
      payload: address({ gstin: gstin.toLowerCase() }),
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({
      accountId: tenant.id,
      addressType: 'BILLING',
      addressLine: 'Plot 7, GIDC Estate',
      gstin,
      contactNo: '919825011111',
      version: 1,
    });
    const [row] = await auditRowsFor(t.db, 'address', saved.id);
    expect(row).toMatchObject({
      action: 'ADDRESS_UPDATE',
      tenantId: tenant.id,
      actorUserId: site.user.id,
      oldValue: null,
      newValue: { addressType: 'BILLING', addressLine: 'Plot 7, GIDC Estate', city: 'Vapi', gstin },
    });
  });

  it('updates from the current version and audits old and new values', async () => {
    const tenant = await make.tenant();
    const first = (
      await site.call({ method: 'POST', url: addressUrl('tenant', tenant.id), payload: address() })
    ).json();
    const response = await site.call({
      method: 'POST',
      url: addressUrl('tenant', tenant.id),
      payload: address({ city: 'Valsad', version: first.version }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: first.id, city: 'Valsad', version: 2 });
    const [row] = await auditRowsFor(t.db, 'address', first.id);
    expect(row).toMatchObject({ oldValue: { city: 'Vapi' }, newValue: { city: 'Valsad' } });
    expect(await storedAddresses(tenant.id)).toHaveLength(1);
  });

  it('answers 409 for a stale version, and for a second first save without a version', async () => {
    const tenant = await make.tenant();
    await site.call({ method: 'POST', url: addressUrl('tenant', tenant.id), payload: address() });
    await site.call({
      method: 'POST',
      url: addressUrl('tenant', tenant.id),
      payload: address({ city: 'Surat', version: 1 }),
    });
    const stale = await site.call({
      method: 'POST',
      url: addressUrl('tenant', tenant.id),
      payload: address({ city: 'Bharuch', version: 1 }),
    });
    expectError(stale, 409, 'STALE_VERSION');
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);
    const blind = await site.call({
      method: 'POST',
      url: addressUrl('tenant', tenant.id),
      payload: address({ city: 'Navsari' }),
    });
    expectError(blind, 409, 'STALE_VERSION');
    const [stored] = await storedAddresses(tenant.id);
    expect(stored).toMatchObject({ city: 'Surat', version: 2 });
    expect(await auditRowsFor(t.db, 'address', stored!.id)).toHaveLength(2);
  });

  it('refuses invalid fields with details and fields that are not part of an address', async () => {
    const tenant = await make.tenant();
    const invalid = await site.call({
      method: 'POST',
      url: addressUrl('tenant', tenant.id),
      payload: address({ addressLine: ' ', city: '', countryCode: 'XX', gstin: '22AAAAA0000A1Z5', zip: '!' }),
    });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json().error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['addressLine', 'city', 'countryCode', 'gstin', 'zip']),
    );
    for (const extra of [{ accountId: 1 }, { addressType: 'MAILING' }, { id: 5 }]) {
      const response = await site.call({
        method: 'POST',
        url: addressUrl('tenant', tenant.id),
        payload: { ...address(), ...extra },
      });
      expect(response.statusCode, Object.keys(extra)[0]).toBe(400);
      expect(response.json().error.details[0].code).toBe('FIELD_UNKNOWN');
    }
    expect(await storedAddresses(tenant.id)).toHaveLength(0);
  });

  it('answers 404 out of scope and 403 when the account is visible but not changeable', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const foreign = await make.tenant();
    const partnerAdmin = await clientFor(t, partner.id, 'admin');
    expect(
      (await partnerAdmin.call({ method: 'POST', url: addressUrl('tenant', tenant.id), payload: address() }))
        .statusCode,
    ).toBe(200);
    expectError(
      await partnerAdmin.call({ method: 'POST', url: addressUrl('tenant', foreign.id), payload: address() }),
      404,
      'NOT_FOUND',
    );
    // a board sees the tenants mapped to it, but does not change them
    const board = await make.board();
    await make.mapToBoard(board.id, foreign.id);
    const officer = await clientFor(t, board.id, 'admin');
    expect((await officer.call({ method: 'GET', url: addressUrl('tenant', foreign.id) })).statusCode).toBe(
      200,
    );
    const boardPost = await officer.call({
      method: 'POST',
      url: addressUrl('tenant', foreign.id),
      payload: address(),
    });
    expectError(boardPost, 403, 'FORBIDDEN');
    // a tenant admin changes its own addresses; a plain user may not
    const own = await clientFor(t, foreign.id, 'admin');
    const plain = await clientFor(t, foreign.id, 'user');
    expectError(
      await plain.call({ method: 'POST', url: addressUrl('tenant', foreign.id), payload: address() }),
      403,
      'FORBIDDEN',
    );
    expect(
      (await own.call({ method: 'POST', url: addressUrl('tenant', foreign.id), payload: address() }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 401 without a session and rolls back when the audit row cannot be written', async () => {
    const tenant = await make.tenant();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: addressUrl('tenant', tenant.id),
      headers: CONSOLE_HEADERS,
      payload: address(),
    });
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    const created = (
      await site.call({ method: 'POST', url: addressUrl('tenant', tenant.id), payload: address() })
    ).json();
    const undo = await failAuditWrites(t.db, 'ADDRESS_UPDATE', created.id);
    try {
      const response = await site.call({
        method: 'POST',
        url: addressUrl('tenant', tenant.id),
        payload: address({ city: 'Never', version: 1 }),
      });
      expectError(response, 500, 'INTERNAL');
    } finally {
      await undo();
    }
    const [stored] = await storedAddresses(tenant.id);
    expect(stored).toMatchObject({ city: 'Vapi', version: 1 });
    expect(await auditRowsFor(t.db, 'address', created.id)).toHaveLength(1);
  });
});

describe('GET and POST /api/billingAddress/{accountId}', () => {
  it('reads and writes the BILLING address of any account type', async () => {
    const partner = await make.partner();
    const url = `/api/billingAddress/${partner.id}`;
    expect((await site.call({ method: 'GET', url })).json()).toBeNull();
    const created = await site.call({ method: 'POST', url, payload: address() });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ accountId: partner.id, addressType: 'BILLING', version: 1 });
    const updated = await site.call({ method: 'POST', url, payload: address({ zip: '396001', version: 1 }) });
    expect(updated.json()).toMatchObject({ zip: '396001', version: 2 });
    expect((await site.call({ method: 'GET', url: addressUrl('partner', partner.id) })).json()).toMatchObject(
      {
        zip: '396001',
      },
    );
    const [row] = await auditRowsFor(t.db, 'address', created.json().id);
    expect(row).toMatchObject({
      action: 'ADDRESS_UPDATE',
      tenantId: partner.id,
      newValue: { zip: '396001' },
    });
    const [stored] = await t.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.accountId, partner.id), eq(addresses.addressType, 'BILLING')));
    expect(stored!.version).toBe(2);
  });

  it('answers 409 when stale, 400 with details, 404 out of scope, 403 for a plain user, 401 without a session', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    const url = `/api/billingAddress/${tenant.id}`;
    await site.call({ method: 'POST', url, payload: address() });
    await site.call({ method: 'POST', url, payload: address({ version: 1 }) });
    expectError(
      await site.call({ method: 'POST', url, payload: address({ version: 1 }) }),
      409,
      'STALE_VERSION',
    );
    const invalid = await site.call({ method: 'POST', url, payload: address({ city: '' }) });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json().error.details[0].path).toBe('city');
    const admin = await clientFor(t, tenant.id, 'admin');
    expect((await admin.call({ method: 'GET', url: `/api/billingAddress/${other.id}` })).statusCode).toBe(
      404,
    );
    expectError(
      await admin.call({ method: 'POST', url: `/api/billingAddress/${other.id}`, payload: address() }),
      404,
      'NOT_FOUND',
    );
    const plain = await clientFor(t, tenant.id, 'user');
    expect((await plain.call({ method: 'GET', url })).statusCode).toBe(200);
    expect((await plain.call({ method: 'POST', url, payload: address({ version: 2 }) })).statusCode).toBe(
      403,
    );
    expectError(await t.app.inject({ method: 'GET', url }), 401, 'UNAUTHENTICATED');
    expect(await storedAddresses(other.id)).toHaveLength(0);
  });
});
