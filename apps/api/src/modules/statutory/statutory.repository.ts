import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { statutoryAccountSchema } from '@vayu/domain';
import { accountsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, boardTenants } from '../../db/schema/index.js';

export type StatutoryAccount = z.infer<typeof statutoryAccountSchema>;

export interface StatutoryValues {
  name: string;
  contactEmail: string;
  contactNo: string | null;
  address: string | null;
  city: string | null;
  stateCode: string | null;
  zip: string | null;
}

/** A board (statutory) account within the scope, with the number of industries mapped to it. */
export async function findStatutoryAccount(
  exec: Executor,
  scope: DataScope,
  id: number,
): Promise<StatutoryAccount | undefined> {
  const rows = await exec
    .select({
      id: accounts.id,
      name: accounts.name,
      status: accounts.status,
      contactEmail: accounts.contactEmail,
      contactNo: accounts.contactNo,
      address: accounts.address,
      city: accounts.city,
      stateCode: accounts.stateCode,
      zip: accounts.zip,
      version: accounts.version,
      mappedTenants: count(boardTenants.tenantId),
    })
    .from(accounts)
    .leftJoin(boardTenants, eq(boardTenants.statutoryAccountId, accounts.id))
    .where(and(eq(accounts.id, id), eq(accounts.type, 'statutory'), accountsWhere(scope)))
    .groupBy(accounts.id);
  return rows[0] ? { ...rows[0], mappedTenants: Number(rows[0].mappedTenants) } : undefined;
}

export async function insertStatutoryAccount(exec: Executor, values: StatutoryValues): Promise<number> {
  const [row] = await exec
    .insert(accounts)
    .values({ type: 'statutory', ...values })
    .returning({ id: accounts.id });
  return row!.id;
}

/** Only when the row is within the scope and still at `version`; false when someone changed it first. */
export async function updateStatutoryAccount(
  exec: Executor,
  scope: DataScope,
  id: number,
  version: number,
  values: StatutoryValues,
): Promise<boolean> {
  const rows = await exec
    .update(accounts)
    .set({ ...values, version: sql`${accounts.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(accounts.id, id),
        eq(accounts.type, 'statutory'),
        eq(accounts.version, version),
        accountsWhere(scope),
      ),
    )
    .returning({ id: accounts.id });
  return rows.length > 0;
}
