import { eq } from 'drizzle-orm';
import { computeGstinCheckChar, findIndianState } from '@vayu/domain';
import type { UserType } from '@vayu/domain';
import type { Executor } from '../db/client.js';
import { accounts, boardTenants, corporates, industryCategories, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';

/**
 * Builders shared by the demo seed and the tests: each inserts one record
 * with sensible defaults and returns it.
 */

type NewAccount = typeof accounts.$inferInsert;
type NewUser = Omit<typeof users.$inferInsert, 'passwordHash' | 'userType'> & {
  password?: string;
  userType?: UserType;
};

const hashes = new Map<string, Promise<string>>();
/** Hashing is deliberately slow; the same password is hashed once per process. */
export function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export const DEFAULT_TEST_PASSWORD = 'Test#Pass123';

export async function createAccount(exec: Executor, values: NewAccount) {
  const [row] = await exec.insert(accounts).values(values).returning();
  return row!;
}

export async function createUser(exec: Executor, values: NewUser) {
  const { password = DEFAULT_TEST_PASSWORD, userType, ...rest } = values;
  let type = userType;
  if (!type) {
    const [account] = await exec
      .select({ type: accounts.type })
      .from(accounts)
      .where(eq(accounts.id, values.accountId));
    type = account!.type;
  }
  const [row] = await exec
    .insert(users)
    .values({
      activatedAt: new Date(),
      ...rest,
      email: rest.email.toLowerCase(),
      userType: type,
      passwordHash: await hashOnce(password),
    })
    .returning();
  return { ...row!, password };
}

export async function createCorporate(exec: Executor, values: typeof corporates.$inferInsert) {
  const [row] = await exec.insert(corporates).values(values).returning();
  return row!;
}

export async function createIndustryCategory(exec: Executor, name: string) {
  const [row] = await exec.insert(industryCategories).values({ name }).returning();
  return row!;
}

export async function mapTenantToBoard(exec: Executor, statutoryAccountId: number, tenantId: number) {
  await exec.insert(boardTenants).values({ statutoryAccountId, tenantId });
}

/** A well-formed GSTIN for a state and a PAN-like body, with its check character. */
export function makeGstin(stateCode: string, pan: string, entity = '1'): string {
  const state = findIndianState(stateCode);
  if (!state) throw new Error(`Unknown state ${stateCode}`);
  const first14 = `${state.gstCode}${pan}${entity}Z`;
  return first14 + computeGstinCheckChar(first14);
}
