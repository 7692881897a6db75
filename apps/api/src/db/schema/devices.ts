import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  date,
  bigserial,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { parameters } from './parameters.js';
import { users } from './users.js';
import {
  CALIBRATION_CHECKS,
  CERTIFICATION_BODIES,
  DEVICE_ACTION_RESULTS,
  DEVICE_ACTIONS,
  DEVICE_STATUSES,
  DEVICE_UPLOAD_METHODS,
  DIAGNOSTIC_UPLOAD_METHODS,
  ENTITY_TYPE_KEYS,
  MAKE_TYPES,
  NOX_CONVERSIONS,
  OFFLINE_REASONS,
  PROFILE_TYPES,
  RECORD_STATUSES,
} from '@vayu/domain';
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

const ENABLED_DISABLED = ['ENABLED', 'DISABLED', 'DELETED'] as const;

/** Device vendors: the companies that supply and install devices (`/api/allDeviceVendor`). */
export const deviceVendors = pgTable(
  'device_vendors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('device_vendors_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('device_vendors_name_active_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
  ],
);

/** Devices: an industry's analysers at its monitoring points (spec §3). */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    monitoringPointId: integer('monitoring_point_id')
      .notNull()
      .references(() => monitoringPoints.id),
    name: text('name').notNull(),
    serialNumber: text('serial_number').notNull(),
    manufactureId: text('manufacture_id'),
    certified: boolean('certified').notNull().default(false),
    certification: text('certification', { enum: CERTIFICATION_BODIES }),
    dataFrequency: integer('data_frequency').notNull().default(15),
    tag: text('tag'),
    description: text('description'),
    type: text('type'),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id),
    calibratorModelId: integer('calibrator_model_id').references(() => models.id),
    isNdirEnabled: boolean('is_ndir_enabled').notNull().default(false),
    noxConversion: text('nox_conversion', { enum: NOX_CONVERSIONS }),
    ndirType: text('ndir_type'),
    /** NO share of NOx as a fraction (0.05 for 5 %). */
    noRatio: doublePrecision('no_ratio'),
    no2Ratio: doublePrecision('no2_ratio'),
    dataUploadMethod: text('data_upload_method', { enum: DEVICE_UPLOAD_METHODS }).notNull(),
    vendorId: integer('vendor_id').references(() => deviceVendors.id),
    process: text('process'),
    status: text('status', { enum: DEVICE_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('devices_status_ck', t.status, DEVICE_STATUSES),
    oneOf('devices_certification_ck', t.certification, CERTIFICATION_BODIES),
    oneOf('devices_nox_conversion_ck', t.noxConversion, NOX_CONVERSIONS),
    oneOf('devices_data_upload_method_ck', t.dataUploadMethod, DEVICE_UPLOAD_METHODS),
    check('devices_data_frequency_ck', sql`${t.dataFrequency} IN (15, 5, 2)`),
    // One name per industry; also the index of an industry's list, in name order.
    uniqueIndex('devices_tenant_name_active_uq')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
    // The list across industries (site, partner), in name order.
    index('devices_name_active_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`status <> 'DELETED'`),
    index('devices_serial_active_idx')
      .on(sql`lower(${t.serialNumber})`)
      .where(sql`status <> 'DELETED'`),
    index('devices_point_active_idx')
      .on(t.monitoringPointId)
      .where(sql`status <> 'DELETED'`),
    index('devices_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.name}) || ' ' || lower(${t.serialNumber}) || ' ' || lower(coalesce(${t.tag}, ''))) gin_trgm_ops`,
    ),
  ],
);

/** A device's parameter rows (spec §3: device param). */
export const deviceParams = pgTable(
  'device_params',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Kept here too, so that what a tenant uses is counted without a join. */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.id),
    enabled: boolean('enabled').notNull().default(true),
    unit: text('unit'),
    cpcbUnit: text('cpcb_unit'),
    spcbUnit: text('spcb_unit'),
    userUnit: text('user_unit'),
    max: doublePrecision('max'),
    isCounter: boolean('is_counter').notNull().default(false),
    remoteCalibrationFacility: boolean('remote_calibration_facility').notNull().default(false),
    offlineAlert: boolean('offline_alert').notNull().default(false),
    sensorId: text('sensor_id'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('device_params_device_parameter_uq').on(t.deviceId, t.parameterId),
    index('device_params_tenant_enabled_idx')
      .on(t.tenantId)
      .where(sql`enabled`),
    index('device_params_parameter_idx').on(t.parameterId),
    index('device_params_sensor_idx')
      .on(sql`lower(${t.sensorId})`)
      .where(sql`sensor_id IS NOT NULL`),
  ],
);

/** Device profiles: templates a device's settings and parameter rows start from (`/devices/profiles`). */
export const deviceProfiles = pgTable(
  'device_profiles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: PROFILE_TYPES }).notNull(),
    deviceType: text('device_type'),
    modelId: integer('model_id').references(() => models.id),
    /** The parameter rows: catalogue parameter and unit, in order. */
    params: jsonb('params').$type<{ parameterId: number; unit: string | null }[]>().notNull().default([]),
    status: text('status', { enum: ENABLED_DISABLED }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('device_profiles_type_ck', t.type, PROFILE_TYPES),
    oneOf('device_profiles_status_ck', t.status, ENABLED_DISABLED),
    uniqueIndex('device_profiles_name_active_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
    index('device_profiles_list_idx')
      .on(t.type, sql`lower(${t.name})`, t.id)
      .where(sql`status <> 'DELETED'`),
    index('device_profiles_all_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`status <> 'DELETED'`),
  ],
);

/** A device's supporting document fields (spec §3), one row per device. */
export const deviceDocumentFields = pgTable('device_document_fields', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => accounts.id),
  instrumentAccuracy: text('instrument_accuracy'),
  instrumentMeasurementRange: text('instrument_measurement_range'),
  instrumentWorkingTemperatureRange: text('instrument_working_temperature_range'),
  measurementCycle: text('measurement_cycle'),
  otherDiagnosticParametersMonitored: text('other_diagnostic_parameters_monitored'),
  referenceGasUsed: text('reference_gas_used'),
  zeroGasUsed: text('zero_gas_used'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A device's supporting document files, kept in the file store under `storageKey`. */
export const deviceDocumentFiles = pgTable(
  'device_document_files',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_document_files_device_idx').on(t.deviceId, t.id),
    uniqueIndex('device_document_files_storage_key_uq').on(t.storageKey),
  ],
);

/** Calibration records of a device (`/api/calibrations`, `/api/Previouscalibrations`). */
export const deviceCalibrations = pgTable(
  'device_calibrations',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    /** The calibrator model used (its make follows). */
    modelId: integer('model_id').references(() => models.id),
    offset: doublePrecision('offset'),
    span: doublePrecision('span'),
    coefficients: text('coefficients'),
    wavelength: doublePrecision('wavelength'),
    fileName: text('file_name'),
    storageKey: text('storage_key'),
    lastCalibration: timestamp('last_calibration', { withTimezone: true }),
    lastClean: timestamp('last_clean', { withTimezone: true }),
    comment: text('comment'),
    calibratedAt: timestamp('calibrated_at', { withTimezone: true }).notNull(),
    signalStrength: doublePrecision('signal_strength'),
    /** The protocol's check this record is (two-point or multipoint), for the calibration schedule. */
    checkKind: text('check_kind', { enum: CALIBRATION_CHECKS }).notNull().default('TWO_POINT'),
    /** The catalogue parameters the check covered; null: every parameter of the device. */
    parameterIds: integer('parameter_ids').array(),
    recordedBy: integer('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('device_calibrations_check_kind_ck', t.checkKind, CALIBRATION_CHECKS),
    index('device_calibrations_device_idx').on(t.deviceId, t.calibratedAt, t.id),
    // The schedule's look for an industry's latest check of each kind.
    index('device_calibrations_tenant_idx').on(t.tenantId, t.deviceId, t.checkKind, t.calibratedAt),
  ],
);

/**
 * Lab reports of a monitoring point: the reports of samples sent to a
 * laboratory (BOD, COD, stack sampling, …), uploaded as files and listed per
 * point, newest sample first.
 */
export const labReports = pgTable(
  'lab_reports',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    monitoringPointId: integer('monitoring_point_id')
      .notNull()
      .references(() => monitoringPoints.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    labName: text('lab_name'),
    /** The day the sample was taken (India). */
    sampledOn: date('sampled_on', { mode: 'string' }).notNull(),
    comment: text('comment'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lab_reports_point_idx').on(t.monitoringPointId, t.sampledOn, t.id),
    index('lab_reports_tenant_idx').on(t.tenantId, t.sampledOn, t.id),
    uniqueIndex('lab_reports_storage_key_uq').on(t.storageKey),
  ],
);

/** Auto clean and calibrate requests on a device, with who asked and what came of it. */
export const deviceActions = pgTable(
  'device_actions',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    action: text('action', { enum: DEVICE_ACTIONS }).notNull(),
    result: text('result', { enum: DEVICE_ACTION_RESULTS }).notNull().default('REQUESTED'),
    requestedBy: integer('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('device_actions_action_ck', t.action, DEVICE_ACTIONS),
    oneOf('device_actions_result_ck', t.result, DEVICE_ACTION_RESULTS),
    index('device_actions_device_idx').on(t.deviceId, t.requestedAt, t.id),
  ],
);

/** Cameras at an industry's monitoring points; the auth token is stored encrypted. */
export const cameras = pgTable(
  'cameras',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    monitoringPointId: integer('monitoring_point_id')
      .notNull()
      .references(() => monitoringPoints.id),
    name: text('name').notNull(),
    provisionId: text('provision_id').notNull(),
    viewerId: text('viewer_id'),
    /** AES-256-GCM: iv, tag and cipher text, base64, joined by dots. */
    authTokenEncrypted: text('auth_token_encrypted').notNull(),
    /** The token's last four characters, shown instead of it. */
    authTokenHint: text('auth_token_hint').notNull(),
    status: text('status', { enum: ENABLED_DISABLED }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('cameras_status_ck', t.status, ENABLED_DISABLED),
    uniqueIndex('cameras_tenant_name_active_uq')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
    uniqueIndex('cameras_provision_active_uq')
      .on(sql`lower(${t.provisionId})`)
      .where(sql`status <> 'DELETED'`),
    index('cameras_point_active_idx')
      .on(t.monitoringPointId)
      .where(sql`status <> 'DELETED'`),
  ],
);

/** Remarks on offline devices: why, and when the data is expected back (`/devices/offline/remark`). */
export const offlineRemarks = pgTable(
  'offline_remarks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    reason: text('reason', { enum: OFFLINE_REASONS }).notNull(),
    remark: text('remark'),
    expectedRestoration: date('expected_restoration', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('offline_remarks_reason_ck', t.reason, OFFLINE_REASONS),
    index('offline_remarks_tenant_idx').on(t.tenantId, t.createdAt, t.id),
    index('offline_remarks_device_idx').on(t.deviceId, t.createdAt),
  ],
);
