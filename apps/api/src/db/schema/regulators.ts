import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PUSH_ATTEMPT_OUTCOMES, PUSH_SLOT_STATES, REGULATOR_KEY_KINDS, type BoardConfig } from '@vayu/domain';
import { accounts } from './accounts.js';
import { devices, monitoringPoints } from './devices.js';
import { parameters } from './parameters.js';
import { users } from './users.js';
import { oneOf } from './checks.js';

/**
 * Regulators (spec: pcb configuration and its mappings). A board is one per
 * state, tied to the statutory account its users sign in with; an industry
 * mapped to a board has the board's ids for itself, its stations (monitoring
 * points), devices, parameters and units, its key files, and a ledger of the
 * 15-minute slots pushed to the board (modules/regulators/push.ts).
 */

/** A state's board (`/api/pcbConfiguration`, the spec's statId). */
export const regulatorBoards = pgTable(
  'regulator_boards',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    statutoryAccountId: integer('statutory_account_id')
      .notNull()
      .references(() => accounts.id),
    stateCode: text('state_code').notNull(),
    /** The board's push settings (protocol, base URL, timeout, on/off), as the domain's schema checked them. */
    config: jsonb('config').$type<BoardConfig>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('regulator_boards_state_uq').on(t.stateCode),
    index('regulator_boards_statutory_idx').on(t.statutoryAccountId),
  ],
);

/** The board's ids of catalogue parameters (`/api/getParametersByPcbConfigId`). */
export const regulatorParameters = pgTable(
  'regulator_parameters',
  {
    id: serial('id').primaryKey(),
    boardId: integer('board_id')
      .notNull()
      .references(() => regulatorBoards.id, { onDelete: 'cascade' }),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.id),
    spcbParameterId: text('spcb_parameter_id').notNull(),
  },
  (t) => [uniqueIndex('regulator_parameters_board_parameter_uq').on(t.boardId, t.parameterId)],
);

/** The board's names of the console's units. */
export const regulatorUnits = pgTable(
  'regulator_units',
  {
    id: serial('id').primaryKey(),
    boardId: integer('board_id')
      .notNull()
      .references(() => regulatorBoards.id, { onDelete: 'cascade' }),
    unit: text('unit').notNull(),
    spcbUnit: text('spcb_unit').notNull(),
  },
  (t) => [uniqueIndex('regulator_units_board_unit_uq').on(t.boardId, t.unit)],
);

/** An industry at a board: the board's id of it, its credentials, and where its push stands. */
export const regulatorTenants = pgTable(
  'regulator_tenants',
  {
    id: serial('id').primaryKey(),
    boardId: integer('board_id')
      .notNull()
      .references(() => regulatorBoards.id),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    spcbTenantId: text('spcb_tenant_id').notNull(),
    /** The board's authorization key, encrypted (lib/secrets.ts); only its last characters are shown. */
    authorizationKeyEncrypted: text('authorization_key_encrypted'),
    authorizationKeyHint: text('authorization_key_hint'),
    signature: text('signature'),
    nocNumber: text('noc_number'),
    /** Set by the first slot the board takes (the spec's sync_data_status): 'not Yet' until then. */
    syncDataStatus: boolean('sync_data_status').notNull().default(false),
    pushEnabled: boolean('push_enabled').notNull().default(true),
    /** The first slot not yet settled: the push goes on from here, in order. */
    nextSlot: timestamp('next_slot', { withTimezone: true }).notNull(),
    /** While a push run holds the industry, until when (a run that dies lets go when it passes). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    /** Why the last try did not get through (board unreachable, credentials refused); null once one does. */
    lastError: text('last_error'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('regulator_tenants_board_tenant_uq').on(t.boardId, t.tenantId),
    index('regulator_tenants_tenant_idx').on(t.tenantId),
  ],
);

/**
 * The industry's key files at the board. Public, server and user keys are
 * kept as uploaded; the private key only encrypted (lib/secrets.ts), and no
 * endpoint ever answers it: only its fingerprint.
 */
export const regulatorKeyFiles = pgTable(
  'regulator_key_files',
  {
    regulatorTenantId: integer('regulator_tenant_id')
      .notNull()
      .references(() => regulatorTenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REGULATOR_KEY_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the key, hex, in pairs: what the screen shows of every key. */
    fingerprint: text('fingerprint').notNull(),
    /** The file's text, for public, server and user keys; null for the private key. */
    content: text('content'),
    /** The private key, encrypted; null for the others. */
    contentEncrypted: text('content_encrypted'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.regulatorTenantId, t.kind] }),
    oneOf('regulator_key_files_kind_ck', t.kind, REGULATOR_KEY_KINDS),
  ],
);

/** A monitoring point as a station of the board (the spec's regulator entity, spcbEntityId). */
export const regulatorStations = pgTable(
  'regulator_stations',
  {
    id: serial('id').primaryKey(),
    regulatorTenantId: integer('regulator_tenant_id')
      .notNull()
      .references(() => regulatorTenants.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    monitoringPointId: integer('monitoring_point_id')
      .notNull()
      .references(() => monitoringPoints.id),
    spcbEntityId: text('spcb_entity_id').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('regulator_stations_point_uq').on(t.regulatorTenantId, t.monitoringPointId),
    uniqueIndex('regulator_stations_spcb_uq').on(t.regulatorTenantId, t.spcbEntityId),
  ],
);

/**
 * A device's parameter as the board knows it (the spec's regulator device:
 * stdParam, pcbEntity, unit, tenantUnawareDevice, pcbParameter, pcbUnit,
 * spcbDeviceId). A device maps each parameter once per board.
 */
export const regulatorDevices = pgTable(
  'regulator_devices',
  {
    id: serial('id').primaryKey(),
    regulatorTenantId: integer('regulator_tenant_id')
      .notNull()
      .references(() => regulatorTenants.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => regulatorStations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.id),
    /** The console unit the value is sent in (converted from the standard unit). */
    unit: text('unit').notNull(),
    regulatorParameterId: integer('regulator_parameter_id')
      .notNull()
      .references(() => regulatorParameters.id),
    regulatorUnitId: integer('regulator_unit_id')
      .notNull()
      .references(() => regulatorUnits.id),
    spcbDeviceId: text('spcb_device_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('regulator_devices_device_parameter_uq').on(t.regulatorTenantId, t.deviceId, t.parameterId),
    index('regulator_devices_station_idx').on(t.stationId),
  ],
);

/**
 * The push ledger: one row per mapped device and 15-minute slot the push has
 * reached. `delivered` and `refused` are final (a delivered slot is never
 * sent again); `pending` holds the tries of a slot not through yet; `no_data`
 * a slot the device sent nothing for; `expired` one that aged past 7 days
 * before the board took it.
 */
export const regulatorPushes = pgTable(
  'regulator_pushes',
  {
    regulatorTenantId: integer('regulator_tenant_id')
      .notNull()
      .references(() => regulatorTenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    state: text('state', { enum: PUSH_SLOT_STATES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    boardCode: text('board_code'),
    requestId: text('request_id'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.regulatorTenantId, t.slot, t.deviceId] }),
    oneOf('regulator_pushes_state_ck', t.state, PUSH_SLOT_STATES),
  ],
);

/** Every try to send a slot: request id, the board's answer and when (shown on the board detail). */
export const regulatorPushAttempts = pgTable(
  'regulator_push_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    regulatorTenantId: integer('regulator_tenant_id')
      .notNull()
      .references(() => regulatorTenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    requestId: text('request_id').notNull(),
    outcome: text('outcome', { enum: PUSH_ATTEMPT_OUTCOMES }).notNull(),
    httpStatus: integer('http_status'),
    boardCode: text('board_code'),
    answer: text('answer').notNull(),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('regulator_push_attempts_tenant_idx').on(t.regulatorTenantId, sql`${t.attemptedAt} desc`, t.id),
    oneOf('regulator_push_attempts_outcome_ck', t.outcome, PUSH_ATTEMPT_OUTCOMES),
  ],
);
