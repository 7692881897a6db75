import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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
import { accounts } from './accounts.js';
import { parameters } from './parameters.js';
import { DIAGNOSTIC_UPLOAD_METHODS, ENTITY_TYPE_KEYS, MAKE_TYPES, RECORD_STATUSES } from '@vayu/domain';
import { oneOf } from './checks.js';

/**
 * Monitoring points (the spec's entities): an industry's stacks, effluent plants,
 * ambient stations and so on. `properties` holds the entity type's properties
 * (stack height, design capacity, …) as the domain's schema checked them.
 */
export const monitoringPoints = pgTable(
  'monitoring_points',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    entityType: text('entity_type', { enum: ENTITY_TYPE_KEYS as [string, ...string[]] }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    properties: jsonb('properties').$type<Record<string, string | number | null>>().notNull().default({}),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('monitoring_points_entity_type_ck', t.entityType, ENTITY_TYPE_KEYS),
    oneOf('monitoring_points_status_ck', t.status, RECORD_STATUSES),
    // One name per industry among the points not deleted; also the index of an industry's list.
    uniqueIndex('monitoring_points_tenant_name_active_uq')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
  ],
);

/** Device makes (manufacturers), by type: Analyser, Calibrator, Camera, … */
export const makes = pgTable(
  'makes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: MAKE_TYPES }).notNull(),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('makes_type_ck', t.type, MAKE_TYPES),
    oneOf('makes_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('makes_name_type_active_uq')
      .on(sql`lower(${t.name})`, t.type)
      .where(sql`status <> 'DELETED'`),
    index('makes_list_idx').on(t.status, t.type, sql`lower(${t.name})`, t.id),
  ],
);

/** Models of a make. `modelType` names the model type master (device issue). */
export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    makeId: integer('make_id')
      .notNull()
      .references(() => makes.id),
    modelType: text('model_type'),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('models_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('models_make_name_active_uq')
      .on(t.makeId, sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
    index('models_make_idx').on(t.makeId, t.status, sql`lower(${t.name})`),
  ],
);

/** Model types (`/model/types`): what a model measures — CEMS, CAAQMS, Water Quality, … */
export const modelTypes = pgTable(
  'model_types',
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
    oneOf('model_types_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('model_types_type_active_uq')
      .on(sql`lower(${t.type})`)
      .where(sql`status <> 'DELETED'`),
  ],
);

/** The catalogue parameters a model measures: a device of the model starts its parameter rows from these. */
export const modelParameters = pgTable(
  'model_parameters',
  {
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.id),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.parameterId] }),
    index('model_parameters_parameter_idx').on(t.parameterId),
  ],
);

/**
 * Diagnostic parameters: which diagnostic readings (paramIds) an analyser
 * model — or one industry's set-up — reports, and how it is calibrated.
 * Exactly one of tenant and model is set.
 */
export const diagnosticParams = pgTable(
  'diagnostic_params',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => accounts.id),
    modelId: integer('model_id').references(() => models.id),
    isRemoteCalibration: boolean('is_remote_calibration').notNull().default(false),
    isCalibrationThroughUtility: boolean('is_calibration_through_utility').notNull().default(false),
    dataUploadMethod: text('data_upload_method', { enum: DIAGNOSTIC_UPLOAD_METHODS }),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('diagnostic_params_status_ck', t.status, RECORD_STATUSES),
    oneOf('diagnostic_params_data_upload_method_ck', t.dataUploadMethod, DIAGNOSTIC_UPLOAD_METHODS),
    check('diagnostic_params_owner_ck', sql`(${t.tenantId} IS NULL) <> (${t.modelId} IS NULL)`),
    index('diagnostic_params_list_idx').on(t.status, t.id),
    index('diagnostic_params_tenant_idx').on(t.tenantId),
    index('diagnostic_params_model_idx').on(t.modelId),
  ],
);

/** The parameters of a diagnostic set-up. */
export const diagnosticParamParameters = pgTable(
  'diagnostic_param_parameters',
  {
    diagnosticParamId: integer('diagnostic_param_id')
      .notNull()
      .references(() => diagnosticParams.id, { onDelete: 'cascade' }),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.id),
  },
  (t) => [
    primaryKey({ columns: [t.diagnosticParamId, t.parameterId] }),
    index('diagnostic_param_parameters_parameter_idx').on(t.parameterId),
  ],
);
