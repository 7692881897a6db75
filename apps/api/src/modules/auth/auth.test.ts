import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, SESSION_COOKIE, endpointKey } from '@vayu/domain';
import { accounts, auditLogs, sessions } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';

let t: TestContext;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await startTestApp({ loginMaxFailures: 3 });
  make = factories(t.db);
});

const login = (userName: string, password: string, headers: Record<string, string> = CONSOLE_HEADERS) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { userName, password } });

describe('POST /api/auth/login', () => {
  it('signs in, sets an httpOnly SameSite session cookie and returns the user', async () => {
    const user = await make.siteUser();
    const response = await login(user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      userName: user.email,
      userType: 'site',
      role: 'admin',
      account: { id: 1, type: 'site', partnerId: -1 },
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
    // only a digest of the token is stored
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(cookie.value);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const user = await make.siteUser();
    const wrongPassword = await login(user.email, 'Wrong#Pass1');
    const unknownUser = await login('nobody@test.example', 'Wrong#Pass1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(unknownUser.json().error).toEqual({
      ...wrongPassword.json().error,
      requestId: expect.any(String),
    });
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('does the same work for a known and an unknown user name: a password check and one row in the trail', async () => {
    const user = await make.siteUser();
    const unknown = `nobody.${user.id}@test.example`;
    await login(user.email, 'Wrong#Pass1');
    await login(unknown, 'Wrong#Pass1');
    const failures = await t.db
      .select({
        actorUserId: auditLogs.actorUserId,
        actorUserName: auditLogs.actorUserName,
        tenantId: auditLogs.tenantId,
      })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'LOGIN_FAILED'));
    expect(failures).toEqual(
      expect.arrayContaining([
        { actorUserId: user.id, actorUserName: user.email, tenantId: user.accountId },
        // The platform's trail keeps the name as typed, with no user and no account.
        { actorUserId: null, actorUserName: unknown, tenantId: null },
      ]),
    );
  });

  it('rate-limits repeated failures with 429, even when the password is then right', async () => {
    const user = await make.siteUser();
    for (let i = 0; i < 3; i++) expect((await login(user.email, `Wrong#Pass${i}`)).statusCode).toBe(401);
    const blocked = await login(user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
  });

  it('refuses a disabled user after checking the password', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    const admin = await make.siteUser();
    const asAdmin = asUser(t.app, await signIn(t.app, admin.email, admin.password));
    await asAdmin({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: [{ op: 'replace', att: 'status', value: 'DISABLED' }],
    });
    const disabled = await login(user.email, user.password);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error.code).toBe('USER_DISABLED');
    expect((await login(user.email, 'Wrong#Pass1')).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a user of a disabled account after checking the password', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    await t.db.update(accounts).set({ status: 'DISABLED' }).where(eq(accounts.id, tenant.id));
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ACCOUNT_DISABLED');
    expect(response.cookies).toHaveLength(0);
    expect((await login(user.email, 'Wrong#Pass1')).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('validates the body with field details', async () => {
    const response = await login('', '');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['userName', 'password']),
    );
  });

  it('writes a LOGIN audit row with request id and IP', async () => {
    const user = await make.siteUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...CONSOLE_HEADERS, 'x-request-id': 'req-login-audit-1' },
      payload: { userName: user.email, password: user.password },
    });
    expect(response.headers['x-request-id']).toBe('req-login-audit-1');
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.requestId, 'req-login-audit-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'LOGIN',
      entity: 'session',
      actorUserId: user.id,
      ip: '127.0.0.1',
    });
  });
});

describe('sessions', () => {
  it('GET /api/users/loggedin returns the signed-in user, and 401 without a session', async () => {
    const user = await make.siteUser('user');
    const token = await signIn(t.app, user.email, user.password);
    const me = await asUser(t.app, token)({ method: 'GET', url: '/api/users/loggedin' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      userName: user.email,
      userType: 'site',
      role: 'user',
      account: { id: 1 },
    });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/loggedin' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('accepts the token as a Bearer token for API clients', async () => {
    const user = await make.siteUser();
    const token = await signIn(t.app, user.email, user.password);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/loggedin',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('GET /api/logout ends the session and clears the cookie', async () => {
    const user = await make.siteUser();
    const token = await signIn(t.app, user.email, user.password);
    const client = asUser(t.app, token);
    const logout = await client({ method: 'GET', url: '/api/logout' });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await client({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(401);
  });

  it('POST /api/logout, what the console calls, ends the session and clears the cookie', async () => {
    const user = await make.siteUser();
    const client = asUser(t.app, await signIn(t.app, user.email, user.password));
    const signOut = await client({ method: 'POST', url: '/api/logout' });
    expect(signOut.statusCode).toBe(204);
    expect(signOut.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await client({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(401);
  });

  it('a sign-out from another site is refused and the session goes on (by POST or by a link)', async () => {
    const user = await make.siteUser();
    const token = await signIn(t.app, user.email, user.password);
    // A form posted from another site: the cross-site request rule of every write.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { [SESSION_COOKIE]: token },
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });
    // A link or an image on another site: the browser says the request is cross-site.
    for (const site of ['cross-site', 'same-site']) {
      const linked = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        cookies: { [SESSION_COOKIE]: token },
        headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      });
      expect(linked.statusCode).toBe(403);
      expect(linked.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });
    }
    expect((await asUser(t.app, token)({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(200);
    // The console's own link (same origin) still signs out.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      cookies: { [SESSION_COOKIE]: token },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(204);
  });

  it('does not accept an expired session', async () => {
    const user = await make.siteUser();
    const token = await signIn(t.app, user.email, user.password);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await asUser(t.app, token)({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(401);
  });

  it('answers 401 on every signed-in endpoint without a session', async () => {
    const defined = ALL_ENDPOINTS.filter((endpoint) => endpoint.access.kind !== 'public').map(endpointKey);
    expect(defined.length).toBeGreaterThan(3);
    for (const route of defined) {
      const [method, path] = route.split(' ') as [string, string];
      const response = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/:[a-zA-Z]+/g, '1'),
        headers: CONSOLE_HEADERS,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, route).toBe(401);
      expect(response.json().error.code, route).toBe('UNAUTHENTICATED');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/not-a-route' })).statusCode).toBe(401);
  });
});

describe('cross-site request protection', () => {
  it('refuses a mutating request that is neither JSON nor carries X-Requested-With', async () => {
    const user = await make.siteUser();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `userName=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`,
    });
    expect(form.statusCode).toBe(403);
    expect(form.json().error.code).toBe('CSRF_REJECTED');
  });

  it('refuses a request from another origin', async () => {
    const user = await make.siteUser();
    const response = await login(user.email, user.password, {
      ...CONSOLE_HEADERS,
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF_REJECTED');
  });

  it('accepts a JSON body from the same origin without the custom header', async () => {
    const user = await make.siteUser();
    const response = await login(user.email, user.password, {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(response.statusCode).toBe(200);
  });
});
