import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PROVENANCES, READING_REFUSALS, READING_SOURCES, RECORD_STATUSES } from '@vayu/domain';
import { accounts } from './accounts.js';
import { users } from './users.js';
import { oneOf } from './checks.js';

/**
 * Edge clients (`/edgeClientKey`): a gateway at an industry's plant, known by
 * an e-mail, allowed `keyAllowed` keys (data tokens) of which `keyUsed` were
 * issued.
 */
export const edgeClients = pgTable(
  'edge_clients',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    email: text('email').notNull(),
    keyAllowed: integer('key_allowed').notNull().default(1),
    keyUsed: integer('key_used').notNull().default(0),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('edge_clients_status_ck', t.status, RECORD_STATUSES),
    check('edge_clients_keys_ck', sql`${t.keyUsed} >= 0 AND ${t.keyUsed} <= ${t.keyAllowed}`),
    // "Email already exist": one e-mail in the list of clients not deleted.
    uniqueIndex('edge_clients_email_active_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`status <> 'DELETED'`),
    index('edge_clients_tenant_idx').on(t.tenantId, t.status),
    index('edge_clients_list_idx').on(t.status, t.id),
  ],
);

/**
 * Push-data apps (`/appVendor`): third-party data platforms that send readings
 * for the industries added to them. `partnerId` is the reseller that added the
 * app (null: the platform's).
 */
export const appVendors = pgTable(
  'app_vendors',
  {
    id: serial('id').primaryKey(),
    appId: text('app_id').notNull(),
    appName: text('app_name').notNull(),
    partnerId: integer('partner_id').references(() => accounts.id),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('app_vendors_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('app_vendors_app_id_active_uq')
      .on(sql`lower(${t.appId})`)
      .where(sql`status <> 'DELETED'`),
    uniqueIndex('app_vendors_app_name_active_uq')
      .on(sql`lower(${t.appName})`)
      .where(sql`status <> 'DELETED'`),
    index('app_vendors_partner_idx').on(t.partnerId, t.status),
  ],
);

/** The industries a push-data app may send readings for. */
export const appVendorTenants = pgTable(
  'app_vendor_tenants',
  {
    appVendorId: integer('app_vendor_id')
      .notNull()
      .references(() => appVendors.id),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.appVendorId, t.tenantId] }),
    index('app_vendor_tenants_tenant_idx').on(t.tenantId),
  ],
);

export const DATA_TOKEN_KINDS = ['edge', 'app'] as const;

/**
 * Data tokens: the keys edge clients and push-data apps send readings with.
 * Only a hash is stored (the token is shown once); `tokenTail` is what the
 * screens show of it. Revoked tokens stay, so every stored reading still
 * names the token it came with.
 */
export const dataTokens = pgTable(
  'data_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: DATA_TOKEN_KINDS }).notNull(),
    edgeClientId: integer('edge_client_id').references(() => edgeClients.id),
    appVendorId: integer('app_vendor_id').references(() => appVendors.id),
    tokenHash: text('token_hash').notNull(),
    tokenTail: text('token_tail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    /** Updated at most once a minute per process while the token is used. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('data_tokens_kind_ck', t.kind, DATA_TOKEN_KINDS),
    check(
      'data_tokens_owner_ck',
      sql`(${t.kind} = 'edge' AND ${t.edgeClientId} IS NOT NULL AND ${t.appVendorId} IS NULL)
        OR (${t.kind} = 'app' AND ${t.appVendorId} IS NOT NULL AND ${t.edgeClientId} IS NULL)`,
    ),
    uniqueIndex('data_tokens_hash_uq').on(t.tokenHash),
    index('data_tokens_edge_client_idx').on(t.edgeClientId),
    index('data_tokens_app_vendor_idx').on(t.appVendorId),
  ],
);

/**
 * Readings, as received. Partitioned by month on `ts` (the migration declares
 * `PARTITION BY RANGE (ts)`; `modules/telemetry/partitions.ts` creates the
 * months ahead). No foreign keys: a key check per row would cost more than
 * the insert, and the API checks device, parameter and token before writing.
 * The key holds `tenant_id` so the table can be distributed by tenant
 * (docs/telemetry-storage.md). `revision` 0 is what the device sent; a
 * correction is a new row with a higher revision, the old one kept.
 */
export const readings = pgTable(
  'readings',
  {
    tenantId: integer('tenant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    parameterId: integer('parameter_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    revision: smallint('revision').notNull().default(0),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull(),
    valueStd: doublePrecision('value_std').notNull(),
    provenance: text('provenance', { enum: PROVENANCES }).notNull().default('measured'),
    source: text('source', { enum: READING_SOURCES }).notNull(),
    tokenId: integer('token_id'),
    userId: integer('user_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.deviceId, t.parameterId, t.ts, t.revision] }),
    oneOf('readings_provenance_ck', t.provenance, PROVENANCES),
    oneOf('readings_source_ck', t.source, READING_SOURCES),
  ],
);

/**
 * The 15-minute rollup of readings, kept by the `telemetry.rollup` work
 * (modules/telemetry/rollup.ts): per device, parameter and 15-minute slot
 * (aligned to IST) what the 15-minute data is made of. Derived data: it can
 * be rebuilt from `readings` at any time. Slots with a mark in
 * `readings_dirty` are read from `readings` instead until they are rolled up
 * again, so the 15-minute data is exact the moment a reading is stored.
 */
export const readings15m = pgTable(
  'readings_15m',
  {
    tenantId: integer('tenant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    parameterId: integer('parameter_id').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    lastTs: timestamp('last_ts', { withTimezone: true }).notNull(),
    lastValue: doublePrecision('last_value').notNull(),
    /** The first provenance other than measured among the slot's readings (null: all measured). */
    otherProvenance: text('other_provenance'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.deviceId, t.parameterId, t.slot] })],
);

/**
 * Days of 15-minute data as the data endpoint writes them: per device,
 * parameter and day (midnight to midnight IST) the JSON array of that day's
 * points, written the first time a day is read whole and kept until its slots
 * change. Rolling up a slot moves its day's `version` on and clears `points`
 * in the same transaction; a day is stored only under the version it was
 * read at, so a day written from slots that have changed since is never kept.
 * A 30-day answer is then thirty stored texts a parameter and the day in
 * progress, not 2,880 slots. Derived data, like the rollup.
 */
export const readingsDaysVersionSeq = pgSequence('readings_days_version_seq');

export const readingsDays = pgTable(
  'readings_days',
  {
    tenantId: integer('tenant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    parameterId: integer('parameter_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    /** From `readings_days_version_seq`: never the same twice, so a version names one state of the day. */
    version: bigint('version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('readings_days_version_seq')`),
    /** The day's points as the data endpoint answers them (null until read whole again). */
    points: text('points'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.deviceId, t.parameterId, t.day] })],
);

/**
 * Slots with readings stored since they were last rolled up. The readings
 * insert marks them in the same statement (touching the mark again when it is
 * there: a new row version); rolling up recomputes the slots of the marks it
 * read and removes those still at the version it read
 * (modules/telemetry/rollup.ts).
 */
export const readingsDirty = pgTable(
  'readings_dirty',
  {
    tenantId: integer('tenant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    parameterId: integer('parameter_id').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.deviceId, t.parameterId, t.slot] })],
);

/**
 * The newest reading time of each device, kept by the readings insert (in the
 * same statement, only ever moved forward): the freshness of devices, points
 * and industries is read from here instead of probing `readings`.
 */
export const deviceLastData = pgTable(
  'device_last_data',
  {
    tenantId: integer('tenant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    lastTs: timestamp('last_ts', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.deviceId] })],
);

/**
 * The readings ingestion refused, as sent (cut short), for the device and
 * edge log file (`GET /api/devices/{id}/logs`). Written only for a batch with
 * refusals, so a clean stream costs nothing here; kept for
 * `INGEST_REFUSALS_KEPT_DAYS` (the partition job deletes older rows). A row
 * names a device only when the device is one the token may send for, so no
 * industry reads another's traffic.
 */
export const ingestRefusals = pgTable(
  'ingest_refusals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The device's industry, or the sending edge client's; null for an app's row naming no device of its industries. */
    tenantId: integer('tenant_id'),
    deviceId: integer('device_id'),
    code: text('code', { enum: READING_REFUSALS }).notNull(),
    /** The reading as sent (JSON, at most 500 characters). */
    sent: text('sent').notNull(),
    source: text('source', { enum: READING_SOURCES }).notNull(),
    tokenId: integer('token_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ingest_refusals_device_idx').on(t.deviceId, t.receivedAt),
    index('ingest_refusals_tenant_idx').on(t.tenantId, t.receivedAt),
    index('ingest_refusals_received_idx').on(t.receivedAt),
    oneOf('ingest_refusals_code_ck', t.code, READING_REFUSALS),
    oneOf('ingest_refusals_source_ck', t.source, READING_SOURCES),
  ],
);
