import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DATA_MIGRATION_ROW_ERRORS,
  type DataMigration,
  type DataMigrationDetail,
  type DataMigrationRowErrorCode,
} from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { accounts, dataMigrations, users } from '../../db/schema/index.js';

/*
 * Data migrations as the API shows them. Callers give the scope condition;
 * these only run the statements and map rows.
 */

const sourceTenant = alias(accounts, 'source_tenant');
const creator = alias(users, 'creator');
const importer = alias(users, 'importer');

const columns = {
  id: dataMigrations.id,
  tenantId: dataMigrations.tenantId,
  tenantName: accounts.name,
  source: dataMigrations.source,
  sourceTenantId: dataMigrations.sourceTenantId,
  sourceTenantName: sourceTenant.name,
  fromTs: dataMigrations.fromTs,
  toTs: dataMigrations.toTs,
  fileName: dataMigrations.fileName,
  storageKey: dataMigrations.storageKey,
  status: dataMigrations.status,
  progress: dataMigrations.progress,
  totalRows: dataMigrations.totalRows,
  validRows: dataMigrations.validRows,
  importedRows: dataMigrations.importedRows,
  errorCount: dataMigrations.errorCount,
  failure: dataMigrations.failure,
  createdById: dataMigrations.createdBy,
  createdBy: creator.name,
  createdAt: dataMigrations.createdAt,
  checkedAt: dataMigrations.checkedAt,
  importedById: dataMigrations.importedBy,
  importedBy: importer.name,
  finishedAt: dataMigrations.finishedAt,
};

function selectMigrations(exec: Executor) {
  return exec
    .select(columns)
    .from(dataMigrations)
    .innerJoin(accounts, eq(accounts.id, dataMigrations.tenantId))
    .leftJoin(sourceTenant, eq(sourceTenant.id, dataMigrations.sourceTenantId))
    .leftJoin(creator, eq(creator.id, dataMigrations.createdBy))
    .leftJoin(importer, eq(importer.id, dataMigrations.importedBy));
}

type MigrationRow = Awaited<ReturnType<ReturnType<typeof selectMigrations>['execute']>>[number];

/** A migration with what only the API uses: its stored file and the ids of who started and imported it. */
export interface StoredMigration extends DataMigration {
  storageKey: string | null;
  createdById: number | null;
  importedById: number | null;
  fromTs: Date | null;
  toTs: Date | null;
}

export type StoredMigrationDetail = StoredMigration & Pick<DataMigrationDetail, 'errors'>;

const isRowErrorCode = (code: string): code is DataMigrationRowErrorCode =>
  (DATA_MIGRATION_ROW_ERRORS as readonly string[]).includes(code);

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function toStored(row: MigrationRow): StoredMigration {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    source: row.source,
    sourceTenantId: row.sourceTenantId,
    sourceTenantName: row.sourceTenantName,
    from: iso(row.fromTs),
    to: iso(row.toTs),
    fileName: row.fileName,
    status: row.status,
    progress: row.progress,
    totalRows: row.totalRows,
    validRows: row.validRows,
    importedRows: row.importedRows,
    errorCount: row.errorCount,
    failure: row.failure,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    checkedAt: iso(row.checkedAt),
    importedBy: row.importedBy,
    finishedAt: iso(row.finishedAt),
    storageKey: row.storageKey,
    createdById: row.createdById,
    importedById: row.importedById,
    fromTs: row.fromTs,
    toTs: row.toTs,
  };
}

/** What the API answers of a migration (no file key, no user ids). */
export function toMigration(stored: StoredMigration): DataMigration {
  const {
    storageKey: _key,
    createdById: _by,
    importedById: _imp,
    fromTs: _f,
    toTs: _t,
    ...migration
  } = stored;
  return migration;
}

/** One migration matching `where` (id and scope); `lock` holds it for a change in the transaction. */
export async function findMigration(
  exec: Executor,
  where: SQL | undefined,
  options: { lock?: boolean } = {},
): Promise<StoredMigration | undefined> {
  const query = selectMigrations(exec).where(where).limit(1);
  const [row] = options.lock ? await query.for('update', { of: dataMigrations }) : await query;
  return row ? toStored(row) : undefined;
}

/** A migration with its kept row errors, as `GET /api/dataMigration/{id}` answers. */
export async function findMigrationDetail(
  exec: Executor,
  where: SQL | undefined,
  options: { lock?: boolean } = {},
): Promise<StoredMigrationDetail | undefined> {
  const found = await findMigration(exec, where, options);
  if (!found) return undefined;
  const [row] = await exec
    .select({ errors: dataMigrations.errors })
    .from(dataMigrations)
    .where(eq(dataMigrations.id, found.id));
  const errors = (row?.errors ?? []).map((error) => ({
    ...error,
    code: isRowErrorCode(error.code) ? error.code : ('MALFORMED' as const),
  }));
  return { ...found, errors };
}

export function toMigrationDetail(stored: StoredMigrationDetail): DataMigrationDetail {
  return { ...toMigration(stored), errors: stored.errors };
}

/** A page of migrations, newest first (the `(tenant_id, id)` index serves one industry's list). */
export async function findMigrations(exec: Executor, where: SQL | undefined, limit: number, offset: number) {
  const rows = await selectMigrations(exec)
    .where(where)
    .orderBy(desc(dataMigrations.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toMigration(toStored(row)));
}

export const migrationMatches = (exec: Executor, where: SQL | undefined) =>
  exec.select({ id: dataMigrations.id }).from(dataMigrations).where(where).$dynamic();
