import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { MasterCategory, MasterCategoryBody } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { masterCategories } from '../../db/schema/index.js';

type MasterCategoryRow = typeof masterCategories.$inferSelect;

function toMasterCategory(row: MasterCategoryRow): MasterCategory {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The master is small (a handful of categories): listed whole, by type. */
export async function findMasterCategories(
  exec: Executor,
  filter: { includeDeleted: boolean },
): Promise<MasterCategory[]> {
  const rows = await exec
    .select()
    .from(masterCategories)
    .where(filter.includeDeleted ? undefined : ne(masterCategories.status, 'DELETED'))
    .orderBy(
      asc(masterCategories.status),
      asc(sql`lower(${masterCategories.type})`),
      asc(masterCategories.id),
    );
  return rows.map(toMasterCategory);
}

export async function findMasterCategory(exec: Executor, id: number): Promise<MasterCategory | undefined> {
  const [row] = await exec.select().from(masterCategories).where(eq(masterCategories.id, id));
  return row ? toMasterCategory(row) : undefined;
}

/** Whether a category not deleted has this type (letter case ignored), other than `exceptId`. */
export async function isMasterCategoryTypeTaken(
  exec: Executor,
  type: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await exec
    .select({ total: count() })
    .from(masterCategories)
    .where(
      and(
        eq(sql`lower(${masterCategories.type})`, type.toLowerCase()),
        ne(masterCategories.status, 'DELETED'),
        exceptId === undefined ? undefined : ne(masterCategories.id, exceptId),
      ),
    );
  return Number(row?.total ?? 0) > 0;
}

export async function insertMasterCategory(exec: Executor, values: MasterCategoryBody): Promise<number> {
  const [row] = await exec.insert(masterCategories).values(values).returning({ id: masterCategories.id });
  return row!.id;
}

/** Changes a category not deleted, only from its current version. */
export async function updateMasterCategory(
  exec: Executor,
  id: number,
  version: number,
  values: MasterCategoryBody,
): Promise<boolean> {
  const rows = await exec
    .update(masterCategories)
    .set({ ...values, version: sql`${masterCategories.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(masterCategories.id, id),
        ne(masterCategories.status, 'DELETED'),
        eq(masterCategories.version, version),
      ),
    )
    .returning({ id: masterCategories.id });
  return rows.length > 0;
}

export async function markMasterCategoryDeleted(exec: Executor, id: number): Promise<boolean> {
  const rows = await exec
    .update(masterCategories)
    .set({ status: 'DELETED', version: sql`${masterCategories.version} + 1`, updatedAt: new Date() })
    .where(and(eq(masterCategories.id, id), ne(masterCategories.status, 'DELETED')))
    .returning({ id: masterCategories.id });
  return rows.length > 0;
}
