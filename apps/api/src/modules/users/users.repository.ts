import { type SQL, and, eq, sql } from 'drizzle-orm';
import { DEFAULT_PARTNER_ID, type LoggedInUser } from '@vayu/domain';
import type { AccountStatus, AccountType, Role, UserStatus, UserType } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { accounts, users } from '../../db/schema/index.js';

const userWithAccountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  userType: users.userType,
  role: users.role,
  status: users.status,
  passwordHash: users.passwordHash,
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
  userType: string;
  role: string;
  status: string;
  passwordHash: string;
  version: number;
  accountId: number;
  accountName: string;
  accountType: string;
  accountStatus: string;
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
    userType: row.userType as UserType,
    role: row.role as Role,
    status: row.status as UserStatus,
    account: {
      id: row.accountId,
      name: row.accountName,
      type: row.accountType as AccountType,
      status: row.accountStatus as AccountStatus,
      partnerId: row.accountPartnerId ?? DEFAULT_PARTNER_ID,
      corporateId: row.accountCorporateId,
    },
  };
}

async function findUserWithAccount(exec: Executor, where: SQL | undefined) {
  const rows = await exec
    .select(userWithAccountColumns)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(where)
    .limit(1);
  return rows[0];
}

export function findUserByEmail(exec: Executor, email: string) {
  return findUserWithAccount(exec, eq(sql`lower(${users.email})`, email.toLowerCase()));
}

export function findUserById(exec: Executor, id: number, scope?: SQL) {
  return findUserWithAccount(exec, and(eq(users.id, id), scope));
}

export async function updateUserStatus(exec: Executor, id: number, status: UserStatus) {
  await exec
    .update(users)
    .set({ status, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function updateUserPassword(exec: Executor, id: number, passwordHash: string, isDemo: boolean) {
  await exec
    .update(users)
    .set({
      passwordHash,
      hasDemoPassword: isDemo,
      passwordChangedAt: new Date(),
      version: sql`${users.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

export async function recordLogin(exec: Executor, id: number) {
  await exec.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
}
