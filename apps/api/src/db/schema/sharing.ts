import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DATA_MIGRATION_SOURCES, DATA_MIGRATION_STATUSES } from '@vayu/domain';
import { accounts } from './accounts.js';
import { users } from './users.js';
import { oneOf } from './checks.js';

/**
 * What an industry shares outside the console and what it brings in: its
 * public dashboard, the pull-data tokens third parties read its 15-minute
 * data with, and the data migrations that import its history.
 */

/**
 * An industry's public dashboard: opted in, it has an unguessable public id
 * and shows only the monitoring points and parameters chosen here. Revoking
 * keeps the row (its id never works again); opting in again makes a new id.
 */
export const publicDashboards = pgTable(
  'public_dashboards',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    publicId: text('public_id').notNull(),
    monitoringPointIds: integer('monitoring_point_ids').array().notNull(),
    /** Catalogue parameters shown (of the chosen points' devices). */
    parameterIds: integer('parameter_ids').array().notNull(),
    showCharts: boolean('show_charts').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('public_dashboards_public_id_uq').on(t.publicId),
    // At most one live dashboard per industry.
    uniqueIndex('public_dashboards_tenant_live_uq')
      .on(t.tenantId)
      .where(sql`revoked_at IS NULL`),
  ],
);

/**
 * Pull-data tokens: a third party reads an industry's 15-minute data within
 * a scope (points, parameters, how far back and how long a range). Only a hash
 * is stored; `tokenTail` is what the screens show of it.
 */
export const pullTokens = pgTable(
  'pull_tokens',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    /** Who the token is for (the third party). */
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenTail: text('token_tail').notNull(),
    monitoringPointIds: integer('monitoring_point_ids').array().notNull(),
    parameterIds: integer('parameter_ids').array().notNull(),
    /** How many days back from now the token may read. */
    historyDays: smallint('history_days').notNull(),
    /** The longest range one request may ask for, in days. */
    maxRangeDays: smallint('max_range_days').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    /** Updated at most once a minute per token while it is used. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pull_tokens_hash_uq').on(t.tokenHash),
    index('pull_tokens_tenant_idx').on(t.tenantId, t.id),
    check(
      'pull_tokens_days_ck',
      sql`${t.historyDays} >= 1 AND ${t.maxRangeDays} BETWEEN 1 AND ${t.historyDays}`,
    ),
  ],
);

/**
 * Data migrations: a request to import an industry's history from a CSV file
 * (kept in the file store under `storageKey`) or from another industry's
 * readings. The check (dry run) and the import run as jobs; `errors` holds the
 * first rows in error with their codes, `errorCount` all of them.
 */
export const dataMigrations = pgTable(
  'data_migrations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    source: text('source', { enum: DATA_MIGRATION_SOURCES }).notNull(),
    sourceTenantId: integer('source_tenant_id').references(() => accounts.id),
    /** For a TENANT source: the readings' range taken (null: all). */
    fromTs: timestamp('from_ts', { withTimezone: true }),
    toTs: timestamp('to_ts', { withTimezone: true }),
    fileName: text('file_name'),
    storageKey: text('storage_key'),
    status: text('status', { enum: DATA_MIGRATION_STATUSES }).notNull().default('CHECKING'),
    /** 0–100, of the step in progress. */
    progress: smallint('progress').notNull().default(0),
    totalRows: integer('total_rows'),
    validRows: integer('valid_rows'),
    importedRows: integer('imported_rows'),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors')
      .$type<{ row: number; field: string | null; code: string; message: string }[]>()
      .notNull()
      .default([]),
    /** Why the last step failed (not a row error). */
    failure: text('failure'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    importedBy: integer('imported_by').references(() => users.id),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('data_migrations_source_ck', t.source, DATA_MIGRATION_SOURCES),
    oneOf('data_migrations_status_ck', t.status, DATA_MIGRATION_STATUSES),
    check('data_migrations_progress_ck', sql`${t.progress} BETWEEN 0 AND 100`),
    check(
      'data_migrations_source_ref_ck',
      sql`(${t.source} = 'CSV' AND ${t.storageKey} IS NOT NULL AND ${t.sourceTenantId} IS NULL)
        OR (${t.source} = 'TENANT' AND ${t.sourceTenantId} IS NOT NULL AND ${t.storageKey} IS NULL)`,
    ),
    index('data_migrations_tenant_idx').on(t.tenantId, t.id),
  ],
);
