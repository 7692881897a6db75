import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';

let t: TestContext;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
});

const NEW_PASSWORD = 'N3w#Passw0rd';
const changePassword = (token: string, userId: number, password: string) =>
  asUser(
    t.app,
    token,
  )({ method: 'POST', url: `/api/users/${userId}/password/update`, payload: { password } });
const setStatus = (token: string, userId: number, value: string) =>
  asUser(
    t.app,
    token,
  )({ method: 'PATCH', url: `/api/users/${userId}`, payload: [{ op: 'replace', att: 'status', value }] });

describe('POST /api/users/{id}/password/update', () => {
  it('changes the own password: the new one signs in, the old one does not, other sessions end', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id, 'user');
    const token = await signIn(t.app, user.email, user.password);
    const otherDevice = await signIn(t.app, user.email, user.password);

    const response = await changePassword(token, user.id, NEW_PASSWORD);
    expect(response.statusCode).toBe(204);

    expect((await asUser(t.app, token)({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(200);
    expect((await asUser(t.app, otherDevice)({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(
      401,
    );
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
    await expect(signIn(t.app, user.email, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('writes an audit row that holds no password or hash', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    const token = await signIn(t.app, user.email, user.password);
    await changePassword(token, user.id, NEW_PASSWORD);
    const [row] = await auditRowsFor(t.db, 'user', user.id);
    expect(row).toMatchObject({
      action: 'PASSWORD_CHANGE',
      actorUserId: user.id,
      tenantId: tenant.id,
      entityId: String(user.id),
    });
    expect(row!.requestId).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(row)).not.toMatch(/argon2/);
  });

  it.each([
    ['Ab1#abc', 'too short (7)'],
    ['Ab1#abcdefghijkl', 'too long (16)'],
    ['ab1#abcdef', 'no capital'],
    ['AB1#ABCDEF', 'no small letter'],
    ['Abc#abcdef', 'no digit'],
    ['Abc1abcdef', 'no special character'],
  ])('refuses %s (%s) with field details and changes nothing', async (password) => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    const token = await signIn(t.app, user.email, user.password);
    const response = await changePassword(token, user.id, password);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].path).toBe('password');
    await expect(signIn(t.app, user.email, user.password)).resolves.toBeTruthy();
    expect(await auditRowsFor(t.db, 'user', user.id)).toHaveLength(0);
  });

  it('accepts the boundaries: 8 and 15 characters', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    const token = await signIn(t.app, user.email, user.password);
    expect((await changePassword(token, user.id, 'Ab1#abcd')).statusCode).toBe(204);
    expect((await changePassword(token, user.id, 'Ab1#abcdefghijk')).statusCode).toBe(204);
  });

  it("lets an account admin set a user's password, but not a plain user (403)", async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const colleague = await make.user(tenant.id, 'user');
    const adminToken = await signIn(t.app, admin.email, admin.password);
    const colleagueOldSession = await signIn(t.app, colleague.email, colleague.password);
    expect((await changePassword(adminToken, colleague.id, NEW_PASSWORD)).statusCode).toBe(204);
    // a password set by an admin ends every session of that user
    expect(
      (await asUser(t.app, colleagueOldSession)({ method: 'GET', url: '/api/users/loggedin' })).statusCode,
    ).toBe(401);
    const colleagueToken = await signIn(t.app, colleague.email, NEW_PASSWORD);
    expect((await changePassword(colleagueToken, admin.id, 'Other#Pass12')).statusCode).toBe(403);
    await expect(signIn(t.app, admin.email, admin.password)).resolves.toBeTruthy();
  });

  it("answers 404 for another tenant's user", async () => {
    const mine = await make.tenant();
    const theirs = await make.tenant();
    const me = await make.user(mine.id, 'admin');
    const stranger = await make.user(theirs.id, 'user');
    const token = await signIn(t.app, me.email, me.password);
    const response = await changePassword(token, stranger.id, NEW_PASSWORD);
    expect(response.statusCode).toBe(404);
    await expect(signIn(t.app, stranger.email, stranger.password)).resolves.toBeTruthy();
  });

  it('refuses unknown fields in the body (only the password can be sent)', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id, 'user');
    const token = await signIn(t.app, user.email, user.password);
    const response = await asUser(
      t.app,
      token,
    )({
      method: 'POST',
      url: `/api/users/${user.id}/password/update`,
      payload: { password: NEW_PASSWORD, role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('user');
  });
});

describe('PATCH /api/users/{id}', () => {
  it('disables a user: audit row with old and new status, their sessions end', async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const user = await make.user(tenant.id, 'user');
    const userToken = await signIn(t.app, user.email, user.password);
    const adminToken = await signIn(t.app, admin.email, admin.password);

    const response = await setStatus(adminToken, user.id, 'DISABLED');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, status: 'DISABLED' });
    expect((await asUser(t.app, userToken)({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(
      401,
    );

    const [row] = await auditRowsFor(t.db, 'user', user.id);
    expect(row).toMatchObject({
      action: 'STATUS_CHANGE',
      actorUserId: admin.id,
      oldValue: { status: 'ENABLED' },
      newValue: { status: 'DISABLED' },
    });

    expect((await setStatus(adminToken, user.id, 'ENABLED')).json().status).toBe('ENABLED');
    await expect(signIn(t.app, user.email, user.password)).resolves.toBeTruthy();
  });

  it('refuses disabling oneself (422)', async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const token = await signIn(t.app, admin.email, admin.password);
    expect((await setStatus(token, admin.id, 'DISABLED')).statusCode).toBe(422);
  });

  it('refuses any attribute but status (no mass assignment of role or user type)', async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const user = await make.user(tenant.id, 'user');
    const token = await signIn(t.app, admin.email, admin.password);
    for (const att of ['role', 'userType', 'accountId']) {
      const response = await asUser(
        t.app,
        token,
      )({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        payload: [{ op: 'replace', att, value: 'admin' }],
      });
      expect(response.statusCode, att).toBe(400);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'user', userType: 'tenant', accountId: tenant.id });
  });

  it('is for admins: a plain user gets 403 from the authorization table', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id, 'user');
    const other = await make.user(tenant.id, 'user');
    const token = await signIn(t.app, user.email, user.password);
    expect((await setStatus(token, other.id, 'DISABLED')).statusCode).toBe(403);
  });

  it('answers 404 for a user outside the scope', async () => {
    const partner = await make.partner();
    const partnerAdmin = await make.user(partner.id, 'admin');
    const foreignTenant = await make.tenant();
    const foreignUser = await make.user(foreignTenant.id, 'user');
    const token = await signIn(t.app, partnerAdmin.email, partnerAdmin.password);
    expect((await setStatus(token, foreignUser.id, 'DISABLED')).statusCode).toBe(404);
  });

  it('lets a statutory user see but not change a mapped tenant user (403)', async () => {
    const board = await make.board();
    const officer = await make.user(board.id, 'admin');
    const tenant = await make.tenant();
    await make.mapToBoard(board.id, tenant.id);
    const tenantUser = await make.user(tenant.id, 'user');
    const token = await signIn(t.app, officer.email, officer.password);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${tenantUser.id}`,
      cookies: { vayu_session: token },
      headers: CONSOLE_HEADERS,
      payload: [{ op: 'replace', att: 'status', value: 'DISABLED' }],
    });
    // the route is for site, partner and tenant admins
    expect(response.statusCode).toBe(403);
  });
});
