import { type SQL, and, asc, count, eq, gt, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { DEFAULT_PARTNER_ID, type LoggedInUser, type Page, type UserSummary } from '@vayu/domain';
import type { AccountStatus, AccountType, Role, UserStatus, UserType } from '@vayu/domain';
import { type DataScope, accountsWhere } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import { accounts, users } from '../../db/schema/index.js';
import type { PasswordTokenPurpose } from '../../lib/password-tokens.js';

const userWithAccountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  userType: users.userType,
  role: users.role,
  status: users.status,
  passwordHash: users.passwordHash,
  activatedAt: users.activatedAt,
  version: users.version,
  accountId: accounts.id,
  accountName: accounts.name,
  accountType: accounts.type,
  accountStatus: accounts.status,
  accountPartnerId: accounts.partnerId,
  accountCorporateId: accounts.corporateId,
};

export type UserWithAccountRow = {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  userType: UserType;
  role: Role;
  status: UserStatus;
  passwordHash: string;
  activatedAt: Date | null;
  version: number;
  accountId: number;
  accountName: string;
  accountType: AccountType;
  accountStatus: AccountStatus;
  accountPartnerId: number | null;
  accountCorporateId: number | null;
};

/** The API shape of a signed-in user; the column names stay here. */
export function toLoggedInUser(row: UserWithAccountRow): LoggedInUser {
  return {
    id: row.id,
    userName: row.email,
    name: row.name,
    phone: row.phone,
    userType: row.userType,
    role: row.role,
    status: row.status,
    account: {
      id: row.accountId,
      name: row.accountName,
      type: row.accountType,
      status: row.accountStatus,
      partnerId: row.accountPartnerId ?? DEFAULT_PARTNER_ID,
      corporateId: row.accountCorporateId,
    },
  };
}

/**
 * Users whose account is in the scope: those of the accounts the principal can
 * see (a user belongs to its account's tenant). Undefined only for all tenants.
 */
function usersInScope(scope: DataScope): SQL | undefined {
  const visible = accountsWhere(scope);
  return visible === undefined
    ? undefined
    : inArray(users.accountId, sql`(select ${accounts.id} from ${accounts} where ${visible})`);
}

/** One user with its account, joined, within the scope. */
async function findUserWithAccount(exec: Executor, where: SQL | undefined, scope: DataScope) {
  const rows = await exec
    .select(userWithAccountColumns)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(where, accountsWhere(scope)))
    .limit(1);
  return rows[0];
}

export function findUserByEmail(exec: Executor, email: string, scope: DataScope) {
  return findUserWithAccount(exec, eq(sql`lower(${users.email})`, email.toLowerCase()), scope);
}

export function findUserById(exec: Executor, id: number, scope: DataScope) {
  return findUserWithAccount(exec, eq(users.id, id), scope);
}

export async function updateUserStatus(exec: Executor, id: number, status: UserStatus, scope: DataScope) {
  await exec
    .update(users)
    .set({ status, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, id), usersInScope(scope)));
}

export async function updateUserPassword(
  exec: Executor,
  id: number,
  values: { passwordHash: string; isDemo: boolean },
  scope: DataScope,
) {
  const { passwordHash, isDemo } = values;
  await exec
    .update(users)
    .set({
      passwordHash,
      hasDemoPassword: isDemo,
      passwordChangedAt: new Date(),
      version: sql`${users.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), usersInScope(scope)));
}

export async function recordLogin(exec: Executor, id: number, scope: DataScope) {
  await exec
    .update(users)
    .set({ lastLoginAt: new Date() })
    .where(and(eq(users.id, id), usersInScope(scope)));
}

// ---------------------------------------------------------------------------
// Users of accounts: lists, creation, profile edits, primary user, one-time tokens.
// ---------------------------------------------------------------------------

const userSummaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  status: users.status,
  userType: users.userType,
  accountId: users.accountId,
  accountName: accounts.name,
  isPrimary: sql<boolean>`coalesce(${accounts.primaryUserId} = ${users.id}, false)`,
  activationAwaited: sql<boolean>`(${users.activatedAt} is null)`,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  version: users.version,
};

type UserSummaryRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  status: UserStatus;
  userType: UserType;
  accountId: number;
  accountName: string;
  isPrimary: boolean;
  activationAwaited: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  version: number;
};

function toUserSummary(row: UserSummaryRow): UserSummary {
  return {
    id: row.id,
    name: row.name,
    userName: row.email,
    phone: row.phone,
    role: row.role,
    status: row.status,
    userType: row.userType,
    accountId: row.accountId,
    accountName: row.accountName,
    isPrimary: Boolean(row.isPrimary),
    activationAwaited: Boolean(row.activationAwaited),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** `%` and `_` typed by a person are searched for literally. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface UserListFilter {
  /** The accounts whose users may be listed. */
  scope: DataScope;
  accountId?: number | undefined;
  corporateId?: number | undefined;
  status?: UserStatus | undefined;
  search?: string | undefined;
}

/** The users of the list (and of its CSV export) for a filter, on users joined to their account. */
export function userListCondition(filter: UserListFilter): SQL | undefined {
  return and(
    accountsWhere(filter.scope),
    filter.accountId === undefined ? undefined : eq(users.accountId, filter.accountId),
    filter.corporateId === undefined ? undefined : eq(accounts.corporateId, filter.corporateId),
    filter.status === undefined ? undefined : eq(users.status, filter.status),
    filter.search
      ? or(
          ilike(users.name, containsPattern(filter.search)),
          ilike(users.email, containsPattern(filter.search)),
        )
      : undefined,
  );
}

/** One page of users with the total (`readPage`), filtered and ordered in SQL. */
export function findUsersPage(
  exec: Executor,
  filter: UserListFilter,
  request: { page: number; pageSize: number },
): Promise<Page<UserSummary>> {
  const where = userListCondition(filter);
  return readPage(exec, request, {
    rows: async (limit, offset) =>
      (
        await exec
          .select(userSummaryColumns)
          .from(users)
          .innerJoin(accounts, eq(accounts.id, users.accountId))
          .where(where)
          .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
          .limit(limit)
          .offset(offset)
      ).map(toUserSummary),
    matches: () =>
      exec
        .select({ id: users.id })
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.accountId))
        .where(where)
        .$dynamic(),
    countKey: ['users', filter],
  });
}

/** Every user of one account: the primary user first, then by name. */
export async function findAccountUserSummaries(
  exec: Executor,
  accountId: number,
  scope: DataScope,
): Promise<UserSummary[]> {
  const rows = await exec
    .select(userSummaryColumns)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.accountId, accountId), accountsWhere(scope)))
    .orderBy(
      asc(sql`case when ${accounts.primaryUserId} = ${users.id} then 0 else 1 end`),
      asc(sql`lower(${users.name})`),
      asc(users.id),
    );
  return rows.map(toUserSummary);
}

export async function findUserSummaryById(
  exec: Executor,
  id: number,
  scope: DataScope,
): Promise<UserSummary | undefined> {
  const rows = await exec
    .select(userSummaryColumns)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, id), accountsWhere(scope)))
    .limit(1);
  return rows[0] ? toUserSummary(rows[0]) : undefined;
}

const accountForUsersColumns = {
  id: accounts.id,
  name: accounts.name,
  type: accounts.type,
  status: accounts.status,
  partnerId: accounts.partnerId,
  primaryUserId: accounts.primaryUserId,
  paymentMode: accounts.paymentMode,
};
export type AccountForUsers = {
  id: number;
  name: string;
  type: AccountType;
  status: AccountStatus;
  partnerId: number | null;
  primaryUserId: number | null;
  paymentMode: boolean;
};

/** The account users are added to or listed for, when the principal can see it. */
export async function findAccountForUsers(
  exec: Executor,
  accountId: number,
  scope: DataScope,
): Promise<AccountForUsers | undefined> {
  const rows = await exec
    .select(accountForUsersColumns)
    .from(accounts)
    .where(and(eq(accounts.id, accountId), accountsWhere(scope)))
    .limit(1);
  return rows[0];
}

/** Re-reads the account inside a transaction and holds its row until commit, so user counts cannot race. */
export async function lockAccountForUsers(
  exec: Executor,
  accountId: number,
  scope: DataScope,
): Promise<AccountForUsers | undefined> {
  const rows = await exec
    .select(accountForUsersColumns)
    .from(accounts)
    .where(and(eq(accounts.id, accountId), accountsWhere(scope)))
    .for('update');
  return rows[0];
}

/** Users of an account in every status: what a user quota counts. */
export async function countAccountUsers(
  exec: Executor,
  accountId: number,
  scope: DataScope,
): Promise<number> {
  const [row] = await exec
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.accountId, accountId), usersInScope(scope)));
  return Number(row?.total ?? 0);
}

/**
 * Whether another user already has this e-mail. E-mails are unique across the
 * whole platform (they are the user names), so this looks at every tenant's
 * users on purpose; it answers only yes or no and reads nothing else.
 */
export async function isEmailTaken(exec: Executor, email: string, exceptUserId?: number): Promise<boolean> {
  const rows = await exec
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** True when a write failed on a unique index (the e-mail index, a name index). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Adds a user to an account the caller found in its scope and holds locked (`lockAccountForUsers`). */
export async function insertUser(
  exec: Executor,
  values: {
    accountId: number;
    email: string;
    name: string;
    phone: string | null;
    role: Role;
    userType: UserType;
    passwordHash: string;
    token: { hash: string; purpose: PasswordTokenPurpose; expiresAt: Date };
  },
): Promise<number | undefined> {
  const rows = await exec
    .insert(users)
    .values({
      accountId: values.accountId,
      email: values.email.toLowerCase(),
      name: values.name,
      phone: values.phone,
      role: values.role,
      userType: values.userType,
      status: 'ENABLED',
      passwordHash: values.passwordHash,
      activatedAt: null,
      passwordTokenHash: values.token.hash,
      passwordTokenPurpose: values.token.purpose,
      passwordTokenExpiresAt: values.token.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows[0]?.id;
}

/** Name, e-mail and phone, only when the row is still at `version`; false when someone changed it first. */
export async function updateUserProfile(
  exec: Executor,
  id: number,
  version: number,
  values: { name: string; email: string; phone: string | null },
  scope: DataScope,
): Promise<boolean> {
  const rows = await exec
    .update(users)
    .set({
      name: values.name,
      email: values.email.toLowerCase(),
      phone: values.phone,
      version: sql`${users.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), eq(users.version, version), usersInScope(scope)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setAccountPrimaryUser(
  exec: Executor,
  accountId: number,
  userId: number,
  scope: DataScope,
) {
  await exec
    .update(accounts)
    .set({ primaryUserId: userId, updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), accountsWhere(scope)));
}

/** The primary user becomes admin and every other user of the account a plain user (spec §6). */
export async function flipAccountUserRoles(
  exec: Executor,
  accountId: number,
  primaryUserId: number,
  scope: DataScope,
) {
  await exec
    .update(users)
    .set({
      role: sql`case when ${users.id} = ${primaryUserId} then 'admin' else 'user' end`,
      version: sql`${users.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(users.accountId, accountId),
        usersInScope(scope),
        or(
          and(eq(users.id, primaryUserId), ne(users.role, 'admin')),
          and(ne(users.id, primaryUserId), ne(users.role, 'user')),
        ),
      ),
    );
}

/** Replaces any earlier link: only the newest one works. */
export async function storePasswordToken(
  exec: Executor,
  userId: number,
  token: { hash: string; purpose: PasswordTokenPurpose; expiresAt: Date },
  scope: DataScope,
) {
  await exec
    .update(users)
    .set({
      passwordTokenHash: token.hash,
      passwordTokenPurpose: token.purpose,
      passwordTokenExpiresAt: token.expiresAt,
    })
    .where(and(eq(users.id, userId), usersInScope(scope)));
}

/** The user a live (unexpired) one-time token belongs to. */
export async function findUserByPasswordToken(
  exec: Executor,
  tokenHash: string,
  now: Date,
  scope: DataScope,
) {
  const rows = await exec
    .select({
      id: users.id,
      email: users.email,
      accountId: users.accountId,
      purpose: users.passwordTokenPurpose,
      activatedAt: users.activatedAt,
    })
    .from(users)
    .where(
      and(eq(users.passwordTokenHash, tokenHash), gt(users.passwordTokenExpiresAt, now), usersInScope(scope)),
    )
    .limit(1);
  const row = rows[0];
  if (!row?.purpose) return undefined;
  return { ...row, purpose: row.purpose };
}

/**
 * Sets the password and clears the token in one statement that still requires
 * the token: of two requests racing with the same link, only one succeeds.
 */
export async function consumePasswordToken(
  exec: Executor,
  values: { userId: number; tokenHash: string; passwordHash: string; activate: boolean; now: Date },
  scope: DataScope,
): Promise<boolean> {
  const rows = await exec
    .update(users)
    .set({
      passwordHash: values.passwordHash,
      hasDemoPassword: false,
      passwordChangedAt: values.now,
      passwordTokenHash: null,
      passwordTokenPurpose: null,
      passwordTokenExpiresAt: null,
      ...(values.activate ? { activatedAt: sql`coalesce(${users.activatedAt}, now())` } : {}),
      version: sql`${users.version} + 1`,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(users.id, values.userId),
        eq(users.passwordTokenHash, values.tokenHash),
        gt(users.passwordTokenExpiresAt, values.now),
        usersInScope(scope),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}
