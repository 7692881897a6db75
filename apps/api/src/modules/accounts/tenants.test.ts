import { multipart as multipartBody, type FilePart } from '../../test/multipart.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE, LOGO_MAX_BYTES, type Role } from '@vayu/domain';
import { accounts, industryCategories, tenantPermissions } from '../../db/schema/index.js';
import { createAccount, createIndustryCategory, createUser, makeGstin } from '../../seed/builders.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { expectError } from './partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let filesDir: string;
let categoryId: number;

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'vayu-tenant-files-'));
  t = await startTestApp({ filesDir });
  make = factories(t.db);
  categoryId = (await createIndustryCategory(t.db, `Cement ${unique()}`)).id;
});
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

function unique() {
  return randomBytes(4).toString('hex');
}

async function clientFor(accountId: number, role: Role = 'admin', headers: Record<string, string> = {}) {
  const user = await make.user(accountId, role);
  return { user, call: asUser(t.app, await signIn(t.app, user.email, user.password), headers) };
}

/** A site admin of the platform account. */
const siteClient = () => clientFor(1);

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body as the industry form sends it: text parts, then the logo when there is one. */
const multipart = (fields: Record<string, string | number | boolean>, file?: FilePart) =>
  multipartBody(fields, file ? [{ field: 'logo', ...file }] : []);

function tenantForm(overrides: Record<string, string | number | boolean> = {}) {
  return {
    name: `  Bhilai Cement Works ${unique()}  `,
    industryId: categoryId,
    partnerId: -1,
    contactEmail: ' EHS@Bhilai-Cement.example ',
    contactNo: '+91 98765 43210',
    address: 'Plot 7, Industrial Area',
    city: 'Durg',
    stateCode: 'CG',
    countryCode: 'IN',
    zip: '490026',
    gstin: makeGstin('CG', 'AABCB1234C'),
    latitude: '21.1938',
    longitude: '81.3509',
    timeZone: 'Asia/Kolkata',
    isRemotePerformanceCheck: 'true',
    ...overrides,
  };
}

const logoFiles = () => {
  try {
    return readdirSync(join(filesDir, 'logos'));
  } catch {
    return [];
  }
};

const accountsNamed = async (fragment: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(accounts)
      .where(ilike(accounts.name, `%${fragment}%`))
  )[0]!.n;

async function namedTenant(name: string, values: Partial<typeof accounts.$inferInsert> = {}) {
  return createAccount(t.db, { type: 'tenant', name, stateCode: 'GJ', ...values });
}

describe('GET /api/tenants', () => {
  it('answers one page with the paging math done on the server (page 2 of a filtered search)', async () => {
    const { call } = await siteClient();
    const token = unique();
    const partner = await make.partner();
    for (let i = 12; i >= 1; i--) {
      await namedTenant(`Ankleshwar ${token} Unit ${String(i).padStart(2, '0')}`, { partnerId: partner.id });
    }
    await namedTenant(`Ankleshwar ${token} Unit 99`, { partnerId: partner.id, status: 'DISABLED' });
    await namedTenant(`Ankleshwar ${token} Unit 00`, { partnerId: partner.id, status: 'DELETED' });

    const response = await call({
      method: 'GET',
      url: `/api/tenants?search=${token.toUpperCase()}&status=ENABLED&page=2`,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 2, pageSize: 9, total: 12, pageCount: 2 });
    expect(page.items.map((i: { name: string }) => i.name)).toEqual([
      `Ankleshwar ${token} Unit 10`,
      `Ankleshwar ${token} Unit 11`,
      `Ankleshwar ${token} Unit 12`,
    ]);

    // 'all' lists enabled and disabled, never deleted
    const all = (await call({ method: 'GET', url: `/api/tenants?search=${token}&pageSize=20` })).json();
    expect(all.total).toBe(13);
    expect(all.items.some((i: { name: string }) => i.name.endsWith('Unit 00'))).toBe(false);
    const disabled = (
      await call({ method: 'GET', url: `/api/tenants?search=${token}&status=DISABLED` })
    ).json();
    expect(disabled.items.map((i: { name: string }) => i.name)).toEqual([`Ankleshwar ${token} Unit 99`]);
  });

  it('shows the partner, the category and the blocked marker of each row', async () => {
    const { call } = await siteClient();
    const partner = await make.partner();
    const tenant = await namedTenant(`Blocked Works ${unique()}`, {
      partnerId: partner.id,
      industryCategoryId: categoryId,
      planCode: 'OCEMS-BASIC',
    });
    await t.db
      .insert(tenantPermissions)
      .values({ tenantId: tenant.id, permission: 'DATA_PUSH', reason: 'Test' });
    const [item] = (
      await call({ method: 'GET', url: `/api/tenants?search=${encodeURIComponent(tenant.name)}` })
    ).json().items;
    const [category] = await t.db
      .select()
      .from(industryCategories)
      .where(eq(industryCategories.id, categoryId));
    expect(item).toMatchObject({
      id: tenant.id,
      type: 'tenant',
      status: 'ENABLED',
      partnerId: partner.id,
      partnerName: partner.name,
      industryName: category!.name,
      isBlocked: true,
      planCode: 'OCEMS-BASIC',
    });
  });

  it('filters by partner (−1: none), remote performance check, demo flag and account type', async () => {
    const { call } = await siteClient();
    const token = unique();
    const partner = await make.partner();
    const underPartner = await namedTenant(`Filter ${token} A`, {
      partnerId: partner.id,
      isRemotePerformanceCheck: true,
    });
    const direct = await namedTenant(`Filter ${token} B`, { isDemo: true });
    const board = await createAccount(t.db, { type: 'statutory', name: `Filter ${token} Board` });
    const ids = async (query: string) =>
      (await call({ method: 'GET', url: `/api/tenants?search=${token}&${query}` }))
        .json()
        .items.map((i: { id: number }) => i.id);

    expect(await ids(`partnerId=${partner.id}`)).toEqual([underPartner.id]);
    expect(await ids('partnerId=-1')).toEqual([direct.id]);
    expect(await ids('remoteCalibration=true')).toEqual([underPartner.id]);
    expect(await ids('remoteCalibration=false')).toEqual([direct.id]);
    expect(await ids('isDemo=true')).toEqual([direct.id]);
    expect(await ids('type=statutory')).toEqual([board.id]);
  });

  it('answers the total for a page past the end, and for a last page that is exactly full', async () => {
    const { call } = await siteClient();
    const token = unique();
    for (let i = 1; i <= 9; i++) await namedTenant(`Exact ${token} ${i}`);
    const full = (await call({ method: 'GET', url: `/api/tenants?search=${token}` })).json();
    expect(full).toMatchObject({ total: 9, pageCount: 1 });
    expect(full.items).toHaveLength(9);
    const past = (await call({ method: 'GET', url: `/api/tenants?search=${token}&page=3` })).json();
    expect(past).toMatchObject({ items: [], total: 9, pageCount: 1, page: 3 });
  });

  it('matches one or two characters at the start of a word, longer terms anywhere', async () => {
    const { call } = await siteClient();
    const token = unique();
    const wordStart = await namedTenant(`Qzr Zqa Works ${token}`);
    const inside = await namedTenant(`Alzqpha Mills ${token}`);
    const ids = async (search: string) =>
      (await call({ method: 'GET', url: `/api/tenants?search=${encodeURIComponent(search)}&pageSize=50` }))
        .json()
        .items.map((i: { id: number }) => i.id);
    expect(await ids('ZQ')).toEqual([wordStart.id]);
    expect(await ids('lzq')).toEqual([inside.id]);
    expect(await ids('zq ')).toEqual([wordStart.id]);
    expect(await ids('q')).toEqual([wordStart.id]);
  });

  it('takes the search literally: % and _ are not wildcards', async () => {
    const { call } = await siteClient();
    const token = unique();
    await namedTenant(`Percent ${token} 100% Works`);
    await namedTenant(`Percent ${token} 1000 Works`);
    const page = (
      await call({ method: 'GET', url: `/api/tenants?search=${encodeURIComponent(`${token} 100%`)}` })
    ).json();
    expect(page.total).toBe(1);
    const underscore = (
      await call({ method: 'GET', url: `/api/tenants?search=${encodeURIComponent(`${token}_`)}` })
    ).json();
    expect(underscore.total).toBe(0);
  });

  it('a partner sees only its own tenants, whatever it asks for', async () => {
    const token = unique();
    const partner = await make.partner();
    const other = await make.partner();
    const mine = await namedTenant(`Scope ${token} Mine`, { partnerId: partner.id });
    await namedTenant(`Scope ${token} Theirs`, { partnerId: other.id });
    await namedTenant(`Scope ${token} Direct`);
    const { call } = await clientFor(partner.id, 'user');
    const page = (await call({ method: 'GET', url: `/api/tenants?search=${token}` })).json();
    expect(page.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    expect(page.total).toBe(1);
    const foreign = (
      await call({ method: 'GET', url: `/api/tenants?search=${token}&partnerId=${other.id}` })
    ).json();
    expect(foreign).toMatchObject({ total: 0, items: [], pageCount: 1 });
  });

  it('a statutory user sees the tenants mapped to its board', async () => {
    const token = unique();
    const board = await make.board();
    const mapped = await namedTenant(`Board ${token} Mapped`);
    await namedTenant(`Board ${token} Other`);
    await make.mapToBoard(board.id, mapped.id);
    const { call } = await clientFor(board.id);
    const page = (await call({ method: 'GET', url: `/api/tenants?search=${token}` })).json();
    expect(page.items.map((i: { id: number }) => i.id)).toEqual([mapped.id]);
  });

  it('refuses invalid query values with field details', async () => {
    const { call } = await siteClient();
    const response = await call({ method: 'GET', url: '/api/tenants?status=DELETED&page=0' });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = response.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['querystring.status', 'querystring.page']));
  });

  it('needs a session (401) and is not for tenant users (403)', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/tenants' }), 401, 'UNAUTHENTICATED');
    const tenant = await make.tenant();
    const { call } = await clientFor(tenant.id);
    expectError(await call({ method: 'GET', url: '/api/tenants' }), 403, 'FORBIDDEN');
  });
});

describe('GET /api/tenant-by-id/{id}', () => {
  it('answers everything the detail view shows', async () => {
    const { call } = await siteClient();
    const partner = await make.partner();
    const tenant = await namedTenant(`Detail Works ${unique()}`, {
      partnerId: partner.id,
      industryCategoryId: categoryId,
      stateCode: 'MH',
      countryCode: 'IN',
      latitude: '19.076000',
      longitude: '72.877700',
      planCode: 'OCEMS-PRO',
      paymentMode: true,
      ioeyeTenantId: 4021,
    });
    const primary = await createUser(t.db, {
      accountId: tenant.id,
      email: `primary-${unique()}@test.example`,
      name: 'Primary Person',
      role: 'admin',
      activatedAt: null,
    });
    await t.db.update(accounts).set({ primaryUserId: primary.id }).where(eq(accounts.id, tenant.id));
    await t.db
      .insert(tenantPermissions)
      .values({ tenantId: tenant.id, permission: 'DATA_PUSH', isActive: false, reason: 'Old' });

    const response = await call({ method: 'GET', url: `/api/tenant-by-id/${tenant.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: tenant.id,
      type: 'tenant',
      partnerId: partner.id,
      partnerName: partner.name,
      industryId: categoryId,
      stateCode: 'MH',
      stateName: 'Maharashtra',
      countryName: 'India',
      latitude: 19.076,
      longitude: 72.8777,
      logoUrl: null,
      ioeyeTenantId: 4021,
      planDetails: { planCode: 'OCEMS-PRO', paymentMode: true },
      tenantPermissionDetails: [{ permission: 'DATA_PUSH', active: false, reason: 'Old' }],
      isBlocked: false,
      primaryUser: { id: primary.id, name: 'Primary Person', userName: primary.email },
      activationAwaited: true,
      version: 1,
    });
  });

  it('answers 404 outside the scope, 400 for a bad id and 401 without a session', async () => {
    const partner = await make.partner();
    const foreign = await make.tenant();
    const { call } = await clientFor(partner.id);
    expectError(await call({ method: 'GET', url: `/api/tenant-by-id/${foreign.id}` }), 404, 'NOT_FOUND');
    const bad = await call({ method: 'GET', url: '/api/tenant-by-id/abc' });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('params.id');
    expect((await t.app.inject({ method: 'GET', url: `/api/tenant-by-id/${foreign.id}` })).statusCode).toBe(
      401,
    );
  });

  it('refuses a forged X-Tenant-Id: acting for a tenant out of scope is 403', async () => {
    const partner = await make.partner();
    const foreign = await make.tenant();
    const { call } = await clientFor(partner.id, 'admin', { 'x-tenant-id': String(foreign.id) });
    expectError(await call({ method: 'GET', url: `/api/tenant-by-id/${foreign.id}` }), 403, 'FORBIDDEN');
    const tenant = await make.tenant();
    const tenantClient = await clientFor(tenant.id, 'admin', { 'x-tenant-id': String(foreign.id) });
    expectError(
      await tenantClient.call({ method: 'GET', url: `/api/tenant-by-id/${foreign.id}` }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('POST /api/create/{type}', () => {
  it('creates an industry under a partner with its logo; the logo is served; audit row CREATE', async () => {
    const { call, user } = await siteClient();
    const partner = await make.partner();
    const form = multipart(tenantForm({ partnerId: partner.id }), {
      filename: 'logo.png',
      contentType: 'image/png',
      data: PNG,
    });
    const response = await call({ method: 'POST', url: '/api/create/partner', ...form });
    expect(response.statusCode).toBe(201);
    const { id, accountType } = response.json();
    expect(accountType).toBe('tenant');

    const detail = (await call({ method: 'GET', url: `/api/tenant-by-id/${id}` })).json();
    expect(detail).toMatchObject({
      type: 'tenant',
      status: 'ENABLED',
      partnerId: partner.id,
      industryId: categoryId,
      contactEmail: 'ehs@bhilai-cement.example',
      contactNo: '919876543210',
      stateName: 'Chhattisgarh',
      latitude: 21.1938,
      isRemotePerformanceCheck: true,
      approvalStatus: 'APPROVED',
      logoUrl: `/api/tenant-logo/tenants/${id}?v=1`,
    });
    expect(detail.name).toMatch(/^Bhilai Cement Works [0-9a-f]{8}$/);
    expect(detail.partnerSince).not.toBeNull();

    const logo = await call({ method: 'GET', url: `/api/tenant-logo/tenants/${id}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('private, max-age=86400');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(PNG)).toBe(true);

    const [row] = await auditRowsFor(t.db, 'account', id);
    expect(row).toMatchObject({
      action: 'CREATE',
      tenantId: id,
      actorUserId: user.id,
      newValue: { id, type: 'tenant', partnerId: partner.id, contactEmail: 'ehs@bhilai-cement.example' },
    });
  });

  it('creates a board account (statutory) for site users only', async () => {
    const { call } = await siteClient();
    const form = multipart(
      tenantForm({ name: `Pollution Board ${unique()}`, industryId: '', partnerId: '' }),
    );
    const response = await call({ method: 'POST', url: '/api/create/statutory', ...form });
    expect(response.statusCode).toBe(201);
    expect(response.json().accountType).toBe('statutory');

    const partner = await make.partner();
    const partnerClient = await clientFor(partner.id);
    const refused = await partnerClient.call({
      method: 'POST',
      url: '/api/create/statutory',
      ...multipart(tenantForm({ industryId: '', partnerId: '' })),
    });
    expectError(refused, 403, 'FORBIDDEN');
    // Known from the path alone: refused before the form is read, so even a broken form gets the 403.
    const unread = await partnerClient.call({
      method: 'POST',
      url: '/api/create/statutory',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nBoard',
    });
    expectError(unread, 403, 'FORBIDDEN');
  });

  it('puts a partner user’s industry under its own account, never another partner', async () => {
    const partner = await make.partner();
    const other = await make.partner();
    const { call } = await clientFor(partner.id);
    const created = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm({ partnerId: '' })),
    });
    expect(created.statusCode).toBe(201);
    const detail = (await call({ method: 'GET', url: `/api/tenant-by-id/${created.json().id}` })).json();
    expect(detail).toMatchObject({ partnerId: partner.id, approvalStatus: 'PENDING' });

    const name = `Elsewhere ${unique()}`;
    const refused = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm({ name, partnerId: other.id })),
    });
    expectError(refused, 403, 'FORBIDDEN');
    expect(await accountsNamed(name)).toBe(0);
  });

  it('refuses invalid fields with details and writes nothing', async () => {
    const { call } = await siteClient();
    const name = `Invalid ${unique()}`;
    const response = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(
        tenantForm({
          name,
          gstin: 'NOT-A-GSTIN',
          latitude: '95',
          contactEmail: 'not-mail',
          industryId: '',
        }),
      ),
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = response.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['gstin', 'latitude', 'contactEmail']));

    const missing = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm({ name, industryId: '', partnerId: '' })),
    });
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(
      missing
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['industryId', 'partnerId']);
    expect(await accountsNamed(name)).toBe(0);
  });

  it('refuses fields that are not on the form: type, status (mass assignment)', async () => {
    const { call } = await siteClient();
    const name = `Mass ${unique()}`;
    const response = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm({ name, type: 'site', status: 'DISABLED' })),
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(
      response
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['status', 'type']);
    expect(await accountsNamed(name)).toBe(0);
  });

  it('refuses a deleted industry category and an unknown account type', async () => {
    const { call } = await siteClient();
    const deleted = await createIndustryCategory(t.db, `Old Category ${unique()}`);
    await t.db
      .update(industryCategories)
      .set({ status: 'DELETED' })
      .where(eq(industryCategories.id, deleted.id));
    const response = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm({ industryId: deleted.id })),
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details).toEqual([
      expect.objectContaining({ path: 'industryId', message: expect.any(String) }),
    ]);
    const badType = await call({ method: 'POST', url: '/api/create/corporate', ...multipart(tenantForm()) });
    expectError(badType, 400, 'VALIDATION_FAILED');
  });

  it('refuses a logo over the size limit (413) or not an image (415), and stores nothing', async () => {
    const { call } = await siteClient();
    const before = logoFiles().length;
    const name = `Logo ${unique()}`;
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    const tooLarge = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm({ name }), { filename: 'big.png', contentType: 'image/png', data: big }),
    });
    expectError(tooLarge, 413, 'PAYLOAD_TOO_LARGE');
    expect(tooLarge.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', requestId: expect.any(String) });

    const notImage = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm({ name }), {
        filename: 'logo.png',
        contentType: 'image/png',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      }),
    });
    expectError(notImage, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(notImage.json().error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The logo must be a PNG, JPEG or WebP image',
    });
    expect(await accountsNamed(name)).toBe(0);
    expect(logoFiles().length).toBe(before);
  });

  it('needs a session (401); plain users and tenant admins may not create (403)', async () => {
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm()),
      headers: { ...multipart(tenantForm()).headers, 'x-requested-with': 'XMLHttpRequest' },
    });
    expectError(unauthenticated, 401, 'UNAUTHENTICATED');
    const plain = await clientFor(1, 'user');
    expectError(
      await plain.call({ method: 'POST', url: '/api/create/partner', ...multipart(tenantForm()) }),
      403,
      'FORBIDDEN',
    );
    const tenant = await make.tenant();
    const tenantAdmin = await clientFor(tenant.id);
    expectError(
      await tenantAdmin.call({ method: 'POST', url: '/api/create/partner', ...multipart(tenantForm()) }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('PUT /api/tenants/{id}', () => {
  async function createdTenant(call: Awaited<ReturnType<typeof siteClient>>['call'], partnerId: number) {
    const response = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm({ partnerId }), { filename: 'a.png', contentType: 'image/png', data: PNG }),
    });
    expect(response.statusCode).toBe(201);
    return (await call({ method: 'GET', url: `/api/tenant-by-id/${response.json().id}` })).json();
  }

  it('saves the form, bumps the version, replaces the logo and audits old and new values', async () => {
    const { call, user } = await siteClient();
    const partner = await make.partner();
    const detail = await createdTenant(call, partner.id);
    const oldLogos = logoFiles();
    const newName = `Renamed Works ${unique()}`;
    // Start of image, a header segment's worth of bytes, end of image.
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(64),
      Buffer.from([0xff, 0xd9]),
    ]);
    const response = await call({
      method: 'PUT',
      url: `/api/tenants/${detail.id}`,
      ...multipart(
        tenantForm({ name: ` ${newName} `, city: 'Bhilai', partnerId: partner.id, version: detail.version }),
        {
          filename: 'b.jpg',
          contentType: 'image/jpeg',
          data: jpeg,
        },
      ),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: newName,
      city: 'Bhilai',
      version: 2,
      partnerId: partner.id,
    });
    expect(response.json().logoUrl).toBe(`/api/tenant-logo/tenants/${detail.id}?v=2`);
    const logo = await call({ method: 'GET', url: `/api/tenant-logo/tenants/${detail.id}` });
    expect(logo.headers['content-type']).toBe('image/jpeg');
    // the replaced file is gone, the new one is there
    expect(logoFiles().length).toBe(oldLogos.length);

    const [row] = await auditRowsFor(t.db, 'account', detail.id);
    expect(row).toMatchObject({
      action: 'UPDATE',
      actorUserId: user.id,
      tenantId: detail.id,
      oldValue: { name: detail.name, city: 'Durg', logo: 'stored' },
      newValue: { name: newName, city: 'Bhilai', logo: 'replaced' },
    });
    // the whole record is kept, so unchanged fields are equal on both sides
    expect((row!.newValue as { contactEmail: unknown }).contactEmail).toBe(
      (row!.oldValue as { contactEmail: unknown }).contactEmail,
    );
  });

  it('answers 409 to an edit that started from an older version, and keeps the newer change', async () => {
    const { call } = await siteClient();
    const tenant = await make.tenant();
    const first = await call({
      method: 'PUT',
      url: `/api/tenants/${tenant.id}`,
      ...multipart(tenantForm({ name: 'First Save', industryId: categoryId, version: 1 })),
    });
    expect(first.statusCode).toBe(200);
    const stale = await call({
      method: 'PUT',
      url: `/api/tenants/${tenant.id}`,
      ...multipart(tenantForm({ name: 'Second Save', industryId: categoryId, version: 1 })),
    });
    expectError(stale, 409, 'STALE_VERSION');
    expect(stale.json().error).toMatchObject({ code: 'STALE_VERSION', message: CONFLICT_MESSAGE });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, tenant.id));
    expect(row).toMatchObject({ name: 'First Save', version: 2 });
  });

  it('never changes type, status or partner through the form (mass assignment)', async () => {
    const { call } = await siteClient();
    const partner = await make.partner();
    const other = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const put = (fields: Record<string, string | number>) =>
      call({
        method: 'PUT',
        url: `/api/tenants/${tenant.id}`,
        ...multipart(tenantForm({ version: 1, ...fields })),
      });

    const withType = await put({ type: 'site', status: 'DISABLED', partnerId: partner.id });
    expectError(withType, 400, 'VALIDATION_FAILED');
    expect(
      withType
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['status', 'type']);

    const withPartner = await put({ partnerId: other.id });
    expectError(withPartner, 422, 'PARTNER_CHANGE_REFUSED');
    expect(withPartner.json().error.message).toBe('Use the migrate-partner action to change the partner');
    expectError(await put({ partnerId: -1 }), 422, 'PARTNER_CHANGE_REFUSED');

    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, tenant.id));
    expect(row).toMatchObject({ type: 'tenant', status: 'ENABLED', partnerId: partner.id, version: 1 });
    expect(await auditRowsFor(t.db, 'account', tenant.id)).toHaveLength(0);
  });

  it('needs the version (400 with details)', async () => {
    const { call } = await siteClient();
    const tenant = await make.tenant();
    const response = await call({
      method: 'PUT',
      url: `/api/tenants/${tenant.id}`,
      ...multipart(tenantForm()),
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details).toEqual([
      expect.objectContaining({ path: 'version', message: expect.any(String) }),
    ]);
  });

  it('lets a tenant admin edit its own account but answers 404 for another one and 403 to plain users', async () => {
    const tenant = await make.tenant();
    const foreign = await make.tenant();
    const { call } = await clientFor(tenant.id);
    const own = await call({
      method: 'PUT',
      url: `/api/tenants/${tenant.id}`,
      ...multipart(tenantForm({ industryId: categoryId, partnerId: '', version: 1 })),
    });
    expect(own.statusCode).toBe(200);
    const other = await call({
      method: 'PUT',
      url: `/api/tenants/${foreign.id}`,
      ...multipart(tenantForm({ industryId: categoryId, partnerId: '', version: 1 })),
    });
    expectError(other, 404, 'NOT_FOUND');
    const plain = await clientFor(tenant.id, 'user');
    expectError(
      await plain.call({
        method: 'PUT',
        url: `/api/tenants/${tenant.id}`,
        ...multipart(tenantForm({ version: 2 })),
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await t.app.inject({ method: 'PUT', url: `/api/tenants/${tenant.id}`, headers: CONSOLE_HEADERS }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('PATCH /api/tenants/{id}', () => {
  const patch = (call: Awaited<ReturnType<typeof siteClient>>['call'], id: number, payload: object) =>
    call({ method: 'PATCH', url: `/api/tenants/${id}`, payload });

  it('changes the listed attributes with the form’s normalisation and audits them', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const { call, user } = await clientFor(partner.id);
    const response = await patch(call, tenant.id, [
      { op: 'replace', att: 'name', value: '  Patched Name  ' },
      { op: 'replace', att: 'contactEmail', value: 'NEW@Example.COM' },
      { op: 'replace', att: 'isRemotePerformanceCheck', value: true },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Patched Name',
      contactEmail: 'new@example.com',
      isRemotePerformanceCheck: true,
      version: 2,
    });
    const [row] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(row).toMatchObject({
      action: 'UPDATE',
      actorUserId: user.id,
      oldValue: { name: tenant.name, contactEmail: null, isRemotePerformanceCheck: false },
      newValue: { name: 'Patched Name', contactEmail: 'new@example.com', isRemotePerformanceCheck: true },
    });
  });

  it('checks each value with its field schema (400, path = attribute) and refuses other attributes', async () => {
    const { call } = await siteClient();
    const tenant = await make.tenant();
    const invalid = await patch(call, tenant.id, [
      { op: 'replace', att: 'contactEmail', value: 'nope' },
      { op: 'replace', att: 'name', value: '   ' },
    ]);
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(
      invalid
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['contactEmail', 'name']);
    for (const att of ['status', 'type', 'partnerId']) {
      expect((await patch(call, tenant.id, [{ op: 'replace', att, value: 'x' }])).statusCode, att).toBe(400);
    }
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, tenant.id));
    expect(row).toMatchObject({ name: tenant.name, version: 1, status: 'ENABLED', type: 'tenant' });
  });

  it('answers 404 outside the scope and 401 without a session', async () => {
    const partner = await make.partner();
    const foreign = await make.tenant();
    const { call } = await clientFor(partner.id);
    expect((await patch(call, foreign.id, [{ op: 'replace', att: 'city', value: 'Pune' }])).statusCode).toBe(
      404,
    );
    expectError(
      await t.app.inject({ method: 'PATCH', url: `/api/tenants/${foreign.id}`, payload: [] }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('PATCH /api/tenantStatusChangeByUser/{id}', () => {
  it('lets a partner admin disable its tenant and set the working status; audited', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const { call } = await clientFor(partner.id);
    const response = await call({
      method: 'PATCH',
      url: `/api/tenantStatusChangeByUser/${tenant.id}`,
      payload: [
        { op: 'replace', att: 'status', value: 'DISABLED' },
        { op: 'replace', att: 'workingStatus', value: 'Seasonal Shutdown' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'DISABLED', workingStatus: 'Seasonal Shutdown' });
    const [row] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(row).toMatchObject({
      action: 'STATUS_CHANGE',
      oldValue: { status: 'ENABLED', workingStatus: 'ON' },
      newValue: { status: 'DISABLED', workingStatus: 'Seasonal Shutdown' },
    });
  });

  it('lets a partner admin disable but not enable an industry, nor disable its own account (spec §4)', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id, status: 'DISABLED' });
    const { call } = await clientFor(partner.id);
    const enable = [{ op: 'replace', att: 'status', value: 'ENABLED' }];
    const refused = await call({
      method: 'PATCH',
      url: `/api/tenantStatusChangeByUser/${tenant.id}`,
      payload: enable,
    });
    expectError(refused, 403, 'FORBIDDEN');
    const [still] = await t.db
      .select({ status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, tenant.id));
    expect(still?.status).toBe('DISABLED');
    expect(await auditRowsFor(t.db, 'account', tenant.id)).toHaveLength(0);
    // Its working status is still the partner's to set; the status of its own account is not.
    const working = await call({
      method: 'PATCH',
      url: `/api/tenantStatusChangeByUser/${tenant.id}`,
      payload: [{ op: 'replace', att: 'workingStatus', value: 'Seasonal Shutdown' }],
    });
    expect(working.statusCode).toBe(200);
    const self = await call({
      method: 'PATCH',
      url: `/api/tenantStatusChangeByUser/${partner.id}`,
      payload: [{ op: 'replace', att: 'status', value: 'DISABLED' }],
    });
    expectError(self, 403, 'FORBIDDEN');
    // A site user enables it.
    const site = await siteClient();
    const enabled = await site.call({
      method: 'PATCH',
      url: `/api/tenantStatusChangeByUser/${tenant.id}`,
      payload: enable,
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ status: 'ENABLED' });
  });

  it('refuses other values (400), foreign tenants (404), tenant users (403) and anonymous calls (401)', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const foreign = await make.tenant();
    const { call } = await clientFor(partner.id);
    const url = (id: number) => `/api/tenantStatusChangeByUser/${id}`;
    const bad = await call({
      method: 'PATCH',
      url: url(tenant.id),
      payload: [{ op: 'replace', att: 'status', value: 'DELETED' }],
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details.length).toBeGreaterThan(0);
    const ops = [{ op: 'replace', att: 'status', value: 'DISABLED' }];
    expectError(await call({ method: 'PATCH', url: url(foreign.id), payload: ops }), 404, 'NOT_FOUND');
    const tenantAdmin = await clientFor(tenant.id);
    expect((await tenantAdmin.call({ method: 'PATCH', url: url(tenant.id), payload: ops })).statusCode).toBe(
      403,
    );
    expectError(
      await t.app.inject({ method: 'PATCH', url: url(tenant.id), payload: ops }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /api/changeTenantStatus/{id}', () => {
  it('lets a site user disable and enable a tenant and a partner, with an audit row each', async () => {
    const { call, user } = await siteClient();
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const disabled = await call({
      method: 'POST',
      url: `/api/changeTenantStatus/${tenant.id}`,
      payload: { status: 'DISABLED' },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: tenant.id, status: 'DISABLED' });
    const [row] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(row).toMatchObject({
      action: 'STATUS_CHANGE',
      actorUserId: user.id,
      tenantId: tenant.id,
      oldValue: { status: 'ENABLED' },
      newValue: { status: 'DISABLED' },
    });
    const partnerOff = await call({
      method: 'POST',
      url: `/api/changeTenantStatus/${partner.id}`,
      payload: { status: 'DISABLED' },
    });
    expect(partnerOff.json()).toMatchObject({ type: 'partner', status: 'DISABLED' });
    const enabled = await call({
      method: 'POST',
      url: `/api/changeTenantStatus/${tenant.id}`,
      payload: { status: 'ENABLED' },
    });
    expect(enabled.json().status).toBe('ENABLED');
  });

  it('refuses a bad status (400), the platform account (422), unknown ids (404), non-site users (403), no session (401)', async () => {
    const { call } = await siteClient();
    const tenant = await make.tenant();
    const bad = await call({
      method: 'POST',
      url: `/api/changeTenantStatus/${tenant.id}`,
      payload: { status: 'DELETED' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('status');
    expectError(
      await call({ method: 'POST', url: '/api/changeTenantStatus/1', payload: { status: 'DISABLED' } }),
      422,
      'PLATFORM_ACCOUNT_LOCKED',
    );
    expectError(
      await call({
        method: 'POST',
        url: '/api/changeTenantStatus/99999999',
        payload: { status: 'DISABLED' },
      }),
      404,
      'NOT_FOUND',
    );
    const partner = await make.partner();
    const partnerClient = await clientFor(partner.id);
    expectError(
      await partnerClient.call({
        method: 'POST',
        url: `/api/changeTenantStatus/${tenant.id}`,
        payload: { status: 'DISABLED' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/changeTenantStatus/${tenant.id}`,
        payload: { status: 'DISABLED' },
      }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /api/changeWorkingStatus', () => {
  it('sets the working status; the remark goes into the audit row', async () => {
    const tenant = await make.tenant();
    const { call, user } = await clientFor(tenant.id);
    const response = await call({
      method: 'POST',
      url: '/api/changeWorkingStatus',
      payload: {
        tenantId: tenant.id,
        workingStatus: 'Due to analyser issue',
        remark: ' SO2 analyser sent for repair ',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().workingStatus).toBe('Due to analyser issue');
    const [row] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(row).toMatchObject({
      action: 'WORKING_STATUS_CHANGE',
      actorUserId: user.id,
      oldValue: { workingStatus: 'ON' },
      newValue: { workingStatus: 'Due to analyser issue', remark: 'SO2 analyser sent for repair' },
    });
  });

  it('refuses unknown options (400), other tenants (404) and anonymous calls (401)', async () => {
    const tenant = await make.tenant();
    const foreign = await make.tenant();
    const { call } = await clientFor(tenant.id);
    const bad = await call({
      method: 'POST',
      url: '/api/changeWorkingStatus',
      payload: { tenantId: tenant.id, workingStatus: 'Holiday' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('workingStatus');
    const payload = { tenantId: foreign.id, workingStatus: 'Shutdown' };
    expectError(await call({ method: 'POST', url: '/api/changeWorkingStatus', payload }), 404, 'NOT_FOUND');
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/changeWorkingStatus', payload }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /api/changeWorkingStatus with an id of the wrong type', () => {
  it('refuses true, a list, an empty text and ids beyond an integer (400) and changes no account', async () => {
    const { call } = await siteClient();
    const [before] = await t.db.select().from(accounts).where(eq(accounts.id, 1));
    for (const tenantId of [true, [before!.id], '', ' 1', 2_147_483_648, '99999999999']) {
      const response = await call({
        method: 'POST',
        url: '/api/changeWorkingStatus',
        payload: { tenantId, workingStatus: 'Shutdown', remark: null },
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.details[0].path, JSON.stringify(tenantId)).toBe('tenantId');
    }
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, 1));
    expect(after).toMatchObject({ workingStatus: before!.workingStatus, version: before!.version });
  });
});

describe('POST /api/changeWorkingStatus by someone who only sees the industry', () => {
  it('answers 403 and leaves the status and the trail as they were', async () => {
    const { corporate, account } = await make.corporate();
    const tenant = await make.tenant({ corporateId: corporate.id });
    const { call } = await clientFor(account.id);
    const response = await call({
      method: 'POST',
      url: '/api/changeWorkingStatus',
      payload: { tenantId: tenant.id, workingStatus: 'Shutdown', remark: null },
    });
    expectError(response, 403, 'FORBIDDEN');
    const [stored] = await t.db.select().from(accounts).where(eq(accounts.id, tenant.id));
    expect(stored).toMatchObject({ workingStatus: 'ON', version: tenant.version });
    expect(await auditRowsFor(t.db, 'account', tenant.id)).toEqual([]);
  });
});

describe('GET /api/allSearchTenants/{q} and /api/searchTenants/{q}', () => {
  it('lets the platform account search every account, names starting with the term first', async () => {
    const { call } = await siteClient();
    const token = unique();
    const partner = await createAccount(t.db, { type: 'partner', name: `Zed ${token} Partner` });
    const tenant = await namedTenant(`${token} Industries`, { partnerId: partner.id });
    const response = await call({ method: 'GET', url: `/api/allSearchTenants/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: tenant.id,
        name: tenant.name,
        type: 'tenant',
        status: 'ENABLED',
        partnerName: partner.name,
        city: null,
      },
      {
        id: partner.id,
        name: partner.name,
        type: 'partner',
        status: 'ENABLED',
        partnerName: null,
        city: null,
      },
    ]);
  });

  it('refuses everyone else, also a site user acting for a tenant (403); 400 for a blank term; 401', async () => {
    const partner = await make.partner();
    const partnerClient = await clientFor(partner.id);
    expectError(
      await partnerClient.call({ method: 'GET', url: '/api/allSearchTenants/cement' }),
      403,
      'FORBIDDEN',
    );
    const tenant = await make.tenant();
    const acting = await clientFor(1, 'admin', { 'x-tenant-id': String(tenant.id) });
    expectError(await acting.call({ method: 'GET', url: '/api/allSearchTenants/cement' }), 403, 'FORBIDDEN');
    const { call } = await siteClient();
    const long = await call({ method: 'GET', url: '/api/allSearchTenants/%20%20' });
    expectError(long, 400, 'VALIDATION_FAILED');
    expect(long.json().error.details[0].path).toBe('params.searchString');
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/allSearchTenants/cement' }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('searches only the industries in scope', async () => {
    const token = unique();
    const partner = await make.partner();
    const mine = await namedTenant(`Search ${token} Mine`, { partnerId: partner.id });
    await namedTenant(`Search ${token} Theirs`);
    const { call } = await clientFor(partner.id, 'user');
    const response = await call({ method: 'GET', url: `/api/searchTenants/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/searchTenants/${token}` }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('GET /api/tenant-logo/tenants/{id}', () => {
  it('answers 404 without a logo and outside the scope; 401 without a session', async () => {
    const { call } = await siteClient();
    const created = await call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart(tenantForm(), { filename: 'l.png', contentType: 'image/png', data: PNG }),
    });
    const id = created.json().id;
    const plain = await make.tenant();
    expectError(await call({ method: 'GET', url: `/api/tenant-logo/tenants/${plain.id}` }), 404, 'NOT_FOUND');
    const stranger = await clientFor(plain.id);
    expect((await stranger.call({ method: 'GET', url: `/api/tenant-logo/tenants/${id}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/tenant-logo/tenants/${id}` })).statusCode).toBe(
      401,
    );
  });
});
