import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ALERT_TYPES, NOTIFICATION_CHANNELS } from '@vayu/domain';
import { accounts } from './accounts.js';
import { devices, monitoringPoints } from './devices.js';
import { parameters } from './parameters.js';
import { users } from './users.js';
import { oneOf } from './checks.js';

/**
 * Alerts (modules/alerts): an industry's own limits of parameters at its
 * monitoring points, and the alerts raised from the 15-minute values and from
 * devices' silence, one row per episode.
 */

/** An industry's limit of a parameter at a monitoring point; without a row the catalogue's standard and alert switch apply. */
export const alertLimits = pgTable(
  'alert_limits',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    monitoringPointId: integer('monitoring_point_id')
      .notNull()
      .references(() => monitoringPoints.id),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.id),
    /** In the parameter's standard unit; null: the standard. */
    customLimit: doublePrecision('custom_limit'),
    enabled: boolean('enabled').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_limits_point_parameter_uq').on(t.tenantId, t.monitoringPointId, t.parameterId)],
);

export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ALERT_TYPES }).notNull(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    monitoringPointId: integer('monitoring_point_id').references(() => monitoringPoints.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    /** Null for an offline alert (the whole device). */
    parameterId: integer('parameter_id').references(() => parameters.id),
    limit: doublePrecision('limit'),
    firstValue: doublePrecision('first_value'),
    peakValue: doublePrecision('peak_value'),
    lastValue: doublePrecision('last_value'),
    /** The provenances of the values the episode was judged on. */
    provenance: text('provenance')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The newest slot judged (exceedances): a slot is judged once it has ended, and again never. */
    lastSlot: timestamp('last_slot', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    /** When the industry's users were mailed about it (modules/alerts/notify.ts); null: still to tell. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open episode per device and parameter (and per device for silence): no storm of duplicates.
    uniqueIndex('alerts_open_uq')
      .on(t.type, t.deviceId, sql`coalesce(${t.parameterId}, 0)`)
      .where(sql`${t.endedAt} IS NULL`),
    index('alerts_tenant_started_idx').on(t.tenantId, t.startedAt),
    index('alerts_started_idx').on(t.startedAt),
    // The notifier's work list: alerts still to tell, found without reading the others.
    index('alerts_unnotified_idx')
      .on(t.tenantId)
      .where(sql`${t.notifiedAt} IS NULL`),
    // When an industry was last mailed (the batching window).
    index('alerts_tenant_notified_idx').on(t.tenantId, t.notifiedAt),
    oneOf('alerts_type_ck', t.type, ALERT_TYPES),
  ],
);

/** A user who does not want an alert type on a channel; without a row the user is notified. */
export const alertOptOuts = pgTable(
  'alert_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertType: text('alert_type', { enum: ALERT_TYPES }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.alertType, t.channel] }),
    oneOf('alert_opt_outs_alert_type_ck', t.alertType, ALERT_TYPES),
    oneOf('alert_opt_outs_channel_ck', t.channel, NOTIFICATION_CHANNELS),
  ],
);
