import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_EXISTS_MESSAGE, CONFLICT_MESSAGE } from '@vayu/domain';
import { accounts, industryCategories } from '../../db/schema/index.js';
import { createAccount, createIndustryCategory } from '../../seed/builders.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { expectError } from '../accounts/partners.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
});

let seq = 0;
const uniqueName = (label: string) => `${label} ${Date.now().toString(36)} ${++seq}`;

async function signInAs(user: { email: string; password: string }) {
  return asUser(t.app, await signIn(t.app, user.email, user.password));
}
const siteAdmin = async () => signInAs(await make.siteUser('admin'));
const anonymous = (options: InjectOptions) => t.app.inject(options);
type Category = { id: number; name: string; status: string; tenantCount: number; version: number };

async function addCategory(name = uniqueName('Cement')) {
  const response = await (await siteAdmin())({ method: 'POST', url: '/api/industry', payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json() as Category;
}

describe('GET /api/industries', () => {
  it('lists categories still offered with the number of industries using each; deleted ones on request', async () => {
    const used = await createIndustryCategory(t.db, uniqueName('Distillery'));
    const deleted = await createIndustryCategory(t.db, uniqueName('Tannery'));
    await t.db
      .update(industryCategories)
      .set({ status: 'DELETED' })
      .where(eq(industryCategories.id, deleted.id));
    await createAccount(t.db, { type: 'tenant', name: uniqueName('Plant'), industryCategoryId: used.id });
    await createAccount(t.db, { type: 'tenant', name: uniqueName('Plant'), industryCategoryId: used.id });
    await createAccount(t.db, { type: 'tenant', name: uniqueName('Plant'), industryCategoryId: deleted.id });

    const site = await siteAdmin();
    const offered = (await site({ method: 'GET', url: '/api/industries' })).json() as Category[];
    expect(offered.find((c) => c.id === used.id)).toMatchObject({
      name: used.name,
      status: 'ENABLED',
      tenantCount: 2,
    });
    expect(offered.map((c) => c.id)).not.toContain(deleted.id);
    const all = (
      await site({ method: 'GET', url: '/api/industries?includeDeleted=true' })
    ).json() as Category[];
    expect(all.find((c) => c.id === deleted.id)).toMatchObject({ status: 'DELETED', tenantCount: 1 });

    // every signed-in user needs the list for the industry form, but only the offered categories
    const tenantUser = await signInAs(await make.user((await make.tenant()).id, 'user'));
    const forForm = await tenantUser({ method: 'GET', url: '/api/industries?includeDeleted=true' });
    expect(forForm.statusCode).toBe(200);
    expect((forForm.json() as Category[]).map((c) => c.id)).not.toContain(deleted.id);
  });

  it('answers 400 for a bad flag and 401 without a session', async () => {
    const site = await siteAdmin();
    const bad = await site({ method: 'GET', url: '/api/industries?includeDeleted=maybe' });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('querystring.includeDeleted');
    expectError(await anonymous({ method: 'GET', url: '/api/industries' }), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/industry', () => {
  it('adds a category with trimmed text and an audit row', async () => {
    const name = uniqueName('Sugar');
    const site = await siteAdmin();
    const response = await site({ method: 'POST', url: '/api/industry', payload: { name: `   ${name}  ` } });
    expect(response.statusCode).toBe(201);
    const created = response.json() as Category;
    expect(created).toMatchObject({ name, status: 'ENABLED', tenantCount: 0 });
    expect(created.version).toBeGreaterThan(0);
    const [audit] = await auditRowsFor(t.db, 'industry_category', created.id);
    expect(audit).toMatchObject({ action: 'CREATE', newValue: { name, status: 'ENABLED' } });
  });

  it('refuses a duplicate name in any letter case (409), but a deleted name may be used again', async () => {
    const existing = await addCategory();
    const site = await siteAdmin();
    const dup = await site({
      method: 'POST',
      url: '/api/industry',
      payload: { name: ` ${existing.name.toUpperCase()} ` },
    });
    expectError(dup, 409, 'CATEGORY_EXISTS');
    expect(dup.json().error.message).toBe(CATEGORY_EXISTS_MESSAGE);
    expect((await site({ method: 'DELETE', url: `/api/industry/${existing.id}` })).statusCode).toBe(200);
    expect(
      (await site({ method: 'POST', url: '/api/industry', payload: { name: existing.name } })).statusCode,
    ).toBe(201);
  });

  it('validates with field details (400) and refuses unknown fields', async () => {
    const site = await siteAdmin();
    const blank = await site({ method: 'POST', url: '/api/industry', payload: { name: '   ' } });
    expectError(blank, 400, 'VALIDATION_FAILED');
    expect(blank.json().error.details[0]).toMatchObject({ path: 'name', message: 'This field is required' });
    const extra = await site({
      method: 'POST',
      url: '/api/industry',
      payload: { name: uniqueName('X'), status: 'DELETED' },
    });
    expectError(extra, 400, 'VALIDATION_FAILED');
  });

  it('answers 401 without a session and 403 for non-site users', async () => {
    const payload = { name: uniqueName('Nobody') };
    expectError(
      await anonymous({ method: 'POST', url: '/api/industry', headers: CONSOLE_HEADERS, payload }),
      401,
      'UNAUTHENTICATED',
    );
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    expectError(await partner({ method: 'POST', url: '/api/industry', payload }), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/industry/{id}', () => {
  it('renames from the current version (audit old and new); the old version then gets 409', async () => {
    const category = await addCategory();
    const site = await siteAdmin();
    const name = uniqueName('Renamed');
    const response = await site({
      method: 'PUT',
      url: `/api/industry/${category.id}`,
      payload: { name: ` ${name} `, version: category.version },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json() as Category;
    expect(updated).toMatchObject({ id: category.id, name });
    expect(updated.version).not.toBe(category.version);
    const [audit] = await auditRowsFor(t.db, 'industry_category', category.id);
    expect(audit).toMatchObject({ action: 'UPDATE', oldValue: { name: category.name }, newValue: { name } });

    const stale = await site({
      method: 'PUT',
      url: `/api/industry/${category.id}`,
      payload: { name: uniqueName('Lost'), version: category.version },
    });
    expectError(stale, 409, 'STALE_VERSION');
    expect(stale.json().error.message).toBe(CONFLICT_MESSAGE);
    const [row] = await t.db.select().from(industryCategories).where(eq(industryCategories.id, category.id));
    expect(row!.name).toBe(name);
    // two quick saves each get a new version
    const again = await site({
      method: 'PUT',
      url: `/api/industry/${category.id}`,
      payload: { name, version: updated.version },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().version).not.toBe(updated.version);
  });

  it("refuses another category's name (409)", async () => {
    const first = await addCategory();
    const second = await addCategory();
    const site = await siteAdmin();
    const response = await site({
      method: 'PUT',
      url: `/api/industry/${second.id}`,
      payload: { name: first.name.toLowerCase(), version: second.version },
    });
    expectError(response, 409, 'CATEGORY_EXISTS');
    expect(response.json().error.message).toBe(CATEGORY_EXISTS_MESSAGE);
  });

  it('validates with field details (400) and refuses status in the body', async () => {
    const category = await addCategory();
    const site = await siteAdmin();
    const response = await site({
      method: 'PUT',
      url: `/api/industry/${category.id}`,
      payload: { name: '' },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['name', 'version']),
    );
    const mass = await site({
      method: 'PUT',
      url: `/api/industry/${category.id}`,
      payload: { name: category.name, version: category.version, status: 'DELETED' },
    });
    expectError(mass, 400, 'VALIDATION_FAILED');
  });

  it('answers 404 for an unknown or deleted category, 403 for non-site users, 401 anonymous', async () => {
    const category = await addCategory();
    const site = await siteAdmin();
    const payload = { name: uniqueName('Y'), version: category.version };
    expectError(await site({ method: 'PUT', url: '/api/industry/999999', payload }), 404, 'NOT_FOUND');
    const tenantAdmin = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    expectError(
      await tenantAdmin({ method: 'PUT', url: `/api/industry/${category.id}`, payload }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await anonymous({
        method: 'PUT',
        url: `/api/industry/${category.id}`,
        headers: CONSOLE_HEADERS,
        payload,
      }),
      401,
      'UNAUTHENTICATED',
    );
    await site({ method: 'DELETE', url: `/api/industry/${category.id}` });
    expect((await site({ method: 'PUT', url: `/api/industry/${category.id}`, payload })).statusCode).toBe(
      404,
    );
  });
});

describe('DELETE /api/industry/{id}', () => {
  it('marks the category DELETED, keeps the row and the industries using it, and audits it', async () => {
    const category = await addCategory();
    const tenant = await createAccount(t.db, {
      type: 'tenant',
      name: uniqueName('Plant'),
      industryCategoryId: category.id,
    });
    const site = await siteAdmin();
    const response = await site({ method: 'DELETE', url: `/api/industry/${category.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: category.id, status: 'DELETED', tenantCount: 1 });
    const [row] = await t.db.select().from(industryCategories).where(eq(industryCategories.id, category.id));
    expect(row).toMatchObject({ name: category.name, status: 'DELETED' });
    const [plant] = await t.db.select().from(accounts).where(eq(accounts.id, tenant.id));
    expect(plant!.industryCategoryId).toBe(category.id);
    const offered = (await site({ method: 'GET', url: '/api/industries' })).json() as Category[];
    expect(offered.map((c) => c.id)).not.toContain(category.id);
    const [audit] = await auditRowsFor(t.db, 'industry_category', category.id);
    expect(audit).toMatchObject({
      action: 'DELETE',
      oldValue: { status: 'ENABLED' },
      newValue: { status: 'DELETED', name: category.name },
    });
    expectError(await site({ method: 'DELETE', url: `/api/industry/${category.id}` }), 404, 'NOT_FOUND');
  });

  it('answers 400 for a bad id, 401 anonymous, 403 for non-site users', async () => {
    const category = await addCategory();
    const site = await siteAdmin();
    const bad = await site({ method: 'DELETE', url: '/api/industry/abc' });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('params.id');
    expectError(
      await anonymous({ method: 'DELETE', url: `/api/industry/${category.id}`, headers: CONSOLE_HEADERS }),
      401,
      'UNAUTHENTICATED',
    );
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    expectError(await partner({ method: 'DELETE', url: `/api/industry/${category.id}` }), 403, 'FORBIDDEN');
    const [row] = await t.db.select().from(industryCategories).where(eq(industryCategories.id, category.id));
    expect(row!.status).toBe('ENABLED');
  });
});
