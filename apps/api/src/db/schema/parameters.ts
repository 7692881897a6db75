import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The parameter catalogue: platform master data, shared by every tenant.
 * Functional parameters point at the standard parameter they are based on.
 */
export const parameters = pgTable(
  'parameters',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    mtype: text('mtype').notNull(),
    type: text('type').notNull().default('NORMAL'),
    paramKey: text('param_key').notNull(),
    paramMetric: text('param_metric').notNull(),
    stdUnit: text('std_unit'),
    defaultStdUnit: text('default_std_unit'),
    alertLabel: text('alert_label'),
    metricAgg: text('metric_agg').notNull().default('AVG'),
    metricDownsampleAgg: text('metric_downsample_agg').notNull().default('AVG'),
    isAlertEnabled: boolean('is_alert_enabled').notNull().default(false),
    isCounter: boolean('is_counter').notNull().default(false),
    counterResetValue: doublePrecision('counter_reset_value'),
    isConversion: boolean('is_conversion').notNull().default(true),
    showWidget: boolean('show_widget').notNull().default(true),
    dataStoreType: text('data_store_type').notNull().default('device'),
    baseParamId: integer('base_param_id').references((): AnyPgColumn => parameters.id),
    isLinear: boolean('is_linear'),
    status: text('status').notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parameters_name_active_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
    index('parameters_list_idx').on(t.status, sql`lower(${t.label})`, t.id),
    index('parameters_label_trgm_idx').using('gin', sql`lower(${t.label}) gin_trgm_ops`),
    index('parameters_base_param_idx').on(t.baseParamId),
  ],
);
