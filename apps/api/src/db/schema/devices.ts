import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { parameters } from './parameters.js';
import { DIAGNOSTIC_UPLOAD_METHODS, MAKE_TYPES, RECORD_STATUSES } from '@vayu/domain';
import { oneOf } from './checks.js';

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
