import { and, eq, sql } from 'drizzle-orm';
import {
  DATA_MIGRATION_ERRORS_KEPT,
  DATA_MIGRATION_MAX_ROWS,
  DATA_MIGRATION_MESSAGES,
  type DataMigrationRowError,
  type DataMigrationStatus,
} from '@vayu/domain';
import type { DatabaseHandle } from '../../db/client.js';
import { dataMigrations } from '../../db/schema/index.js';
import { PermanentJobError } from '../../jobs/job-queue.js';
import type { JobContext } from '../../jobs/job-worker.js';
import type { FileStore } from '../../lib/file-store.js';
import { queryOn } from '../../seed/readings.js';
import { insertReadings, isoTime, type ReadingRow } from '../telemetry/ingest.service.js';
import { ensureReadingPartitions } from '../telemetry/partitions.js';
import {
  SourceProblem,
  checkRow,
  countTenantReadings,
  csvRows,
  findStoredDuplicates,
  loadTargetDevices,
  readingKeyOf,
  rowError,
  tenantRows,
  type SourceRow,
} from './data-migration-rows.js';
import { findMigration, type StoredMigration } from './data-migrations.repository.js';

export interface DataMigrationJobDeps {
  database: Pick<DatabaseHandle, 'db' | 'query' | 'kind'>;
  files: FileStore;
  /** The jobs' clock (tests move it). */
  clock?: () => Date;
}

/** Rows checked (and stored) per round: the duplicate look-up, the progress and the insert go by these. */
const CHUNK = 2000;

/** Why an import was refused as a whole; its message is kept as the migration's failure. */
class ImportRefusal extends Error {}

/** The rows of a migration's source, with a progress (0–1) of the reading so far. */
async function openSource(deps: DataMigrationJobDeps, migration: StoredMigration) {
  let done = 0;
  if (migration.source === 'CSV') {
    const data = migration.storageKey ? await deps.files.get(migration.storageKey) : null;
    if (!data) throw new PermanentJobError('the migration file is missing');
    return { rows: csvRows(data, (bytes) => (done = bytes / data.length)), progress: () => done };
  }
  const source = { tenantId: migration.sourceTenantId!, from: migration.fromTs, to: migration.toTs };
  const total = await countTenantReadings(deps.database, source);
  let read = 0;
  async function* counted(): AsyncGenerator<SourceRow> {
    for await (const row of tenantRows(deps.database, source)) {
      read += 1;
      yield row;
    }
  }
  return { rows: counted(), progress: () => (total === 0 ? 0 : Math.min(read / total, 1)) };
}

const percent = (fraction: number) => Math.max(0, Math.min(99, Math.floor(fraction * 100)));

/**
 * The `dataMigrations.check` job, the dry run: reads the source as a stream,
 * checks each row as ingestion would (and against the file's earlier rows and
 * the stored readings), records the totals, the first row errors and the
 * progress as it goes; then CHECKED (nothing in error) or REJECTED. Writes no
 * reading. A migration cancelled meanwhile is left alone.
 */
export function dataMigrationCheckJob(deps: DataMigrationJobDeps) {
  return async ({ migrationId }: { migrationId: number }, context: Pick<JobContext, 'job' | 'signal'>) => {
    try {
      return await checkMigration(deps, migrationId, context.signal);
    } catch (error) {
      const isLastTry = error instanceof PermanentJobError || context.job.attempts >= context.job.maxAttempts;
      await deps.database.db
        .update(dataMigrations)
        .set(
          isLastTry
            ? { status: 'REJECTED', failure: DATA_MIGRATION_MESSAGES.checkFailed, finishedAt: new Date() }
            : { progress: 0 },
        )
        .where(and(eq(dataMigrations.id, migrationId), eq(dataMigrations.status, 'CHECKING')));
      throw error;
    }
  };
}

async function checkMigration(deps: DataMigrationJobDeps, migrationId: number, signal: AbortSignal) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const migration = await findMigration(db, eq(dataMigrations.id, migrationId));
  if (!migration) throw new PermanentJobError(`data migration ${migrationId} does not exist`);
  if (migration.status !== 'CHECKING') return { skipped: migration.status };

  const now = clock().getTime();
  const devices = await loadTargetDevices(deps.database, migration.tenantId);
  const source = await openSource(deps, migration);
  let errors: DataMigrationRowError[] = [];
  let errorCount = 0;
  let total = 0;
  const seen = new Set<string>();
  let chunk: ReadingRow[] = [];
  let chunkRows: number[] = [];
  let progress = 0;

  const addError = (error: DataMigrationRowError) => {
    errorCount += 1;
    if (errors.length < DATA_MIGRATION_ERRORS_KEPT + CHUNK) errors.push(error);
  };
  /** Ends a chunk: its stored duplicates, the errors kept in row order, the progress. False when cancelled. */
  const endChunk = async () => {
    const stored = await findStoredDuplicates(deps.database, migration.tenantId, chunk);
    for (const index of stored) addError(rowError(chunkRows[index]!, 'DUPLICATE_STORED'));
    errors.sort((a, b) => a.row - b.row);
    errors = errors.slice(0, DATA_MIGRATION_ERRORS_KEPT);
    chunk = [];
    chunkRows = [];
    const next = percent(source.progress());
    if (next === progress) return true;
    progress = next;
    const updated = await db
      .update(dataMigrations)
      .set({ progress })
      .where(and(eq(dataMigrations.id, migrationId), eq(dataMigrations.status, 'CHECKING')))
      .returning({ id: dataMigrations.id });
    return updated.length > 0;
  };

  try {
    for await (const raw of source.rows) {
      if (signal.aborted) throw signal.reason as Error;
      total += 1;
      if (total > DATA_MIGRATION_MAX_ROWS) {
        total -= 1;
        addError(rowError(raw.row, 'TOO_MANY_ROWS'));
        break;
      }
      const checked = checkRow(raw, chunk.length, devices, now);
      if (typeof checked === 'string') {
        addError(rowError(raw.row, checked));
      } else {
        const key = readingKeyOf(checked);
        if (seen.has(key)) {
          addError(rowError(raw.row, 'DUPLICATE_IN_FILE'));
        } else {
          seen.add(key);
          chunk.push(checked);
          chunkRows.push(raw.row);
        }
      }
      if ((chunk.length >= CHUNK || total % CHUNK === 0) && !(await endChunk())) {
        return { skipped: 'cancelled' };
      }
    }
  } catch (error) {
    if (!(error instanceof SourceProblem)) throw error;
    addError(rowError(error.row, error.code));
  }
  await endChunk();

  const rowsInError = Math.min(errorCount, total);
  const valid = total - rowsInError;
  const status: DataMigrationStatus = errorCount === 0 && valid > 0 ? 'CHECKED' : 'REJECTED';
  const finishedAt = clock();
  await db
    .update(dataMigrations)
    .set({
      status,
      progress: 100,
      totalRows: total,
      validRows: valid,
      errorCount,
      errors,
      failure: errorCount === 0 && valid === 0 ? DATA_MIGRATION_MESSAGES.noRows : null,
      checkedAt: finishedAt,
      finishedAt: status === 'REJECTED' ? finishedAt : null,
      version: sql`${dataMigrations.version} + 1`,
    })
    .where(and(eq(dataMigrations.id, migrationId), eq(dataMigrations.status, 'CHECKING')));
  return { status, total, errorCount };
}

/** Sets `user_id` of the readings just inserted to who started the import (the insert shared with ingestion has no such column). */
const SET_READINGS_USER_SQL = `
  UPDATE readings r SET user_id = $1
    FROM unnest($2::int4[], $3::int4[], $4::timestamptz[]) AS k(device_id, parameter_id, ts)
   WHERE r.tenant_id = $5 AND r.device_id = k.device_id AND r.parameter_id = k.parameter_id
     AND r.ts = k.ts AND r.revision = 0 AND r.source = 'migration'`;

/**
 * The `dataMigrations.import` job: reads and checks the source again (a
 * device or parameter may have changed since the check), then inserts every
 * row through ingestion's insert (so the 15-minute data and the freshness
 * follow) and marks the migration IMPORTED, all in one transaction. A row no
 * longer valid, a reading stored meanwhile for the same key, or any error
 * rolls everything back and leaves the migration FAILED with the reason; it
 * is not tried again.
 */
export function dataMigrationImportJob(deps: DataMigrationJobDeps) {
  return async ({ migrationId }: { migrationId: number }, context: Pick<JobContext, 'job' | 'signal'>) => {
    try {
      return await importMigration(deps, migrationId, context.signal);
    } catch (error) {
      const reason = error instanceof ImportRefusal ? error.message : DATA_MIGRATION_MESSAGES.importFailed;
      await deps.database.db
        .update(dataMigrations)
        .set({ status: 'FAILED', failure: reason, progress: 0, finishedAt: new Date() })
        .where(and(eq(dataMigrations.id, migrationId), eq(dataMigrations.status, 'IMPORTING')));
      if (error instanceof PermanentJobError) throw error;
      throw new PermanentJobError(error instanceof Error ? error.message : String(error));
    }
  };
}

async function importMigration(deps: DataMigrationJobDeps, migrationId: number, signal: AbortSignal) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const migration = await findMigration(db, eq(dataMigrations.id, migrationId));
  if (!migration) throw new PermanentJobError(`data migration ${migrationId} does not exist`);
  if (migration.status !== 'IMPORTING') return { skipped: migration.status };

  const now = clock().getTime();
  const devices = await loadTargetDevices(deps.database, migration.tenantId);
  const source = await openSource(deps, migration);
  const rows: ReadingRow[] = [];
  try {
    for await (const raw of source.rows) {
      const checked = checkRow(raw, rows.length, devices, now);
      if (typeof checked === 'string') throw new ImportRefusal(DATA_MIGRATION_MESSAGES.rowChanged);
      rows.push(checked);
      if (rows.length > DATA_MIGRATION_MAX_ROWS) throw new ImportRefusal(DATA_MIGRATION_MESSAGES.rowChanged);
    }
  } catch (error) {
    if (error instanceof SourceProblem) throw new ImportRefusal(DATA_MIGRATION_MESSAGES.rowChanged);
    throw error;
  }
  if (rows.length === 0) throw new ImportRefusal(DATA_MIGRATION_MESSAGES.noRows);

  // The months of the history get their readings partitions first (outside the transaction, as at start).
  const oldest = new Date(rows.reduce((min, row) => Math.min(min, row.ms), now));
  const today = new Date(now);
  const monthsBack =
    (today.getUTCFullYear() - oldest.getUTCFullYear()) * 12 + today.getUTCMonth() - oldest.getUTCMonth();
  await ensureReadingPartitions(deps.database, today, Math.max(1, monthsBack));

  const showProgress = (done: number) => {
    // On PostgreSQL another connection shows the progress while the transaction runs; the embedded
    // database has one connection, so there the progress is seen when the transaction ends.
    if (deps.database.kind !== 'postgres') return;
    db.update(dataMigrations)
      .set({ progress: percent(done / rows.length) })
      .where(and(eq(dataMigrations.id, migrationId), eq(dataMigrations.status, 'IMPORTING')))
      .catch(() => undefined);
  };

  await db.transaction(async (tx) => {
    const exec = queryOn(tx);
    for (let start = 0; start < rows.length; start += CHUNK) {
      if (signal.aborted) throw signal.reason as Error;
      const chunk = rows.slice(start, start + CHUNK);
      const inserted = await insertReadings(exec, chunk, { source: 'migration', tokenId: null });
      if (inserted.size !== chunk.length) throw new ImportRefusal(DATA_MIGRATION_MESSAGES.conflict);
      await exec.query(SET_READINGS_USER_SQL, [
        migration.importedById,
        chunk.map((row) => row.deviceId),
        chunk.map((row) => row.parameterId),
        chunk.map((row) => isoTime(row.ms)),
        migration.tenantId,
      ]);
      showProgress(start + chunk.length);
    }
    const [done] = await tx
      .update(dataMigrations)
      .set({
        status: 'IMPORTED',
        progress: 100,
        importedRows: rows.length,
        failure: null,
        finishedAt: clock(),
        version: sql`${dataMigrations.version} + 1`,
      })
      .where(and(eq(dataMigrations.id, migrationId), eq(dataMigrations.status, 'IMPORTING')))
      .returning({ id: dataMigrations.id });
    if (!done) throw new ImportRefusal(DATA_MIGRATION_MESSAGES.importFailed);
  });
  return { imported: rows.length };
}
