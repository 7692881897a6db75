import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  META_SHEET_COLUMNS,
  PLATFORM_ACCOUNT_ID,
  type AppVendor,
  type AppVendorTenant,
  type AppVendorWithToken,
  type AvailableTenants,
  type Page,
  type TenantAppVendor,
} from '@vayu/domain';
import { accounts, appVendors, dataTokens, deviceParams, devices } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';
import { failAuditWritesOf } from '../cameras/cameras.test-support.js';
import { resolveDataToken } from '../telemetry/data-tokens.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const unique = () => randomBytes(4).toString('hex');
type Client = Awaited<ReturnType<typeof clientFor>>;

async function addApp(client: Client, overrides: Record<string, unknown> = {}) {
  const response = await client.call({
    method: 'POST',
    url: '/api/appVendors',
    payload: { appId: `hub-${unique()}`, appName: `Data Hub ${unique()}`, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AppVendorWithToken;
}

async function addTenants(client: Client, appId: number, listOftenantIds: number[]) {
  return client.call({
    method: 'POST',
    url: `/api/appVendors/${appId}/tenants`,
    payload: { listOftenantIds },
  });
}

async function appTenants(client: Client, appId: number) {
  const response = await client.call({ method: 'GET', url: `/api/appVendors/${appId}/tenants` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Page<AppVendorTenant>).items.map((item) => item.tenantId);
}

async function listedApp(client: Client, id: number) {
  const response = await client.call({ method: 'GET', url: '/api/appVendors?pageSize=100' });
  expect(response.statusCode, response.body).toBe(200);
  return {
    body: response.body,
    app: (response.json() as Page<AppVendor>).items.find((item) => item.id === id),
  };
}

const liveTokens = (appId: number) =>
  t.db
    .select()
    .from(dataTokens)
    .where(eq(dataTokens.appVendorId, appId))
    .then((rows) => rows.filter((row) => row.revokedAt === null));

describe('POST /api/appVendors', () => {
  it('adds an app with its first token, shown once; the list shows its last characters only', async () => {
    const response = await site.call({
      method: 'POST',
      url: '/api/appVendors',
      payload: { appId: '  Acme-Data-Hub  ', appName: '  Acme Data Hub  ' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as AppVendorWithToken;
    expect(created).toMatchObject({
      appId: 'acme-data-hub',
      appName: 'Acme Data Hub',
      partner: null,
      tenantCount: 0,
    });
    expect(created.token).toMatch(/^vat_[A-Za-z0-9_-]{40,}$/);
    expect(created.tokenHint).toBe(`••••${created.token.slice(-4)}`);

    const { body, app } = await listedApp(site, created.id);
    expect(body).not.toContain(created.token);
    const { token: _shownOnce, ...shown } = created;
    expect(app).toEqual(shown);

    // The token is stored as a hash only, and speaks for the app (no industries yet).
    const [stored] = await liveTokens(created.id);
    expect(stored!.tokenHash).not.toContain(created.token);
    const sender = await resolveDataToken(t.db, created.token);
    expect(sender).toMatchObject({ kind: 'app', ownerId: created.id, tenantId: null });
    expect([...sender!.tenantIds]).toEqual([]);

    const [audit] = await auditRowsFor(t.db, 'app_vendor', created.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: null, oldValue: null });
    expect(audit!.newValue).toEqual({ appId: 'acme-data-hub', appName: 'Acme Data Hub', partner: null });
    const [issued] = await auditRowsFor(t.db, 'data_token', stored!.id);
    expect(issued).toMatchObject({ action: 'TOKEN_ISSUED' });
    expect(issued!.newValue).toMatchObject({ appVendorId: created.id, keyHint: created.tokenHint });
    expect(JSON.stringify([audit, issued])).not.toContain(created.token);
  });

  it('refuses an app id or name another app has, whatever the case, naming the field (409)', async () => {
    const first = await addApp(site);
    const sameId = await site.call({
      method: 'POST',
      url: '/api/appVendors',
      payload: { appId: first.appId.toUpperCase(), appName: `Other ${unique()}` },
    });
    expectError(sameId, 409, 'APP_VENDOR_EXISTS');
    expect(sameId.json().error.details).toEqual([
      { path: 'appId', message: 'Another app already has this app ID.', code: 'FIELD_TAKEN' },
    ]);
    const sameName = await site.call({
      method: 'POST',
      url: '/api/appVendors',
      payload: { appId: `other-${unique()}`, appName: first.appName.toLowerCase() },
    });
    expectError(sameName, 409, 'APP_VENDOR_EXISTS');
    expect(sameName.json().error.details.map((d: { path: string }) => d.path)).toEqual(['appName']);
  });

  it('refuses a malformed app id and name, naming each, and stores nothing', async () => {
    const before = await t.db.select().from(appVendors);
    const response = await site.call({
      method: 'POST',
      url: '/api/appVendors',
      payload: { appId: 'no spaces!', appName: 'x' },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = (response.json().error.details as { path: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['appId', 'appName']));
    const short = await site.call({ method: 'POST', url: '/api/appVendors', payload: { appId: 'ab' } });
    expectError(short, 400, 'VALIDATION_FAILED');
    expect(await t.db.select().from(appVendors)).toHaveLength(before.length);
  });

  it('adds nothing when the audit row cannot be written', async () => {
    const undo = await failAuditWritesOf(t.db, 'app_vendor', 'CREATE');
    const appId = `rollback-${unique()}`;
    try {
      const response = await site.call({
        method: 'POST',
        url: '/api/appVendors',
        payload: { appId, appName: `Rollback ${unique()}` },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await t.db.select().from(appVendors).where(eq(appVendors.appId, appId))).toEqual([]);
  });
});

describe('PUT /api/appVendors/{id}/token', () => {
  it('revokes the live token at once and answers a new one, shown once', async () => {
    const app = await addApp(site);
    const industry = await make.tenant();
    expect((await addTenants(site, app.id, [industry.id])).statusCode).toBe(200);
    expect(await resolveDataToken(t.db, app.token)).not.toBeNull();
    const [oldRow] = await liveTokens(app.id);

    const response = await site.call({ method: 'PUT', url: `/api/appVendors/${app.id}/token` });
    expect(response.statusCode, response.body).toBe(200);
    const renewed = response.json() as AppVendorWithToken;
    expect(renewed.token).not.toBe(app.token);
    expect(renewed.tokenHint).toBe(`••••${renewed.token.slice(-4)}`);
    expect(renewed.tenantCount).toBe(1);

    expect(await resolveDataToken(t.db, app.token)).toBeNull();
    const sender = await resolveDataToken(t.db, renewed.token);
    expect(sender).toMatchObject({ kind: 'app', ownerId: app.id });
    expect([...sender!.tenantIds]).toEqual([industry.id]);
    expect(await liveTokens(app.id)).toHaveLength(1);

    const { app: listed } = await listedApp(site, app.id);
    expect(listed?.tokenHint).toBe(renewed.tokenHint);
    const [revoked] = await auditRowsFor(t.db, 'data_token', oldRow!.id);
    expect(revoked).toMatchObject({ action: 'TOKEN_REVOKED', newValue: null });
    expect(JSON.stringify(revoked)).not.toContain(app.token);
  });

  it('answers 404 for an app that does not exist or is another partner’s', async () => {
    expectError(await site.call({ method: 'PUT', url: '/api/appVendors/999999/token' }), 404, 'NOT_FOUND');
    const partnerAccount = await make.partner();
    const partner = await clientFor(t, partnerAccount.id, 'admin');
    const sitesApp = await addApp(site);
    expectError(
      await partner.call({ method: 'PUT', url: `/api/appVendors/${sitesApp.id}/token` }),
      404,
      'NOT_FOUND',
    );
    // The platform's app still has its token.
    expect(await resolveDataToken(t.db, sitesApp.token)).not.toBeNull();
  });
});

describe('an app’s industries', () => {
  it('adds industries once, lists them by name, and offers only those not added yet', async () => {
    const app = await addApp(site);
    const suffix = unique();
    const alpha = await make.tenant();
    const beta = await make.tenant();
    // Names that sort and search predictably.
    await t.db
      .update(accounts)
      .set({ name: `Alpha Cement ${suffix}` })
      .where(eq(accounts.id, alpha.id));
    await t.db
      .update(accounts)
      .set({ name: `Beta Cement ${suffix}` })
      .where(eq(accounts.id, beta.id));

    const first = await addTenants(site, app.id, [beta.id]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ added: 1, alreadyAdded: 0 });
    const second = await addTenants(site, app.id, [alpha.id, beta.id]);
    expect(second.json()).toEqual({ added: 1, alreadyAdded: 1 });

    const list = await site.call({ method: 'GET', url: `/api/appVendors/${app.id}/tenants` });
    const page = list.json() as Page<AppVendorTenant>;
    expect(page.items.map((item) => item.name)).toEqual([`Alpha Cement ${suffix}`, `Beta Cement ${suffix}`]);
    expect(page.items[0]!.addedBy).toBe(site.user.name);
    expect(page.total).toBe(2);

    const available = await site.call({
      method: 'GET',
      url: `/api/appVendors/${app.id}/tenants/available?search=${suffix}`,
    });
    expect(available.statusCode, available.body).toBe(200);
    expect((available.json() as AvailableTenants).items).toEqual([]);
    const gamma = await make.tenant();
    await t.db
      .update(accounts)
      .set({ name: `Gamma Cement ${suffix}` })
      .where(eq(accounts.id, gamma.id));
    const offered = await site.call({
      method: 'GET',
      url: `/api/appVendors/${app.id}/tenants/available?search=cement%20${suffix}`,
    });
    expect(offered.json()).toMatchObject({ items: [{ id: gamma.id }], limit: 25 });

    const audits = (await auditRowsFor(t.db, 'app_vendor', app.id)).filter(
      (row) => row.action === 'TENANTS_ADDED',
    );
    expect(audits.map((row) => row.tenantId).sort()).toEqual([alpha.id, beta.id].sort());
    const sender = await resolveDataToken(t.db, app.token, Date.now() + 60_000);
    expect([...sender!.tenantIds].sort()).toEqual([alpha.id, beta.id].sort());
  });

  it('refuses unknown ids, an empty list and repeated ids, adding none of the batch', async () => {
    const app = await addApp(site);
    const industry = await make.tenant();
    const unknown = await addTenants(site, app.id, [industry.id, 999999]);
    expectError(unknown, 404, 'NOT_FOUND');
    expect(unknown.json().error.details).toEqual([
      { path: 'listOftenantIds.1', message: 'Industry not found.', code: 'FIELD_UNKNOWN' },
    ]);
    // A partner account is not an industry.
    const partnerAccount = await make.partner();
    expectError(await addTenants(site, app.id, [partnerAccount.id]), 404, 'NOT_FOUND');
    expectError(await addTenants(site, app.id, []), 400, 'VALIDATION_FAILED');
    expectError(await addTenants(site, app.id, [industry.id, industry.id]), 400, 'VALIDATION_FAILED');
    expect(await appTenants(site, app.id)).toEqual([]);
  });

  it('removes an industry after which the app’s token no longer speaks for it', async () => {
    const app = await addApp(site);
    const industry = await make.tenant();
    await addTenants(site, app.id, [industry.id]);
    const removed = await site.call({
      method: 'DELETE',
      url: `/api/appVendors/${app.id}/tenants/${industry.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await appTenants(site, app.id)).toEqual([]);
    const sender = await resolveDataToken(t.db, app.token, Date.now() + 60_000);
    expect([...sender!.tenantIds]).toEqual([]);
    const [audit] = await auditRowsFor(t.db, 'app_vendor', app.id);
    expect(audit).toMatchObject({ action: 'UPDATE', tenantId: industry.id });
    expectError(
      await site.call({ method: 'DELETE', url: `/api/appVendors/${app.id}/tenants/${industry.id}` }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('partners’ apps', () => {
  it('a partner adds its own app and only its own industries to it; it sees only its own apps', async () => {
    const partnerAccount = await make.partner();
    const partner = await clientFor(t, partnerAccount.id, 'admin');
    const own = await make.tenant({ partnerId: partnerAccount.id });
    const otherPartner = await make.partner();
    const strangers = await make.tenant({ partnerId: otherPartner.id });
    const platforms = await make.tenant();

    const app = await addApp(partner);
    expect(app.partner).toEqual({ id: partnerAccount.id, name: partnerAccount.name });
    const [audit] = await auditRowsFor(t.db, 'app_vendor', app.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: partnerAccount.id });

    const refused = await addTenants(partner, app.id, [own.id, strangers.id]);
    expectError(refused, 404, 'NOT_FOUND');
    expect(refused.json().error.details[0].path).toBe('listOftenantIds.1');
    expect(await appTenants(partner, app.id)).toEqual([]);
    expect((await addTenants(partner, app.id, [own.id])).json()).toEqual({ added: 1, alreadyAdded: 0 });

    // The platform sees the partner's app but may add only the partner's industries to it.
    const bySite = await addTenants(site, app.id, [platforms.id]);
    expectError(bySite, 422, 'BUSINESS_RULE');
    expect(bySite.json().error.details[0].path).toBe('listOftenantIds.0');

    const available = await partner.call({
      method: 'GET',
      url: `/api/appVendors/${app.id}/tenants/available`,
    });
    expect((available.json() as AvailableTenants).items.map((item) => item.id)).not.toContain(strangers.id);

    const sitesApp = await addApp(site);
    const listed = await partner.call({ method: 'GET', url: '/api/appVendors?pageSize=100' });
    const ids = (listed.json() as Page<AppVendor>).items.map((item) => item.id);
    expect(ids).toEqual([app.id]);
    expect(ids).not.toContain(sitesApp.id);
    expectError(
      await partner.call({ method: 'GET', url: `/api/appVendors/${sitesApp.id}/tenants` }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses partner users who are not admins and industry users (403)', async () => {
    const partnerAccount = await make.partner();
    const partnerUser = await clientFor(t, partnerAccount.id, 'user');
    const industry = await make.tenant();
    const industryAdmin = await clientFor(t, industry.id, 'admin');
    for (const client of [partnerUser, industryAdmin]) {
      expectError(await client.call({ method: 'GET', url: '/api/appVendors' }), 403, 'FORBIDDEN');
      expectError(
        await client.call({
          method: 'POST',
          url: '/api/appVendors',
          payload: { appId: 'abc', appName: 'Abc' },
        }),
        403,
        'FORBIDDEN',
      );
    }
  });
});

describe('GET /api/tenants/{tenantId}/appVendors', () => {
  it('lists the apps that may send an industry’s readings to its own users; another industry’s is 404', async () => {
    const industry = await make.tenant();
    const other = await make.tenant();
    const app = await addApp(site, { appName: `Zeta Hub ${unique()}` });
    await addTenants(site, app.id, [industry.id]);
    const own = await clientFor(t, industry.id, 'user');
    const response = await own.call({ method: 'GET', url: `/api/tenants/${industry.id}/appVendors` });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page<TenantAppVendor>;
    expect(page.items).toEqual([
      { id: app.id, appId: app.appId, appName: app.appName, addedAt: expect.any(String) },
    ]);
    expect(response.body).not.toContain(app.token);
    expectError(
      await own.call({ method: 'GET', url: `/api/tenants/${other.id}/appVendors` }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('POST /api/vendorMetaSheetForPost/{tenantId}/{tenantName}', () => {
  it('answers a CSV of the industry’s enabled devices and parameters with the ids and units to send', async () => {
    const industry = await make.tenant();
    const build = deviceFactories(t.db);
    const point = await build.monitoringPoint(industry.id, 'Kiln Stack 1');
    const analyser = await build.device(industry.id, { monitoringPointId: point.id, name: 'CEMS Analyser' });
    // A second, disabled parameter row and a disabled device: neither is in the sheet.
    const dust = await build.parameter(`PM ${unique()}`);
    await t.db.insert(deviceParams).values({
      deviceId: analyser.device.id,
      tenantId: industry.id,
      parameterId: dust.id,
      unit: 'mg/Nm3',
      enabled: false,
    });
    const spare = await build.device(industry.id, { monitoringPointId: point.id, name: '=HYPERLINK("x")' });
    await t.db.update(devices).set({ status: 'DISABLED' }).where(eq(devices.id, spare.device.id));
    const formula = await build.device(industry.id, { monitoringPointId: point.id, name: '=SUM(A1)' });

    const response = await site.call({
      method: 'POST',
      url: `/api/vendorMetaSheetForPost/${industry.id}/${encodeURIComponent('Kiln Works / Unit 1')}`,
      headers: { 'x-module': 'enviro' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Kiln Works Unit 1 - meta sheet.csv"; filename*=UTF-8''Kiln%20Works%20Unit%201%20-%20meta%20sheet.csv`,
    );
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(META_SHEET_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    const analyserLine = lines.find((line) => line.includes('CEMS Analyser'))!;
    expect(analyserLine).toBe(
      [
        industry.id,
        industry.name,
        point.id,
        'Kiln Stack 1',
        'stack',
        analyser.device.id,
        'CEMS Analyser',
        analyser.device.serialNumber,
        analyser.parameter.id,
        analyser.parameter.paramKey,
        analyser.parameter.label,
        'mg/Nm3',
        'mg/Nm3',
        'mg/Nm3 | mg/m3 | ug/m3 | ppm | ppb',
      ].join(','),
    );
    expect(response.body).not.toContain(dust.paramKey);
    expect(response.body).not.toContain('HYPERLINK');
    // A name a spreadsheet would run as a formula is written as text.
    expect(lines.find((line) => line.includes(String(formula.device.id)))).toContain(`,'=SUM(A1),`);
  });

  it('answers 404 for an industry the caller does not see, and an empty sheet for one without devices', async () => {
    const partnerAccount = await make.partner();
    const partner = await clientFor(t, partnerAccount.id, 'admin');
    const strangers = await make.tenant();
    expectError(
      await partner.call({ method: 'POST', url: `/api/vendorMetaSheetForPost/${strangers.id}/x` }),
      404,
      'NOT_FOUND',
    );
    const own = await make.tenant({ partnerId: partnerAccount.id });
    const empty = await partner.call({ method: 'POST', url: `/api/vendorMetaSheetForPost/${own.id}/Own` });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.body.slice(1).trimEnd().split('\r\n')).toEqual([META_SHEET_COLUMNS.join(',')]);
  });
});
