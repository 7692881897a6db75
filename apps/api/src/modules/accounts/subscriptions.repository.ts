import { and, count, eq, ne, sql } from 'drizzle-orm';
import { accountsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, users } from '../../db/schema/index.js';

export interface SubscriptionRow {
  tenantId: number;
  tenantName: string;
  type: string;
  partnerId: number | null;
  planCode: string | null;
  paymentMode: boolean;
  userQuota: number;
  parameterQuota: number;
  cameraQuota: number;
  usersUsed: number;
  version: number;
}

export interface SubscriptionValues {
  planCode: string | null;
  paymentMode: boolean;
  userQuota: number;
  parameterQuota: number;
  cameraQuota: number;
}

/** The plan code, payment mode and quotas of an account within the scope, with its users counted. */
export async function findSubscription(
  exec: Executor,
  scope: DataScope,
  accountId: number,
): Promise<SubscriptionRow | undefined> {
  const usersUsed = exec.select({ n: count() }).from(users).where(eq(users.accountId, accounts.id));
  const [row] = await exec
    .select({
      tenantId: accounts.id,
      tenantName: accounts.name,
      type: accounts.type,
      partnerId: accounts.partnerId,
      planCode: accounts.planCode,
      paymentMode: accounts.paymentMode,
      userQuota: accounts.userQuota,
      parameterQuota: accounts.parameterQuota,
      cameraQuota: accounts.cameraQuota,
      usersUsed: sql<number>`(${usersUsed})`.mapWith(Number),
      version: accounts.version,
    })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), ne(accounts.status, 'DELETED'), accountsWhere(scope)))
    .limit(1);
  return row;
}

/**
 * Saves the subscription of an account within the scope, only if it is still
 * at `version`; false when someone else saved first.
 */
export async function updateSubscription(
  exec: Executor,
  scope: DataScope,
  accountId: number,
  version: number,
  values: SubscriptionValues,
): Promise<boolean> {
  const rows = await exec
    .update(accounts)
    .set({ ...values, version: sql`${accounts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), eq(accounts.version, version), accountsWhere(scope)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}
