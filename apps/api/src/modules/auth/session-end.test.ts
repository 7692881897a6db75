import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { accounts } from '../../db/schema/index.js';
import { openPostgres } from '../../db/client.js';
import { factories } from '../../test/factories.js';
import { asUser, signIn, startTestApp, testConfig, type TestContext } from '../../test/harness.js';

/*
 * Issue "hostile input and sessions", finding 3: disabling an account ended
 * nothing, so its signed-in users went on reading and writing. A session now
 * ends with its account: the next request is 401, in every server process.
 */

let t: TestContext;
let site: ReturnType<typeof asUser>;

beforeAll(async () => {
  t = await startTestApp();
  const admin = await factories(t.db).siteUser();
  site = asUser(t.app, await signIn(t.app, admin.email, admin.password));
});

const setStatus = (id: number, status: 'ENABLED' | 'DISABLED') =>
  site({ method: 'POST', url: `/api/changeTenantStatus/${id}`, payload: { status } });

describe('a session ends with its account', () => {
  it("a disabled industry's signed-in user gets 401 on the next request, and not again after re-enabling", async () => {
    const make = factories(t.db);
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    const asTenant = asUser(t.app, await signIn(t.app, user.email, user.password));
    const edit = (city: string) =>
      asTenant({
        method: 'PATCH',
        url: `/api/tenants/${tenant.id}`,
        payload: [{ op: 'replace', att: 'city', value: city }],
      });
    expect((await asTenant({ method: 'GET', url: `/api/tenant-by-id/${tenant.id}` })).statusCode).toBe(200);
    expect((await edit('Valsad')).statusCode).toBe(200);

    expect((await setStatus(tenant.id, 'DISABLED')).statusCode).toBe(200);
    const read = await asTenant({ method: 'GET', url: `/api/tenant-by-id/${tenant.id}` });
    expect(read.statusCode).toBe(401);
    expect((await edit('Vapi')).statusCode).toBe(401);

    // Enabling the account again does not bring the old session back; signing in works again.
    expect((await setStatus(tenant.id, 'ENABLED')).statusCode).toBe(200);
    expect((await asTenant({ method: 'GET', url: `/api/tenant-by-id/${tenant.id}` })).statusCode).toBe(401);
    await expect(signIn(t.app, user.email, user.password)).resolves.toEqual(expect.any(String));
  });

  it("a disabled partner's admin can no longer list industries", async () => {
    const make = factories(t.db);
    const partner = await make.partner();
    const admin = await make.user(partner.id);
    const asPartner = asUser(t.app, await signIn(t.app, admin.email, admin.password));
    expect((await asPartner({ method: 'GET', url: '/api/tenants' })).statusCode).toBe(200);

    expect((await setStatus(partner.id, 'DISABLED')).statusCode).toBe(200);
    expect((await asPartner({ method: 'GET', url: '/api/tenants' })).statusCode).toBe(401);
  });

  it('a session is refused once its account is disabled, even when nothing ended it (a script, a restore)', async () => {
    const make = factories(t.db);
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    // Signed in, not yet looked up by any request; then the account is disabled in the database alone.
    const token = await signIn(t.app, user.email, user.password);
    await t.db.update(accounts).set({ status: 'DISABLED' }).where(eq(accounts.id, tenant.id));
    expect((await asUser(t.app, token)({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(401);
  });
});

const needsServer = 'needs DATABASE_URL: two server processes cannot share one embedded database';

describe.skipIf(!process.env.DATABASE_URL)(`two server processes on PostgreSQL (${needsServer})`, () => {
  let other: FastifyInstance;
  let closeOther: () => Promise<void>;

  beforeAll(async () => {
    // The second process reuses a session it has looked up for a minute: only the notice from the
    // first process can make it forget one in time.
    const database = await openPostgres((t.database as { url?: string }).url!, 2);
    other = await buildApp(testConfig({ sessionCacheMs: 60_000 }), database);
    await other.ready();
    closeOther = async () => {
      await other.close();
      await database.close();
    };
  });
  afterAll(async () => closeOther?.());

  it.each([
    ['its account is disabled', 'account'],
    ['the user is disabled', 'user'],
  ] as const)(
    'a session used in the other process ends there at once when %s in this one',
    async (_, what) => {
      const make = factories(t.db);
      const tenant = await make.tenant();
      const user = await make.user(tenant.id);
      const token = await signIn(t.app, user.email, user.password);
      const inOther = asUser(other, token);
      expect((await inOther({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(200);

      const ended =
        what === 'account'
          ? await setStatus(tenant.id, 'DISABLED')
          : await site({
              method: 'PATCH',
              url: `/api/users/${user.id}`,
              payload: [{ op: 'replace', att: 'status', value: 'DISABLED' }],
            });
      expect(ended.statusCode).toBe(200);
      // Delivered when the change commits: within milliseconds, and far sooner than the minute of reuse.
      await expect
        .poll(async () => (await inOther({ method: 'GET', url: '/api/users/loggedin' })).statusCode, {
          timeout: 5000,
          interval: 20,
        })
        .toBe(401);
    },
  );
});
