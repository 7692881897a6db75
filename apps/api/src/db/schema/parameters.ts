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
import {
  DATA_STORE_TYPES,
  DERIVED_DATA_SOURCES,
  DERIVED_DOWNSAMPLE_AGGREGATIONS,
  METRIC_AGGREGATIONS,
  PARAMETER_MTYPES,
  RECORD_STATUSES,
  STANDARD_PARAMETER_TYPES,
} from '@vayu/domain';
import { oneOf } from './checks.js';

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
    mtype: text('mtype', { enum: PARAMETER_MTYPES }).notNull(),
    type: text('type', { enum: STANDARD_PARAMETER_TYPES }).notNull().default('NORMAL'),
    paramKey: text('param_key').notNull(),
    paramMetric: text('param_metric').notNull(),
    stdUnit: text('std_unit'),
    defaultStdUnit: text('default_std_unit'),
    alertLabel: text('alert_label'),
    /** The emission or discharge standard in the standard unit (alert limits start from it), when one applies. */
    standardLimit: doublePrecision('standard_limit'),
    metricAgg: text('metric_agg', { enum: METRIC_AGGREGATIONS }).notNull().default('AVG'),
    metricDownsampleAgg: text('metric_downsample_agg', { enum: METRIC_AGGREGATIONS })
      .notNull()
      .default('AVG'),
    isAlertEnabled: boolean('is_alert_enabled').notNull().default(false),
    isCounter: boolean('is_counter').notNull().default(false),
    counterResetValue: doublePrecision('counter_reset_value'),
    isConversion: boolean('is_conversion').notNull().default(true),
    showWidget: boolean('show_widget').notNull().default(true),
    dataStoreType: text('data_store_type', { enum: DATA_STORE_TYPES }).notNull().default('device'),
    baseParamId: integer('base_param_id').references((): AnyPgColumn => parameters.id),
    isLinear: boolean('is_linear'),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('parameters_mtype_ck', t.mtype, PARAMETER_MTYPES),
    oneOf('parameters_type_ck', t.type, STANDARD_PARAMETER_TYPES),
    oneOf('parameters_metric_agg_ck', t.metricAgg, METRIC_AGGREGATIONS),
    oneOf('parameters_metric_downsample_agg_ck', t.metricDownsampleAgg, METRIC_AGGREGATIONS),
    oneOf('parameters_data_store_type_ck', t.dataStoreType, DATA_STORE_TYPES),
    oneOf('parameters_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('parameters_name_active_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
    index('parameters_list_idx').on(t.status, sql`lower(${t.label})`, t.id),
    index('parameters_label_trgm_idx').using('gin', sql`lower(${t.label}) gin_trgm_ops`),
    index('parameters_base_param_idx').on(t.baseParamId),
  ],
);

/**
 * Derived parameters: catalogue entries computed from other parameters. Each
 * has one or more derived series (`derivedStdParamList`), each named by
 * `derivedParamName` (generated from its label) and computed by its ordered
 * expression rows: the first row whose condition holds gives the value.
 */
export const derivedParameters = pgTable(
  'derived_parameters',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    mtype: text('mtype', { enum: PARAMETER_MTYPES }).notNull(),
    paramKey: text('param_key').notNull(),
    paramMetric: text('param_metric').notNull(),
    stdUnit: text('std_unit'),
    alertLabel: text('alert_label'),
    metricAgg: text('metric_agg', { enum: METRIC_AGGREGATIONS }).notNull().default('AVG'),
    metricDownsampleAgg: text('metric_downsample_agg', { enum: DERIVED_DOWNSAMPLE_AGGREGATIONS })
      .notNull()
      .default('AVG'),
    isAlertEnabled: boolean('is_alert_enabled').notNull().default(false),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('derived_parameters_mtype_ck', t.mtype, PARAMETER_MTYPES),
    oneOf('derived_parameters_metric_agg_ck', t.metricAgg, METRIC_AGGREGATIONS),
    oneOf(
      'derived_parameters_metric_downsample_agg_ck',
      t.metricDownsampleAgg,
      DERIVED_DOWNSAMPLE_AGGREGATIONS,
    ),
    oneOf('derived_parameters_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('derived_parameters_name_active_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
    index('derived_parameters_list_idx').on(t.status, sql`lower(${t.label})`, t.id),
    index('derived_parameters_label_trgm_idx').using('gin', sql`lower(${t.label}) gin_trgm_ops`),
  ],
);

/** One derived series of a derived parameter (an item of `derivedStdParamList`). */
export const derivedStdParams = pgTable(
  'derived_std_params',
  {
    id: serial('id').primaryKey(),
    derivedParameterId: integer('derived_parameter_id')
      .notNull()
      .references(() => derivedParameters.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    derivedParamName: text('derived_param_name').notNull(),
    derivedParamLabel: text('derived_param_label').notNull(),
  },
  (t) => [
    uniqueIndex('derived_std_params_position_uq').on(t.derivedParameterId, t.position),
    index('derived_std_params_name_idx').on(sql`lower(${t.derivedParamName})`),
  ],
);

/** An expression row of a derived series (`derivedExpressionProperties`). */
export const derivedExpressionProperties = pgTable(
  'derived_expression_properties',
  {
    id: serial('id').primaryKey(),
    derivedStdParamId: integer('derived_std_param_id')
      .notNull()
      .references(() => derivedStdParams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    expressionParam: text('expression_param').notNull(),
    dataSource: text('data_source', { enum: DERIVED_DATA_SOURCES }).notNull(),
    unit: text('unit'),
    conditionalStatement: text('conditional_statement'),
  },
  (t) => [
    oneOf('derived_expression_properties_data_source_ck', t.dataSource, DERIVED_DATA_SOURCES),
    uniqueIndex('derived_expression_properties_position_uq').on(t.derivedStdParamId, t.position),
  ],
);

/** Master categories (type, description), e.g. the CPCB Red/Orange/Green/White categories. */
export const masterCategories = pgTable(
  'master_categories',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    description: text('description'),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('master_categories_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('master_categories_type_active_uq')
      .on(sql`lower(${t.type})`)
      .where(sql`status <> 'DELETED'`),
    index('master_categories_list_idx').on(t.status, sql`lower(${t.type})`, t.id),
  ],
);
