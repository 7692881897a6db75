import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { IndustryCategory, RecordStatus } from '@vayu/domain';
import { accountsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, industryCategories } from '../../db/schema/index.js';

const categoryColumns = {
  id: industryCategories.id,
  name: industryCategories.name,
  status: industryCategories.status,
  createdAt: industryCategories.createdAt,
  version: industryCategories.version,
  tenantCount: count(accounts.id),
};

/**
 * Category rows with the industries (tenants, not deleted) within the scope
 * that use each; callers group by category.
 */
function selectCategories(exec: Executor, scope: DataScope) {
  return exec
    .select(categoryColumns)
    .from(industryCategories)
    .leftJoin(
      accounts,
      and(
        eq(accounts.industryCategoryId, industryCategories.id),
        eq(accounts.type, 'tenant'),
        ne(accounts.status, 'DELETED'),
        accountsWhere(scope),
      ),
    )
    .$dynamic();
}

function toIndustryCategory(row: {
  id: number;
  name: string;
  status: RecordStatus;
  createdAt: Date;
  version: number;
  tenantCount: number;
}): IndustryCategory {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    tenantCount: Number(row.tenantCount),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** Categories by name, with the number of industries (tenants) within the scope using each. */
export async function findIndustryCategories(
  exec: Executor,
  scope: DataScope,
  filter: { includeDeleted: boolean },
): Promise<IndustryCategory[]> {
  const rows = await selectCategories(exec, scope)
    .where(filter.includeDeleted ? undefined : ne(industryCategories.status, 'DELETED'))
    .groupBy(industryCategories.id)
    .orderBy(asc(sql`lower(${industryCategories.name})`), asc(industryCategories.id));
  return rows.map(toIndustryCategory);
}

export async function findIndustryCategory(
  exec: Executor,
  scope: DataScope,
  id: number,
): Promise<IndustryCategory | undefined> {
  const rows = await selectCategories(exec, scope)
    .where(eq(industryCategories.id, id))
    .groupBy(industryCategories.id);
  return rows[0] ? toIndustryCategory(rows[0]) : undefined;
}

/** Whether a category still offered has this name (letter case ignored), other than `exceptId`. */
export async function isCategoryNameTaken(exec: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await exec
    .select({ total: count() })
    .from(industryCategories)
    .where(
      and(
        eq(sql`lower(${industryCategories.name})`, name.toLowerCase()),
        ne(industryCategories.status, 'DELETED'),
        exceptId === undefined ? undefined : ne(industryCategories.id, exceptId),
      ),
    );
  return Number(row?.total ?? 0) > 0;
}

/** Undefined when the unique name index refused the row. */
export async function insertIndustryCategory(exec: Executor, name: string): Promise<number | undefined> {
  const rows = await exec
    .insert(industryCategories)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: industryCategories.id });
  return rows[0]?.id;
}

/** Renames a category still offered, only from its current version. */
export async function updateIndustryCategoryName(
  exec: Executor,
  id: number,
  version: number,
  name: string,
): Promise<boolean> {
  const rows = await exec
    .update(industryCategories)
    .set({ name, version: sql`${industryCategories.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(industryCategories.id, id),
        ne(industryCategories.status, 'DELETED'),
        eq(industryCategories.version, version),
      ),
    )
    .returning({ id: industryCategories.id });
  return rows.length > 0;
}

/** Deleting only marks the row: tenants keep their category, new forms no longer offer it. */
export async function markIndustryCategoryDeleted(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(industryCategories)
    .set({ status: 'DELETED', version: sql`${industryCategories.version} + 1`, updatedAt: new Date() })
    .where(and(eq(industryCategories.id, id), ne(industryCategories.status, 'DELETED')))
    .returning({ id: industryCategories.id });
  return rows.length > 0;
}
