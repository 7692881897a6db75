import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_UNAVAILABLE_MESSAGE, USER_LIMIT_MESSAGE, type ApiErrorCode } from '@vayu/domain';
import { accounts, emailOutbox, users } from '../../db/schema/index.js';
import { createAccount } from '../../seed/builders.js';
import { CONSOLE_HEADERS, asUser, signIn, startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';

let t: TestContext;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
});

/** Checks an error answer by its status and its code. */
function expectError(
  response: { statusCode: number; json: () => { error?: { code?: string } } },
  status: number,
  code: ApiErrorCode,
) {
  expect({ status: response.statusCode, code: response.json().error?.code }).toEqual({ status, code });
}

const NEW_PASSWORD = 'N3w#Passw0rd';
/** Sets a password; `currentPassword` is what a user changing their own sends. */
const changePassword = (token: string, userId: number, password: string, currentPassword?: string) =>
  asUser(
    t.app,
    token,
  )({
    method: 'POST',
    url: `/api/users/${userId}/password/update`,
    payload: { password, ...(currentPassword === undefined ? {} : { currentPassword }) },
  });
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

    const response = await changePassword(token, user.id, NEW_PASSWORD, user.password);
    expect(response.statusCode).toBe(204);

    expect((await asUser(t.app, token)({ method: 'GET', url: '/api/users/loggedin' })).statusCode).toBe(200);
    expectError(
      await asUser(t.app, otherDevice)({ method: 'GET', url: '/api/users/loggedin' }),
      401,
      'UNAUTHENTICATED',
    );
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
    await expect(signIn(t.app, user.email, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('refuses the published demo password and the commonest passwords, for oneself and for others, changing nothing', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    const token = await signIn(t.app, user.email, user.password);
    const site = await make.siteUser();
    const siteToken = await signIn(t.app, site.email, site.password);
    for (const [actor, password, current] of [
      [token, 'Vayu@Demo2026', user.password],
      [token, 'Password1!', user.password],
      [token, '#Qwerty2026', user.password],
      [siteToken, 'Vayu@Demo2026', undefined],
      [siteToken, 'Sunshine@1', undefined],
    ] as const) {
      const response = await changePassword(actor, user.id, password, current);
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.details).toEqual([
        expect.objectContaining({ path: 'password', code: 'FIELD_UNAVAILABLE' }),
      ]);
    }
    await expect(signIn(t.app, user.email, user.password)).resolves.toBeTruthy();
    expect(await auditRowsFor(t.db, 'user', user.id)).toHaveLength(0);
  });

  it('writes an audit row that holds no password or hash', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    const token = await signIn(t.app, user.email, user.password);
    await changePassword(token, user.id, NEW_PASSWORD, user.password);
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
    const response = await changePassword(token, user.id, password, user.password);
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details[0].path).toBe('password');
    await expect(signIn(t.app, user.email, user.password)).resolves.toBeTruthy();
    expect(await auditRowsFor(t.db, 'user', user.id)).toHaveLength(0);
  });

  it('accepts the boundaries: 8 and 15 characters', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    const token = await signIn(t.app, user.email, user.password);
    expect((await changePassword(token, user.id, 'Ab1#abcd', user.password)).statusCode).toBe(204);
    expect((await changePassword(token, user.id, 'Ab1#abcdefghijk', 'Ab1#abcd')).statusCode).toBe(204);
  });

  it('changes your own password only with the current one: missing or wrong is 400 on currentPassword and changes nothing', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id, 'admin');
    const token = await signIn(t.app, user.email, user.password);

    const missing = await changePassword(token, user.id, NEW_PASSWORD);
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(missing.json().error.details).toEqual([
      { path: 'currentPassword', message: 'Enter your current password.', code: 'FIELD_REQUIRED' },
    ]);
    const wrong = await changePassword(token, user.id, NEW_PASSWORD, 'Not#MyPass1');
    expectError(wrong, 400, 'VALIDATION_FAILED');
    expect(wrong.json().error.details).toEqual([
      expect.objectContaining({ path: 'currentPassword', code: 'FIELD_INCORRECT' }),
    ]);

    await expect(signIn(t.app, user.email, user.password)).resolves.toBeTruthy();
    expect(await auditRowsFor(t.db, 'user', user.id)).toHaveLength(0);
  });

  it('counts wrong current passwords like failed sign-ins, so an open session cannot guess the password', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id);
    const token = await signIn(t.app, user.email, user.password);
    for (let i = 0; i < 5; i++) {
      expectError(
        await changePassword(token, user.id, NEW_PASSWORD, `Guess#No${i}`),
        400,
        'VALIDATION_FAILED',
      );
    }
    const right = await changePassword(token, user.id, NEW_PASSWORD, user.password);
    expectError(right, 429, 'RATE_LIMITED');
    expect(right.headers['retry-after']).toBeTruthy();
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/429/);
  });

  it("lets an account admin set a user's password, but not a plain user (403)", async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const colleague = await make.user(tenant.id, 'user');
    const adminToken = await signIn(t.app, admin.email, admin.password);
    const colleagueOldSession = await signIn(t.app, colleague.email, colleague.password);
    expect((await changePassword(adminToken, colleague.id, NEW_PASSWORD)).statusCode).toBe(204);
    // a password set by an admin ends every session of that user
    expectError(
      await asUser(t.app, colleagueOldSession)({ method: 'GET', url: '/api/users/loggedin' }),
      401,
      'UNAUTHENTICATED',
    );
    const colleagueToken = await signIn(t.app, colleague.email, NEW_PASSWORD);
    expectError(await changePassword(colleagueToken, admin.id, 'Other#Pass12'), 403, 'FORBIDDEN');
    await expect(signIn(t.app, admin.email, admin.password)).resolves.toBeTruthy();
  });

  it("answers 404 for another tenant's user", async () => {
    const mine = await make.tenant();
    const theirs = await make.tenant();
    const me = await make.user(mine.id, 'admin');
    const stranger = await make.user(theirs.id, 'user');
    const token = await signIn(t.app, me.email, me.password);
    const response = await changePassword(token, stranger.id, NEW_PASSWORD);
    expectError(response, 404, 'NOT_FOUND');
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
    expectError(response, 400, 'VALIDATION_FAILED');
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
    expectError(
      await asUser(t.app, userToken)({ method: 'GET', url: '/api/users/loggedin' }),
      401,
      'UNAUTHENTICATED',
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
    expectError(await setStatus(token, admin.id, 'DISABLED'), 422, 'SELF_DISABLE');
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
    expectError(await setStatus(token, other.id, 'DISABLED'), 403, 'FORBIDDEN');
  });

  it('answers 404 for a user outside the scope', async () => {
    const partner = await make.partner();
    const partnerAdmin = await make.user(partner.id, 'admin');
    const foreignTenant = await make.tenant();
    const foreignUser = await make.user(foreignTenant.id, 'user');
    const token = await signIn(t.app, partnerAdmin.email, partnerAdmin.password);
    expectError(await setStatus(token, foreignUser.id, 'DISABLED'), 404, 'NOT_FOUND');
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
    expectError(response, 403, 'FORBIDDEN');
  });
});

// ---------------------------------------------------------------------------
// Users of accounts: list, add, edit, primary user, activation and reset links.
// ---------------------------------------------------------------------------

let seq = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++seq}@people.example`;
const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  name: `New Person ${++seq}`,
  email: uniqueEmail('new'),
  phone: '9820012345',
  ...overrides,
});

async function signInAs(user: { email: string; password: string }) {
  return asUser(t.app, await signIn(t.app, user.email, user.password));
}

async function siteAdmin() {
  return signInAs(await make.siteUser('admin'));
}

/** The newest mail to an address, and the one-time token of the link it carries. */
async function latestMailTo(address: string) {
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const token = mail?.bodyText.match(/\/(?:activate|reset-password)\/([A-Za-z0-9_-]+)/)?.[1];
  return { mail, token };
}

async function mailCountTo(address: string) {
  return (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address))).length;
}

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function accountRow(id: number) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
}

const anonymous = (options: InjectOptions) => t.app.inject(options);

describe('GET /api/users', () => {
  it('pages 20 per page in SQL, with total and page count', async () => {
    const tenant = await make.tenant();
    for (let i = 0; i < 22; i++) await make.user(tenant.id, 'user');
    const site = await siteAdmin();
    const first = await site({ method: 'GET', url: `/api/users?accountId=${tenant.id}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 20, total: 22, pageCount: 2 });
    expect(first.json().items).toHaveLength(20);
    const second = await site({ method: 'GET', url: `/api/users?accountId=${tenant.id}&page=2` });
    expect(second.json().items).toHaveLength(2);
    const ids = [...first.json().items, ...second.json().items].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(22);
  });

  it('searches name and e-mail, filters by status, and shows the summary fields', async () => {
    const tenant = await make.tenant();
    const alice = await make.user(tenant.id, 'admin');
    await t.db.update(users).set({ name: 'Alice Ranganathan' }).where(eq(users.id, alice.id));
    const bob = await make.user(tenant.id, 'user');
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, bob.id));
    const site = await siteAdmin();

    const byName = await site({ method: 'GET', url: `/api/users?accountId=${tenant.id}&search=ranganath` });
    expect(byName.json().items).toEqual([
      expect.objectContaining({
        id: alice.id,
        name: 'Alice Ranganathan',
        userName: alice.email,
        role: 'admin',
        status: 'ENABLED',
        userType: 'tenant',
        accountId: tenant.id,
        accountName: tenant.name,
        isPrimary: false,
        activationAwaited: false,
      }),
    ]);
    const byEmail = await site({
      method: 'GET',
      url: `/api/users?search=${encodeURIComponent(bob.email.toUpperCase())}`,
    });
    expect(byEmail.json().items.map((u: { id: number }) => u.id)).toEqual([bob.id]);
    const disabled = await site({ method: 'GET', url: `/api/users?accountId=${tenant.id}&status=DISABLED` });
    expect(disabled.json().items.map((u: { id: number }) => u.id)).toEqual([bob.id]);
    // a % typed in the search box is a literal character, not a wildcard
    const literal = await site({ method: 'GET', url: `/api/users?accountId=${tenant.id}&search=%25` });
    expect(literal.json().total).toBe(0);
  });

  it("keeps a tenant admin to the own account's users", async () => {
    const mine = await make.tenant();
    const theirs = await make.tenant();
    const me = await make.user(mine.id, 'admin');
    const colleague = await make.user(mine.id, 'user');
    await make.user(theirs.id, 'user');
    const client = await signInAs(me);
    const all = await client({ method: 'GET', url: '/api/users?pageSize=100' });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .items.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([me.id, colleague.id].sort());
    const foreign = await client({ method: 'GET', url: `/api/users?accountId=${theirs.id}` });
    expect(foreign.json()).toMatchObject({ total: 0, items: [] });
  });

  it("lets a partner see its tenants' users, not another partner's", async () => {
    const partner = await make.partner();
    const ownTenant = await make.tenant({ partnerId: partner.id });
    const foreignTenant = await make.tenant();
    const partnerAdmin = await make.user(partner.id, 'admin');
    const tenantUser = await make.user(ownTenant.id, 'user');
    const foreignUser = await make.user(foreignTenant.id, 'user');
    const client = await signInAs(partnerAdmin);
    const ids = (await client({ method: 'GET', url: '/api/users?pageSize=100' }))
      .json()
      .items.map((u: { id: number }) => u.id);
    expect(ids).toContain(tenantUser.id);
    expect(ids).toContain(partnerAdmin.id);
    expect(ids).not.toContain(foreignUser.id);
  });

  it('filters by corporate for site users; others may only name their own corporate (403)', async () => {
    const { corporate, account: corporateAccount } = await make.corporate();
    const member = await make.tenant({ corporateId: corporate.id });
    const outsider = await make.tenant();
    const memberUser = await make.user(member.id, 'user');
    const corporateUser = await make.user(corporateAccount.id, 'admin');
    await make.user(outsider.id, 'user');

    const site = await siteAdmin();
    const listed = await site({ method: 'GET', url: `/api/users?corporateId=${corporate.id}` });
    expect(
      listed
        .json()
        .items.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([memberUser.id, corporateUser.id].sort());

    const corporateClient = await signInAs(corporateUser);
    const own = await corporateClient({ method: 'GET', url: `/api/users?corporateId=${corporate.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().total).toBe(2);
    const { corporate: other } = await make.corporate();
    expectError(
      await corporateClient({ method: 'GET', url: `/api/users?corporateId=${other.id}` }),
      403,
      'FORBIDDEN',
    );
    const tenantClient = await signInAs(memberUser);
    expectError(
      await tenantClient({ method: 'GET', url: `/api/users?corporateId=${other.id}` }),
      403,
      'FORBIDDEN',
    );
  });

  it('refuses bad query values with details (400) and anonymous calls (401)', async () => {
    const site = await siteAdmin();
    const response = await site({ method: 'GET', url: '/api/users?status=ACTIVE&page=0' });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = response.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['querystring.status', 'querystring.page']));
    expectError(await anonymous({ method: 'GET', url: '/api/users' }), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/users', () => {
  it('adds a user: role user by default, phone prefixed 91, type of the account, activation e-mail, audit row', async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const client = await signInAs(admin);
    const body = newUserBody({ email: `  ${uniqueEmail('Mixed').toUpperCase()} ` });
    const response = await client({
      method: 'POST',
      url: `/api/users?accountId=${tenant.id}`,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    const email = (body.email as string).trim().toLowerCase();
    expect(created).toMatchObject({
      name: body.name,
      userName: email,
      phone: '919820012345',
      role: 'user',
      status: 'ENABLED',
      userType: 'tenant',
      accountId: tenant.id,
      isPrimary: false,
      activationAwaited: true,
      lastLoginAt: null,
      version: 1,
    });

    const row = await userRow(created.id);
    expect(row.passwordTokenPurpose).toBe('ACTIVATION');
    expect(row.passwordTokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(row.passwordTokenExpiresAt!.getTime() - Date.now()).toBeLessThan(7.1 * 24 * 3600 * 1000);
    const { mail, token } = await latestMailTo(email);
    expect(mail).toMatchObject({ kind: 'ACTIVATION', userId: created.id });
    expect(mail!.bodyText).toContain(`/activate/${token}`);
    // only the digest of the link's token is stored
    expect(row.passwordTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.passwordTokenHash).not.toBe(token);

    const [audit] = await auditRowsFor(t.db, 'user', created.id);
    expect(audit).toMatchObject({
      action: 'CREATE',
      actorUserId: admin.id,
      tenantId: tenant.id,
      newValue: { userName: email, role: 'user', userType: 'tenant', accountId: tenant.id, isPrimary: false },
    });
    expect(JSON.stringify(audit)).not.toMatch(/argon2|activate\//);
  });

  it('makes the user type follow the account type (a partner account adds partner users)', async () => {
    const partner = await make.partner();
    const site = await siteAdmin();
    const response = await site({
      method: 'POST',
      url: `/api/users?accountId=${partner.id}`,
      payload: newUserBody({ role: 'admin' }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ userType: 'partner', role: 'admin' });
  });

  it('adds the primary user as admin, whatever role is sent, and the other users become plain users', async () => {
    const tenant = await make.tenant();
    const formerAdmin = await make.user(tenant.id, 'admin');
    const site = await siteAdmin();
    const response = await site({
      method: 'POST',
      url: `/api/users?accountId=${tenant.id}&primary=true`,
      payload: newUserBody({ role: 'user' }),
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ role: 'admin', isPrimary: true, activationAwaited: true });
    expect((await accountRow(tenant.id)).primaryUserId).toBe(created.id);
    expect((await userRow(formerAdmin.id)).role).toBe('user');
    const [change] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(change).toMatchObject({
      action: 'PRIMARY_USER_CHANGE',
      oldValue: { primaryUserId: null },
      newValue: { primaryUserId: created.id },
    });
  });

  it('refuses an e-mail already used, in any letter case (409), and creates nothing', async () => {
    const tenant = await make.tenant();
    const existing = await make.user(tenant.id, 'user');
    const site = await siteAdmin();
    const before = await t.db.select().from(users).where(eq(users.accountId, tenant.id));
    const response = await site({
      method: 'POST',
      url: `/api/users?accountId=${tenant.id}`,
      payload: newUserBody({ email: existing.email.toUpperCase() }),
    });
    expectError(response, 409, 'EMAIL_EXISTS');
    expect(response.json().error.params).toEqual({ email: expect.any(String) });
    expect(await t.db.select().from(users).where(eq(users.accountId, tenant.id))).toHaveLength(before.length);
  });

  it("answers an industry admin who adds another account's e-mail as a field to change (400), not where it is used", async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const elsewhere = await make.user((await make.tenant()).id, 'user');
    const client = await signInAs(admin);
    const before = await t.db.select().from(users).where(eq(users.accountId, tenant.id));
    const response = await client({
      method: 'POST',
      url: `/api/users?accountId=${tenant.id}`,
      payload: newUserBody({ email: elsewhere.email }),
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: EMAIL_UNAVAILABLE_MESSAGE,
      details: [{ path: 'email', message: EMAIL_UNAVAILABLE_MESSAGE, code: 'FIELD_UNAVAILABLE' }],
      requestId: expect.any(String),
    });
    expect(response.body).not.toContain(elsewhere.email);
    expect(await t.db.select().from(users).where(eq(users.accountId, tenant.id))).toHaveLength(before.length);

    // An e-mail of the admin's own account is one the admin sees: it is named as taken.
    const own = await client({
      method: 'POST',
      url: `/api/users?accountId=${tenant.id}`,
      payload: newUserBody({ email: admin.email }),
    });
    expectError(own, 409, 'EMAIL_EXISTS');
  });

  it('validates the form with field details (400)', async () => {
    const tenant = await make.tenant();
    const site = await siteAdmin();
    const response = await site({
      method: 'POST',
      url: `/api/users?accountId=${tenant.id}`,
      payload: { name: '  ', email: 'not-an-email', phone: '12345', role: 'owner' },
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = response.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'role']));
    const noAccount = await site({ method: 'POST', url: '/api/users', payload: newUserBody() });
    expectError(noAccount, 400, 'VALIDATION_FAILED');
    expect(noAccount.json().error.details[0].path).toBe('querystring.accountId');
  });

  it.each([['userType'], ['accountId'], ['status'], ['version']])(
    'refuses %s in the body (mass assignment)',
    async (field) => {
      const tenant = await make.tenant();
      const site = await siteAdmin();
      const body = newUserBody({
        [field]: field === 'status' ? 'DISABLED' : field === 'userType' ? 'site' : 1,
      });
      const response = await site({
        method: 'POST',
        url: `/api/users?accountId=${tenant.id}`,
        payload: body,
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(
        await t.db
          .select()
          .from(users)
          .where(eq(users.email, body.email as string)),
      ).toHaveLength(0);
    },
  );

  it('answers 401 without a session, 404 for an account out of scope, 403 for plain and statutory users', async () => {
    const mine = await make.tenant();
    const theirs = await make.tenant();
    expect(
      (
        await anonymous({
          method: 'POST',
          url: `/api/users?accountId=${mine.id}`,
          headers: CONSOLE_HEADERS,
          payload: newUserBody(),
        })
      ).statusCode,
    ).toBe(401);
    const admin = await signInAs(await make.user(mine.id, 'admin'));
    const body = newUserBody();
    const outOfScope = await admin({
      method: 'POST',
      url: `/api/users?accountId=${theirs.id}`,
      payload: body,
    });
    expectError(outOfScope, 404, 'NOT_FOUND');
    const plain = await signInAs(await make.user(mine.id, 'user'));
    expectError(
      await plain({ method: 'POST', url: `/api/users?accountId=${mine.id}`, payload: body }),
      403,
      'FORBIDDEN',
    );
    const board = await make.board();
    await make.mapToBoard(board.id, mine.id);
    const officer = await signInAs(await make.user(board.id, 'admin'));
    expectError(
      await officer({ method: 'POST', url: `/api/users?accountId=${mine.id}`, payload: body }),
      403,
      'FORBIDDEN',
    );
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });
});

describe('user limit (spec §5)', () => {
  const addTo = async (accountId: number, body = newUserBody()) =>
    (await siteAdmin())({ method: 'POST', url: `/api/users?accountId=${accountId}`, payload: body });

  it('blocks the add when a tenant in payment mode has used the users granted it and has no active subscription (users of every status count)', async () => {
    const tenant = await createAccount(t.db, {
      type: 'tenant',
      name: `Paying ${++seq}`,
      paymentMode: true,
      grantedUsers: 2,
    });
    await make.user(tenant.id, 'admin');
    const disabled = await make.user(tenant.id, 'user');
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    const body = newUserBody();
    const response = await addTo(tenant.id, body);
    expectError(response, 422, 'USER_LIMIT_EXHAUSTED');
    expect(response.json().error).toMatchObject({ message: USER_LIMIT_MESSAGE, params: { limit: 2 } });
    expect(await t.db.select().from(users).where(eq(users.accountId, tenant.id))).toHaveLength(2);
    expect(await mailCountTo(body.email)).toBe(0);
    expectError(await addTo(tenant.id, newUserBody()), 422, 'USER_LIMIT_EXHAUSTED');
    // the primary-user path is held to the same limit
    const primary = await (
      await siteAdmin()
    )({
      method: 'POST',
      url: `/api/users?accountId=${tenant.id}&primary=true`,
      payload: newUserBody(),
    });
    expectError(primary, 422, 'USER_LIMIT_EXHAUSTED');
  });

  it('allows users up to the limit', async () => {
    const tenant = await createAccount(t.db, {
      type: 'tenant',
      name: `Paying ${++seq}`,
      paymentMode: true,
      grantedUsers: 2,
    });
    await make.user(tenant.id, 'admin');
    expect((await addTo(tenant.id)).statusCode).toBe(201);
    expectError(await addTo(tenant.id), 422, 'USER_LIMIT_EXHAUSTED');
  });

  it('does not apply when payment mode is off', async () => {
    const tenant = await createAccount(t.db, {
      type: 'tenant',
      name: `Free ${++seq}`,
      paymentMode: false,
      grantedUsers: 1,
    });
    await make.user(tenant.id, 'admin');
    await make.user(tenant.id, 'user');
    expect((await addTo(tenant.id)).statusCode).toBe(201);
  });

  it('never applies to partner or site accounts', async () => {
    const partner = await createAccount(t.db, {
      type: 'partner',
      name: `Partner ${++seq}`,
      paymentMode: true,
      grantedUsers: 0,
    });
    expect((await addTo(partner.id)).statusCode).toBe(201);
    const site = await createAccount(t.db, {
      type: 'site',
      name: `Site ${++seq}`,
      paymentMode: true,
      grantedUsers: 0,
    });
    expect((await addTo(site.id)).statusCode).toBe(201);
  });
});

describe('PUT /api/users/{id}', () => {
  const edit = (client: Awaited<ReturnType<typeof signInAs>>, id: number, payload: Record<string, unknown>) =>
    client({ method: 'PUT', url: `/api/users/${id}`, payload });

  it('updates name, e-mail and phone from the current version, with an audit row of old and new', async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const user = await make.user(tenant.id, 'user');
    const client = await signInAs(admin);
    const email = uniqueEmail('edited');
    const response = await edit(client, user.id, {
      name: ' Edited Name ',
      email,
      phone: '+91 98200 54321',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      name: 'Edited Name',
      userName: email,
      phone: '919820054321',
      version: 2,
    });
    const [audit] = await auditRowsFor(t.db, 'user', user.id);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      actorUserId: admin.id,
      tenantId: tenant.id,
      oldValue: { name: user.name, userName: user.email, phone: null },
      newValue: { name: 'Edited Name', userName: email, phone: '919820054321' },
    });
  });

  it('answers 409 for a stale version and keeps the newer change', async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const user = await make.user(tenant.id, 'user');
    const client = await signInAs(admin);
    expect(
      (await edit(client, user.id, { name: 'First', email: user.email, phone: '9820012345', version: 1 }))
        .statusCode,
    ).toBe(200);
    const stale = await edit(client, user.id, {
      name: 'Second',
      email: user.email,
      phone: '9820012345',
      version: 1,
    });
    expectError(stale, 409, 'STALE_VERSION');
    expect((await userRow(user.id)).name).toBe('First');
  });

  it("refuses another user's e-mail (409)", async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const user = await make.user(tenant.id, 'user');
    const client = await signInAs(admin);
    const response = await edit(client, user.id, {
      name: 'X',
      email: admin.email.toUpperCase(),
      phone: '9820012345',
      version: 1,
    });
    expectError(response, 409, 'EMAIL_EXISTS');
    expect(response.json().error.params).toEqual({ email: expect.any(String) });
  });

  it('refuses an e-mail held in another account with the same 400 as any field to change', async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const user = await make.user(tenant.id, 'user');
    const elsewhere = await make.user((await make.tenant()).id, 'user');
    const client = await signInAs(admin);
    const response = await edit(client, user.id, {
      name: 'X',
      email: elsewhere.email,
      phone: '9820012345',
      version: 1,
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.details).toEqual([
      { path: 'email', message: EMAIL_UNAVAILABLE_MESSAGE, code: 'FIELD_UNAVAILABLE' },
    ]);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it.each([
    ['role', 'admin'],
    ['userType', 'site'],
    ['accountId', 1],
    ['status', 'DISABLED'],
  ])('refuses %s in the body (mass assignment) and changes nothing', async (field, value) => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const user = await make.user(tenant.id, 'user');
    const client = await signInAs(admin);
    const response = await edit(client, user.id, {
      name: 'Changed',
      email: user.email,
      phone: '9820012345',
      version: 1,
      [field]: value,
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(await userRow(user.id)).toMatchObject({
      name: user.name,
      role: 'user',
      userType: 'tenant',
      accountId: tenant.id,
      status: 'ENABLED',
      version: 1,
    });
  });

  it('validates with field details (400), including a missing version', async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const client = await signInAs(admin);
    const response = await edit(client, admin.id, { name: '', email: 'x@', phone: '1' });
    expectError(response, 400, 'VALIDATION_FAILED');
    const paths = response.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'version']));
  });

  it('answers 401 without a session, 404 out of scope, 403 for a plain user', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    const user = await make.user(tenant.id, 'user');
    const stranger = await make.user(other.id, 'user');
    const payload = { name: 'N', email: uniqueEmail('x'), phone: '9820012345', version: 1 };
    expectError(
      await anonymous({ method: 'PUT', url: `/api/users/${user.id}`, headers: CONSOLE_HEADERS, payload }),
      401,
      'UNAUTHENTICATED',
    );
    const admin = await signInAs(await make.user(tenant.id, 'admin'));
    expectError(await edit(admin, stranger.id, payload), 404, 'NOT_FOUND');
    const plain = await signInAs(user);
    expectError(await edit(plain, user.id, payload), 403, 'FORBIDDEN');
  });
});

describe('POST /api/setPrimaryUserForTenant/{userId}/{tenantId}', () => {
  it("makes the user admin and primary, flips the others to user, audits old and new, answers the account's users", async () => {
    const tenant = await make.tenant();
    const site = await siteAdmin();
    const created = await site({
      method: 'POST',
      url: `/api/users?accountId=${tenant.id}&primary=true`,
      payload: newUserBody(),
    });
    const first = created.json();
    const second = await make.user(tenant.id, 'user');
    const third = await make.user(tenant.id, 'admin');

    const response = await site({
      method: 'POST',
      url: `/api/setPrimaryUserForTenant/${second.id}/${tenant.id}`,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<{ id: number; role: string; isPrimary: boolean }>;
    expect(list[0]).toMatchObject({ id: second.id, role: 'admin', isPrimary: true });
    expect(Object.fromEntries(list.map((u) => [u.id, u.role]))).toEqual({
      [first.id]: 'user',
      [second.id]: 'admin',
      [third.id]: 'user',
    });
    expect((await accountRow(tenant.id)).primaryUserId).toBe(second.id);

    const [audit] = await auditRowsFor(t.db, 'account', tenant.id);
    expect(audit).toMatchObject({
      action: 'PRIMARY_USER_CHANGE',
      tenantId: tenant.id,
      oldValue: { primaryUserId: first.id, primaryUserName: first.userName },
      newValue: { primaryUserId: second.id, primaryUserName: second.email },
    });
    const newRoles = (audit!.newValue as { roles: Array<{ userId: number; role: string }> }).roles;
    expect(newRoles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: first.id, role: 'user' }),
        expect.objectContaining({ userId: second.id, role: 'admin' }),
        expect.objectContaining({ userId: third.id, role: 'user' }),
      ]),
    );
  });

  it('lets a partner admin change the primary user of its tenant', async () => {
    const partner = await make.partner();
    const tenant = await make.tenant({ partnerId: partner.id });
    const user = await make.user(tenant.id, 'user');
    const client = await signInAs(await make.user(partner.id, 'admin'));
    const response = await client({
      method: 'POST',
      url: `/api/setPrimaryUserForTenant/${user.id}/${tenant.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect((await userRow(user.id)).role).toBe('admin');
  });

  it('refuses a user of another account (422) and changes nothing', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    const outsider = await make.user(other.id, 'user');
    const site = await siteAdmin();
    const response = await site({
      method: 'POST',
      url: `/api/setPrimaryUserForTenant/${outsider.id}/${tenant.id}`,
    });
    expectError(response, 422, 'PRIMARY_USER_INVALID');
    expect(response.json().error.params).toEqual({ reason: 'other-account' });
    expect((await accountRow(tenant.id)).primaryUserId).toBeNull();
    expect((await userRow(outsider.id)).role).toBe('user');
  });

  it('answers 400 for bad ids, 401 without a session, 404 out of scope, 403 for a tenant admin', async () => {
    const tenant = await make.tenant();
    const user = await make.user(tenant.id, 'user');
    const site = await siteAdmin();
    const bad = await site({ method: 'POST', url: `/api/setPrimaryUserForTenant/abc/${tenant.id}` });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('params.userId');
    expect(
      (
        await anonymous({
          method: 'POST',
          url: `/api/setPrimaryUserForTenant/${user.id}/${tenant.id}`,
          headers: CONSOLE_HEADERS,
        })
      ).statusCode,
    ).toBe(401);
    const partner = await signInAs(await make.user((await make.partner()).id, 'admin'));
    expectError(
      await partner({ method: 'POST', url: `/api/setPrimaryUserForTenant/${user.id}/${tenant.id}` }),
      404,
      'NOT_FOUND',
    );
    const tenantAdmin = await signInAs(await make.user(tenant.id, 'admin'));
    expectError(
      await tenantAdmin({ method: 'POST', url: `/api/setPrimaryUserForTenant/${user.id}/${tenant.id}` }),
      403,
      'FORBIDDEN',
    );
    expect((await userRow(user.id)).role).toBe('user');
  });
});

describe('activation link (POST /api/users → e-mail → set password)', () => {
  it('works end to end, once', async () => {
    const tenant = await make.tenant();
    const site = await siteAdmin();
    const body = newUserBody();
    const created = (
      await site({ method: 'POST', url: `/api/users?accountId=${tenant.id}&primary=true`, payload: body })
    ).json();
    // nobody can sign in before the password is chosen
    await expect(signIn(t.app, body.email, 'Anything#123')).rejects.toThrow(/401/);

    const { token } = await latestMailTo(body.email);
    expect(token).toBeTruthy();
    const info = await anonymous({ method: 'GET', url: `/api/auth/password-token/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ userName: body.email, purpose: 'ACTIVATION' });

    const password = 'Activ8#Pass';
    const set = await anonymous({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: CONSOLE_HEADERS,
      payload: { token, password },
    });
    expect(set.statusCode).toBe(204);
    await expect(signIn(t.app, body.email, password)).resolves.toBeTruthy();

    const row = await userRow(created.id);
    expect(row.activatedAt).not.toBeNull();
    expect(row.passwordTokenHash).toBeNull();
    const listed = (await site({ method: 'GET', url: `/api/tenant/users/${tenant.id}` })).json();
    expect(listed.find((u: { id: number }) => u.id === created.id)).toMatchObject({
      activationAwaited: false,
    });

    const [audit] = await auditRowsFor(t.db, 'user', created.id);
    expect(audit).toMatchObject({ action: 'PASSWORD_SET', actorUserId: created.id, tenantId: tenant.id });
    expect(JSON.stringify(audit)).not.toContain(password);

    // the link is single-use
    const again = await anonymous({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: CONSOLE_HEADERS,
      payload: { token, password: 'Other#Pass9' },
    });
    expectError(again, 400, 'PASSWORD_LINK_INVALID');
    expect(again.json().error.details[0].path).toBe('token');
    expectError(
      await anonymous({ method: 'GET', url: `/api/auth/password-token/${token}` }),
      400,
      'PASSWORD_LINK_INVALID',
    );
    await expect(signIn(t.app, body.email, password)).resolves.toBeTruthy();
  });

  it('refuses a weak password with field details, keeping the link usable', async () => {
    const tenant = await make.tenant();
    const body = newUserBody();
    await (
      await siteAdmin()
    )({ method: 'POST', url: `/api/users?accountId=${tenant.id}`, payload: body });
    const { token } = await latestMailTo(body.email);
    const weak = await anonymous({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: CONSOLE_HEADERS,
      payload: { token, password: 'weakpass' },
    });
    expectError(weak, 400, 'VALIDATION_FAILED');
    expect(weak.json().error.details[0].path).toBe('password');
    const published = await anonymous({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: CONSOLE_HEADERS,
      payload: { token, password: 'Vayu@Demo2026' },
    });
    expectError(published, 400, 'VALIDATION_FAILED');
    expect(published.json().error.details).toEqual([
      expect.objectContaining({ path: 'password', code: 'FIELD_UNAVAILABLE' }),
    ]);
    expect((await anonymous({ method: 'GET', url: `/api/auth/password-token/${token}` })).statusCode).toBe(
      200,
    );
  });

  it('refuses unknown and expired links', async () => {
    const unknown = 'x'.repeat(43);
    expectError(
      await anonymous({ method: 'GET', url: `/api/auth/password-token/${unknown}` }),
      400,
      'PASSWORD_LINK_INVALID',
    );
    const tenant = await make.tenant();
    const body = newUserBody();
    const created = (
      await (
        await siteAdmin()
      )({ method: 'POST', url: `/api/users?accountId=${tenant.id}`, payload: body })
    ).json();
    const { token } = await latestMailTo(body.email);
    await t.db
      .update(users)
      .set({ passwordTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, created.id));
    expectError(
      await anonymous({ method: 'GET', url: `/api/auth/password-token/${token}` }),
      400,
      'PASSWORD_LINK_INVALID',
    );
    const set = await anonymous({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: CONSOLE_HEADERS,
      payload: { token, password: 'Valid#Pass1' },
    });
    expectError(set, 400, 'PASSWORD_LINK_INVALID');
    expect((await userRow(created.id)).activatedAt).toBeNull();
  });
});

describe('POST /api/users/reset/{accountId}/{userId}', () => {
  it('e-mails a reset link (24 h) that sets a new password once and ends the old sessions', async () => {
    const tenant = await make.tenant();
    const admin = await make.user(tenant.id, 'admin');
    const user = await make.user(tenant.id, 'user');
    const userSession = await signIn(t.app, user.email, user.password);
    const client = await signInAs(admin);

    const response = await client({ method: 'POST', url: `/api/users/reset/${tenant.id}/${user.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBeTruthy();
    const { mail, token } = await latestMailTo(user.email);
    expect(mail).toMatchObject({ kind: 'RESET', userId: user.id });
    expect(mail!.bodyText).toContain(`/reset-password/${token}`);
    const row = await userRow(user.id);
    expect(row.passwordTokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    expect(row.passwordTokenExpiresAt!.getTime() - Date.now()).toBeLessThan(24.1 * 3600 * 1000);
    const [audit] = await auditRowsFor(t.db, 'user', user.id);
    expect(audit).toMatchObject({
      action: 'PASSWORD_RESET_REQUESTED',
      actorUserId: admin.id,
      tenantId: tenant.id,
    });

    // the current password keeps working until the new one is chosen
    await expect(signIn(t.app, user.email, user.password)).resolves.toBeTruthy();
    expect((await anonymous({ method: 'GET', url: `/api/auth/password-token/${token}` })).json()).toEqual({
      userName: user.email,
      purpose: 'RESET',
    });
    const set = await anonymous({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: CONSOLE_HEADERS,
      payload: { token, password: 'Reset#Pass42' },
    });
    expect(set.statusCode).toBe(204);
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
    await expect(signIn(t.app, user.email, 'Reset#Pass42')).resolves.toBeTruthy();
    expectError(
      await asUser(t.app, userSession)({ method: 'GET', url: '/api/users/loggedin' }),
      401,
      'UNAUTHENTICATED',
    );
    const setAgain = await anonymous({
      method: 'POST',
      url: '/api/auth/set-password',
      headers: CONSOLE_HEADERS,
      payload: { token, password: 'Again#Pass42' },
    });
    expectError(setAgain, 400, 'PASSWORD_LINK_INVALID');
  });

  it('answers 400 for bad ids, 401 without a session, 404 out of scope or for another account, 403 for a plain user', async () => {
    const tenant = await make.tenant();
    const other = await make.tenant();
    const user = await make.user(tenant.id, 'user');
    const stranger = await make.user(other.id, 'user');
    const admin = await signInAs(await make.user(tenant.id, 'admin'));
    const bad = await admin({ method: 'POST', url: `/api/users/reset/${tenant.id}/zero` });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.details[0].path).toBe('params.userId');
    expect(
      (
        await anonymous({
          method: 'POST',
          url: `/api/users/reset/${tenant.id}/${user.id}`,
          headers: CONSOLE_HEADERS,
        })
      ).statusCode,
    ).toBe(401);
    expectError(
      await admin({ method: 'POST', url: `/api/users/reset/${other.id}/${stranger.id}` }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await admin({ method: 'POST', url: `/api/users/reset/${other.id}/${user.id}` }),
      404,
      'NOT_FOUND',
    );
    const plain = await signInAs(await make.user(tenant.id, 'user'));
    expectError(
      await plain({ method: 'POST', url: `/api/users/reset/${tenant.id}/${user.id}` }),
      403,
      'FORBIDDEN',
    );
    expect(await mailCountTo(user.email)).toBe(0);
  });
});

describe('POST /api/tenants/{id}/resendActivation', () => {
  it('sends a new activation link to the primary user; the earlier link stops working', async () => {
    const tenant = await make.tenant();
    const site = await siteAdmin();
    const body = newUserBody();
    const created = (
      await site({ method: 'POST', url: `/api/users?accountId=${tenant.id}&primary=true`, payload: body })
    ).json();
    const { token: firstToken } = await latestMailTo(body.email);

    const response = await site({ method: 'POST', url: `/api/tenants/${tenant.id}/resendActivation` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Email Resent.' });
    expect(await mailCountTo(body.email)).toBe(2);
    const { mail, token } = await latestMailTo(body.email);
    expect(mail).toMatchObject({ kind: 'ACTIVATION', userId: created.id });
    expect(token).not.toBe(firstToken);
    expectError(
      await anonymous({ method: 'GET', url: `/api/auth/password-token/${firstToken}` }),
      400,
      'PASSWORD_LINK_INVALID',
    );
    expect((await anonymous({ method: 'GET', url: `/api/auth/password-token/${token}` })).statusCode).toBe(
      200,
    );
    const [audit] = await auditRowsFor(t.db, 'user', created.id);
    expect(audit).toMatchObject({ action: 'ACTIVATION_RESENT', tenantId: tenant.id });
  });

  it('answers 422 when there is no primary user or it is already activated', async () => {
    const tenant = await make.tenant();
    const site = await siteAdmin();
    const none = await site({ method: 'POST', url: `/api/tenants/${tenant.id}/resendActivation` });
    expectError(none, 422, 'PRIMARY_USER_INVALID');
    expect(none.json().error.params).toEqual({ reason: 'none' });
    const active = await make.user(tenant.id, 'admin');
    await site({ method: 'POST', url: `/api/setPrimaryUserForTenant/${active.id}/${tenant.id}` });
    const response = await site({ method: 'POST', url: `/api/tenants/${tenant.id}/resendActivation` });
    expectError(response, 422, 'ALREADY_ACTIVATED');
    expect(await mailCountTo(active.email)).toBe(0);
  });

  it('answers 400 for a bad id, 401 without a session, 404 out of scope, 403 for a plain user', async () => {
    const tenant = await make.tenant();
    const site = await siteAdmin();
    expectError(
      await site({ method: 'POST', url: '/api/tenants/abc/resendActivation' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(
      (
        await anonymous({
          method: 'POST',
          url: `/api/tenants/${tenant.id}/resendActivation`,
          headers: CONSOLE_HEADERS,
        })
      ).statusCode,
    ).toBe(401);
    const other = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    expectError(
      await other({ method: 'POST', url: `/api/tenants/${tenant.id}/resendActivation` }),
      404,
      'NOT_FOUND',
    );
    const plain = await signInAs(await make.user(tenant.id, 'user'));
    expectError(
      await plain({ method: 'POST', url: `/api/tenants/${tenant.id}/resendActivation` }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('GET /api/tenant/users/{id}', () => {
  it('lists every user of the account, primary first, for anyone who can see it', async () => {
    const tenant = await make.tenant();
    const a = await make.user(tenant.id, 'user');
    const b = await make.user(tenant.id, 'admin');
    await t.db.update(accounts).set({ primaryUserId: b.id }).where(eq(accounts.id, tenant.id));
    const client = await signInAs(a);
    const response = await client({ method: 'GET', url: `/api/tenant/users/${tenant.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((u: { id: number; isPrimary: boolean }) => [u.id, u.isPrimary])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const board = await make.board();
    await make.mapToBoard(board.id, tenant.id);
    const officer = await signInAs(await make.user(board.id, 'user'));
    expect((await officer({ method: 'GET', url: `/api/tenant/users/${tenant.id}` })).json()).toHaveLength(2);
  });

  it('answers 400 for a bad id, 401 without a session, 404 out of scope', async () => {
    const tenant = await make.tenant();
    const client = await signInAs(await make.user((await make.tenant()).id, 'admin'));
    expectError(await client({ method: 'GET', url: '/api/tenant/users/x' }), 400, 'VALIDATION_FAILED');
    expectError(
      await anonymous({ method: 'GET', url: `/api/tenant/users/${tenant.id}` }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(await client({ method: 'GET', url: `/api/tenant/users/${tenant.id}` }), 404, 'NOT_FOUND');
  });
});
