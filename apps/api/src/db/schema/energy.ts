import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { parameters } from './parameters.js';
import { ENERGY_CATEGORIES, ENERGY_METRIC_AGGREGATIONS, RECORD_STATUSES } from '@vayu/domain';
import { oneOf } from './checks.js';

/** Energy metrics: a key and the aggregation (sum, avg, min, max) it is computed with. */
export const energyMetrics = pgTable(
  'energy_metrics',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    value: text('value', { enum: ENERGY_METRIC_AGGREGATIONS }).notNull(),
    label: text('label').notNull(),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('energy_metrics_value_ck', t.value, ENERGY_METRIC_AGGREGATIONS),
    oneOf('energy_metrics_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('energy_metrics_key_active_uq')
      .on(sql`lower(${t.key})`)
      .where(sql`status <> 'DELETED'`),
    index('energy_metrics_list_idx').on(t.status, sql`lower(${t.key})`, t.id),
  ],
);

/**
 * Energy parameters of the energy module (kWh, kVAh, power factor, …): the
 * catalogue parameter that supplies readings, the unit, and the metrics
 * computed for it.
 */
export const energyParameters = pgTable(
  'energy_parameters',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    paramKey: text('param_key').notNull(),
    category: text('category', { enum: ENERGY_CATEGORIES }).notNull(),
    unit: text('unit'),
    parameterId: integer('parameter_id').references(() => parameters.id),
    isCumulative: boolean('is_cumulative').notNull().default(false),
    isAlertEnabled: boolean('is_alert_enabled').notNull().default(false),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('energy_parameters_category_ck', t.category, ENERGY_CATEGORIES),
    oneOf('energy_parameters_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('energy_parameters_name_active_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
    index('energy_parameters_list_idx').on(t.status, sql`lower(${t.label})`, t.id),
    index('energy_parameters_parameter_idx').on(t.parameterId),
  ],
);

/** The metrics computed for an energy parameter. */
export const energyParameterMetrics = pgTable(
  'energy_parameter_metrics',
  {
    energyParameterId: integer('energy_parameter_id')
      .notNull()
      .references(() => energyParameters.id, { onDelete: 'cascade' }),
    metricId: integer('metric_id')
      .notNull()
      .references(() => energyMetrics.id),
  },
  (t) => [
    primaryKey({ columns: [t.energyParameterId, t.metricId] }),
    index('energy_parameter_metrics_metric_idx').on(t.metricId),
  ],
);
