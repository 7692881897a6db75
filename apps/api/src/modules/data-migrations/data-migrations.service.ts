import { and, eq, sql } from 'drizzle-orm';
import {
  DATA_MIGRATION_FILE_PART,
  DATA_MIGRATION_MESSAGES,
  DATA_MIGRATIONS_PAGE_SIZE,
  isDataMigrationCancellable,
  type DataMigration,
  type DataMigrationCreateFields,
  type DataMigrationDetail,
  type DataMigrationListQuery,
  type Page,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf, tenantRowsWhere } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { dataMigrations } from '../../db/schema/index.js';
import { jobQueue } from '../../jobs/job-definitions.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { isPlainText, type FileStore } from '../../lib/file-store.js';
import type { UploadedFile } from '../../lib/multipart-form.js';
import { readPage } from '../../lib/paging.js';
import { changeableIndustry, visibleIndustry } from '../accounts/industry-access.js';
import { recordAudit } from '../audit/audit.service.js';
import { hasCsvHeader } from './data-migration-rows.js';
import {
  findMigrationDetail,
  findMigrations,
  migrationMatches,
  toMigrationDetail,
} from './data-migrations.repository.js';

const REFUSAL = 'You are not allowed to migrate data into this industry.';

export function createDataMigrationsService(deps: { db: Database; files: FileStore }) {
  const { db } = deps;

  /** A migration the caller sees (404 otherwise); `lock` for a change in the same transaction. */
  async function visibleMigration(exec: Executor, ctx: RequestContext, id: number, lock = false) {
    const where = and(
      eq(dataMigrations.id, id),
      tenantRowsWhere(scopeOf(ctx.principal), dataMigrations.tenantId),
    );
    const found = await findMigrationDetail(exec, where, { lock });
    if (!found) throw notFound('Data migration');
    return found;
  }

  /** The file sent, as a CSV the check can read: UTF-8 text by content (415) with the template's header (400). */
  function checkCsvFile(file: UploadedFile) {
    if (!isPlainText(file.data)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', DATA_MIGRATION_MESSAGES.notPlainText, [
        {
          path: DATA_MIGRATION_FILE_PART,
          message: DATA_MIGRATION_MESSAGES.notPlainText,
          code: 'FIELD_INVALID',
        },
      ]);
    }
    if (!hasCsvHeader(file.data)) {
      throw fieldError(DATA_MIGRATION_FILE_PART, DATA_MIGRATION_MESSAGES.missingColumns);
    }
  }

  return {
    async list(ctx: RequestContext, query: DataMigrationListQuery): Promise<Page<DataMigration>> {
      const p = ctx.principal;
      const industry =
        query.tenantId === undefined ? undefined : await visibleIndustry(db, ctx, query.tenantId);
      const where = and(
        tenantRowsWhere(scopeOf(p), dataMigrations.tenantId),
        industry ? eq(dataMigrations.tenantId, industry.id) : undefined,
        query.status ? eq(dataMigrations.status, query.status) : undefined,
      );
      return readPage(
        db,
        { page: query.page, pageSize: DATA_MIGRATIONS_PAGE_SIZE },
        {
          rows: (limit, offset) => findMigrations(db, where, limit, offset),
          matches: () => migrationMatches(db, where),
          countKey: [
            'data-migrations',
            p.userType,
            p.accountId,
            p.actingTenantId,
            query.tenantId,
            query.status,
          ],
        },
      );
    },

    async get(ctx: RequestContext, id: number): Promise<DataMigrationDetail> {
      return toMigrationDetail(await visibleMigration(db, ctx, id));
    },

    /**
     * A new migration, CHECKING, with its check queued: from the CSV file sent
     * (stored until it is imported or cancelled), or from another industry the
     * caller sees. Who may not change the industry is refused before the file
     * is looked at or stored.
     */
    async create(
      ctx: RequestContext,
      fields: DataMigrationCreateFields,
      file: UploadedFile | null,
    ): Promise<DataMigrationDetail> {
      if (file && (fields.sourceTenantId !== undefined || fields.from || fields.to)) {
        throw fieldError('sourceTenantId', DATA_MIGRATION_MESSAGES.fileOrSource);
      }
      if (!file && fields.sourceTenantId === undefined) {
        throw fieldError(DATA_MIGRATION_FILE_PART, DATA_MIGRATION_MESSAGES.fileRequired, 'FIELD_REQUIRED');
      }
      await changeableIndustry(db, ctx, fields.tenantId, REFUSAL);
      if (fields.sourceTenantId !== undefined) await visibleIndustry(db, ctx, fields.sourceTenantId);
      if (file) checkCsvFile(file);

      const storageKey = file
        ? await deps.files.put(`data-migrations/${fields.tenantId}`, file.data, 'csv')
        : null;
      try {
        return await db.transaction(async (tx) => {
          const industry = await changeableIndustry(tx, ctx, fields.tenantId, REFUSAL);
          const [row] = await tx
            .insert(dataMigrations)
            .values({
              tenantId: industry.id,
              source: file ? 'CSV' : 'TENANT',
              sourceTenantId: fields.sourceTenantId ?? null,
              fromTs: fields.from ? new Date(fields.from) : null,
              toTs: fields.to ? new Date(fields.to) : null,
              fileName: file?.fileName ?? null,
              storageKey,
              createdBy: ctx.principal.userId,
            })
            .returning({ id: dataMigrations.id });
          await jobQueue.enqueue(tx, 'dataMigrations.check', { migrationId: row!.id });
          const created = (await findMigrationDetail(tx, eq(dataMigrations.id, row!.id)))!;
          await recordAudit(tx, ctx, {
            entity: 'data_migration',
            entityId: created.id,
            action: 'CREATE',
            tenantId: industry.id,
            newValue: {
              source: created.source,
              fileName: created.fileName,
              sourceTenant: created.sourceTenantName,
              from: created.from,
              to: created.to,
            },
          });
          return toMigrationDetail(created);
        });
      } catch (error) {
        if (storageKey) await deps.files.delete(storageKey);
        throw error;
      }
    },

    /** Queues the import of a CHECKED migration (409 otherwise); the job writes all its rows or none. */
    async import(ctx: RequestContext, id: number): Promise<DataMigrationDetail> {
      return db.transaction(async (tx) => {
        const found = await visibleMigration(tx, ctx, id, true);
        await changeableIndustry(tx, ctx, found.tenantId, REFUSAL);
        if (found.status !== 'CHECKED') {
          throw new AppError('MIGRATION_STATE', DATA_MIGRATION_MESSAGES.notCheckedYet);
        }
        await tx
          .update(dataMigrations)
          .set({
            status: 'IMPORTING',
            progress: 0,
            importedBy: ctx.principal.userId,
            version: sql`${dataMigrations.version} + 1`,
          })
          .where(eq(dataMigrations.id, found.id));
        await jobQueue.enqueue(tx, 'dataMigrations.import', { migrationId: found.id });
        await recordAudit(tx, ctx, {
          entity: 'data_migration',
          entityId: found.id,
          action: 'IMPORT',
          tenantId: found.tenantId,
          oldValue: { status: found.status },
          newValue: { status: 'IMPORTING', rows: found.validRows },
        });
        return toMigrationDetail((await findMigrationDetail(tx, eq(dataMigrations.id, found.id)))!);
      });
    },

    /** Cancels a migration not importing or imported (409 otherwise) and removes its stored file. */
    async cancel(ctx: RequestContext, id: number): Promise<DataMigrationDetail> {
      const cancelled = await db.transaction(async (tx) => {
        const found = await visibleMigration(tx, ctx, id, true);
        await changeableIndustry(tx, ctx, found.tenantId, REFUSAL);
        if (!isDataMigrationCancellable(found.status)) {
          throw new AppError('MIGRATION_STATE', DATA_MIGRATION_MESSAGES.notCancellable);
        }
        await tx
          .update(dataMigrations)
          .set({
            status: 'CANCELLED',
            finishedAt: new Date(),
            version: sql`${dataMigrations.version} + 1`,
          })
          .where(eq(dataMigrations.id, found.id));
        await recordAudit(tx, ctx, {
          entity: 'data_migration',
          entityId: found.id,
          action: 'CANCEL',
          tenantId: found.tenantId,
          oldValue: { status: found.status },
          newValue: { status: 'CANCELLED' },
        });
        return (await findMigrationDetail(tx, eq(dataMigrations.id, found.id)))!;
      });
      // The row keeps the key (the table requires one for a CSV migration); the file itself goes.
      if (cancelled.storageKey) await deps.files.delete(cancelled.storageKey);
      return toMigrationDetail(cancelled);
    },
  };
}

export type DataMigrationsService = ReturnType<typeof createDataMigrationsService>;
