import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPORATE_EXISTS_MESSAGE } from '@vayu/domain';
import { accounts, corporates } from '../../db/schema/index.js';
import { createCorporate } from '../../seed/builders.js';
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

describe('GET /api/corporates', () => {
  it('lists corporates by type and status with the number of their industries', async () => {
    const { corporate } = await make.corporate();
    await make.tenant({ corporateId: corporate.id });
    await make.tenant({ corporateId: corporate.id });
    await make.tenant({ corporateId: corporate.id, status: 'DELETED' });
    const cluster = await createCorporate(t.db, { name: uniqueName('Cluster'), type: 'cluster' });
    const disabled = await createCorporate(t.db, { name: uniqueName('Old Group'), status: 'DISABLED' });
    const site = await siteAdmin();

    const all = await site({ method: 'GET', url: '/api/corporates' });
    expect(all.statusCode).toBe(200);
    const listed = all.json() as Array<{ id: number; tenantCount: number }>;
    expect(listed.find((c) => c.id === corporate.id)).toMatchObject({
      name: corporate.name,
      type: 'corporate',
      status: 'ENABLED',
      tenantCount: 2,
    });
    const clusters = (await site({ method: 'GET', url: '/api/corporates?type=cluster' })).json();
    expect(clusters.map((c: { id: number }) => c.id)).toContain(cluster.id);
    expect(clusters.map((c: { id: number }) => c.id)).not.toContain(corporate.id);
    const disabledOnly = (await site({ method: 'GET', url: '/api/corporates?status=DISABLED' })).json();
    expect(disabledOnly.map((c: { id: number }) => c.id)).toEqual([disabled.id]);
  });

  it('answers 400 for an unknown type, 401 without a session, 403 for non-site users', async () => {
    const site = await siteAdmin();
    const bad = await site({ method: 'GET', url: '/api/corporates?type=ngo' });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('querystring.type');
    expectError(await anonymous({ method: 'GET', url: '/api/corporates' }), 401, 'UNAUTHENTICATED');
    const { account } = await make.corporate();
    const corporateUser = await signInAs(await make.user(account.id, 'admin'));
    expectError(await corporateUser({ method: 'GET', url: '/api/corporates' }), 403, 'FORBIDDEN');
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    expectError(await partner({ method: 'GET', url: '/api/corporates' }), 403, 'FORBIDDEN');
  });
});

describe('POST /api/corporate', () => {
  it('creates the corporate and its corporate account together, with an audit row', async () => {
    const site = await siteAdmin();
    const name = uniqueName('Tata Steel');
    const response = await site({
      method: 'POST',
      url: '/api/corporate',
      payload: { name: `  ${name} `, type: 'government', contactEmail: ' EHS@Example.COM ' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name,
      type: 'government',
      status: 'ENABLED',
      contactEmail: 'ehs@example.com',
      tenantCount: 0,
    });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.corporateId, created.id));
    expect(account).toMatchObject({ type: 'corporate', name, contactEmail: 'ehs@example.com' });
    const [audit] = await auditRowsFor(t.db, 'corporate', created.id);
    expect(audit).toMatchObject({
      action: 'CREATE',
      tenantId: account!.id,
      newValue: { name, type: 'government', accountId: account!.id },
    });
  });

  it('defaults the type to corporate', async () => {
    const site = await siteAdmin();
    const response = await site({
      method: 'POST',
      url: '/api/corporate',
      payload: { name: uniqueName('Group') },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: 'corporate', contactEmail: null });
  });

  it('refuses a name already used, in any letter case (409), and creates nothing', async () => {
    const site = await siteAdmin();
    const name = uniqueName('Adani Power');
    expect((await site({ method: 'POST', url: '/api/corporate', payload: { name } })).statusCode).toBe(201);
    const again = await site({
      method: 'POST',
      url: '/api/corporate',
      payload: { name: name.toUpperCase() },
    });
    expectError(again, 409, 'CORPORATE_EXISTS');
    expect(again.json().error.message).toBe(CORPORATE_EXISTS_MESSAGE);
    const rows = await t.db.select().from(corporates);
    expect(rows.filter((c) => c.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
    const corporateAccounts = await t.db.select().from(accounts).where(eq(accounts.type, 'corporate'));
    expect(corporateAccounts.filter((a) => a.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it('keeps a duplicate out when two requests race', async () => {
    const site = await siteAdmin();
    const name = uniqueName('Racing Group');
    const results = await Promise.all([
      site({ method: 'POST', url: '/api/corporate', payload: { name } }),
      site({ method: 'POST', url: '/api/corporate', payload: { name } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('validates with field details (400) and refuses unknown fields', async () => {
    const site = await siteAdmin();
    const response = await site({
      method: 'POST',
      url: '/api/corporate',
      payload: { name: ' ', type: 'ngo', contactEmail: 'nope' },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = response.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'type', 'contactEmail']));
    const extra = await site({
      method: 'POST',
      url: '/api/corporate',
      payload: { name: uniqueName('Extra'), status: 'DISABLED' },
    });
    expectError(extra, 400, 'VALIDATION_FAILED');
  });

  it('answers 401 without a session and 403 for non-site users', async () => {
    const payload = { name: uniqueName('Nobody') };
    expectError(
      await anonymous({ method: 'POST', url: '/api/corporate', headers: CONSOLE_HEADERS, payload }),
      401,
      'UNAUTHENTICATED',
    );
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    expectError(await partner({ method: 'POST', url: '/api/corporate', payload }), 403, 'FORBIDDEN');
    const rows = await t.db.select().from(corporates).where(eq(corporates.name, payload.name));
    expect(rows).toHaveLength(0);
  });
});
