import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Corporate, CorporateStatus, CorporateType } from '@vayu/domain';
import { accountsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, corporates } from '../../db/schema/index.js';

type CorporateRow = {
  id: number;
  name: string;
  type: CorporateType;
  status: CorporateStatus;
  contactEmail: string | null;
  createdAt: Date;
  tenantCount: number;
};

function toCorporate(row: CorporateRow): Corporate {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    contactEmail: row.contactEmail,
    tenantCount: Number(row.tenantCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Corporates with the number of industries (tenants) within the scope that belong to each. */
export async function findCorporates(
  exec: Executor,
  scope: DataScope,
  filter: { type?: CorporateType | undefined; status?: CorporateStatus | undefined },
): Promise<Corporate[]> {
  const rows = await exec
    .select({
      id: corporates.id,
      name: corporates.name,
      type: corporates.type,
      status: corporates.status,
      contactEmail: corporates.contactEmail,
      createdAt: corporates.createdAt,
      tenantCount: count(accounts.id),
    })
    .from(corporates)
    .leftJoin(
      accounts,
      and(
        eq(accounts.corporateId, corporates.id),
        eq(accounts.type, 'tenant'),
        ne(accounts.status, 'DELETED'),
        accountsWhere(scope),
      ),
    )
    .where(
      and(
        filter.type === undefined ? undefined : eq(corporates.type, filter.type),
        filter.status === undefined ? ne(corporates.status, 'DELETED') : eq(corporates.status, filter.status),
      ),
    )
    .groupBy(corporates.id)
    .orderBy(asc(sql`lower(${corporates.name})`), asc(corporates.id));
  return rows.map(toCorporate);
}

/**
 * Serialises creations under the same (case-insensitive) name until commit,
 * so two people adding "Tata Steel" at once cannot both pass the check.
 */
export async function lockCorporateName(exec: Executor, name: string) {
  await exec.execute(sql`select pg_advisory_xact_lock(hashtext(${`corporates.name:${name.toLowerCase()}`}))`);
}

export async function isCorporateNameTaken(exec: Executor, name: string): Promise<boolean> {
  const rows = await exec
    .select({ id: corporates.id })
    .from(corporates)
    .where(and(eq(sql`lower(${corporates.name})`, name.toLowerCase()), ne(corporates.status, 'DELETED')))
    .limit(1);
  return rows.length > 0;
}

/** The corporate and the account its people sign in to, created together. */
export async function insertCorporateWithAccount(
  exec: Executor,
  values: { name: string; type: CorporateType; contactEmail: string | null },
): Promise<{ corporate: Corporate; accountId: number }> {
  const [corporate] = await exec
    .insert(corporates)
    .values({ name: values.name, type: values.type, contactEmail: values.contactEmail })
    .returning();
  const [account] = await exec
    .insert(accounts)
    .values({
      type: 'corporate',
      name: values.name,
      corporateId: corporate!.id,
      contactEmail: values.contactEmail,
    })
    .returning({ id: accounts.id });
  return { corporate: toCorporate({ ...corporate!, tenantCount: 0 }), accountId: account!.id };
}
