import { z } from 'zod';
import { FIELD_MESSAGES } from './constants.js';
import { fromDigits, optionalText, requiredText, versionField } from './fields.js';
import { CALIBRATION_CHECKS } from './lab-calibration.js';
import { MAKE_TYPES } from './makes.js';

/**
 * What hangs off devices besides their parameter rows: device profiles
 * (templates a device starts from), supporting documents, calibration
 * records and the auto clean / calibrate actions, cameras and offline remarks.
 */

// ── Device profiles ─────────────────────────────────────────────────────────

/** Profile types: the kinds of makes, and `custom` for a hand-picked set of parameters (spec §3). */
export const PROFILE_TYPES = [...MAKE_TYPES, 'custom'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];
/** `GET /api/profiles/devices/{type}`: a type, or `all`. */
export const PROFILE_LIST_TYPES = ['all', ...PROFILE_TYPES] as const;
/** Profiles per page of the infinite-scroll list (the next page's offset is the number loaded). */
export const PROFILE_PAGE_SIZE = 20;
export const MAX_PROFILE_PARAMETERS = 60;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

export const profileParamSchema = z.object({
  parameterId: z.number().int(),
  name: z.string(),
  label: z.string(),
  unit: z.string().nullable(),
});

export const deviceProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(PROFILE_TYPES),
  /** The device type (a model type: CEMS, CAAQMS, …). */
  deviceType: z.string().nullable(),
  model: namedRef.extend({ make: namedRef }).nullable(),
  params: z.array(profileParamSchema),
  /** Monitoring enabled (ENABLED) or disabled (DISABLED). */
  status: z.enum(['ENABLED', 'DISABLED']),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type DeviceProfile = z.infer<typeof deviceProfileSchema>;

export const profileListParamsSchema = z.object({ type: z.enum(PROFILE_LIST_TYPES) });
export const profileListQuerySchema = z.object({
  /** How many profiles the client has loaded already. */
  offset: fromDigits(z.number().int().min(0).max(1_000_000)).default(0),
});
/** A page of profiles: empty when the list has no more. */
export const profilePageSchema = z.object({ items: z.array(deviceProfileSchema), offset: z.number().int() });

export const profileBodySchema = z
  .object({
    name: requiredText(100),
    description: optionalText(500),
    type: z.enum(PROFILE_TYPES, { message: `Choose one of ${PROFILE_TYPES.join(', ')}` }),
    deviceType: optionalText(60),
    modelId: z
      .preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)).optional(),
      )
      .transform((v) => v ?? null),
    params: z
      .array(
        z
          .object({
            parameterId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
            unit: z
              .preprocess((v) => (v === '' ? null : v), z.string().trim().max(20).nullish())
              .transform((v) => v ?? null),
          })
          .strict(),
      )
      .max(MAX_PROFILE_PARAMETERS, `A profile lists at most ${MAX_PROFILE_PARAMETERS} parameters`)
      .refine(
        (rows) => new Set(rows.map((r) => r.parameterId)).size === rows.length,
        'A parameter is listed twice',
      ),
    status: z.enum(['ENABLED', 'DISABLED']).default('ENABLED'),
    version: versionField.optional(),
  })
  .strict();
export type ProfileBody = z.output<typeof profileBodySchema>;
export type ProfileInput = z.input<typeof profileBodySchema>;

// ── Supporting documents ───────────────────────────────────────────────────

/** The files a device's supporting documents may be: PDF and images, checked by content. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MAX_FILES_PER_UPLOAD = 5;
export const MAX_DOCUMENTS_PER_DEVICE = 50;

/** The supporting document's fields (spec §3). */
export const documentFieldsSchema = z.object({
  instrumentAccuracy: optionalText(200),
  instrumentMeasurementRange: optionalText(200),
  instrumentWorkingTemperatureRange: optionalText(200),
  measurementCycle: optionalText(200),
  otherDiagnosticParametersMonitored: optionalText(500),
  referenceGasUsed: optionalText(200),
  zeroGasUsed: optionalText(200),
});
export type DocumentFields = z.output<typeof documentFieldsSchema>;
export const DOCUMENT_FIELDS = Object.keys(documentFieldsSchema.shape) as (keyof DocumentFields)[];

export const documentFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** What `POST /api/documentById` takes to send the file back. */
  pathName: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

export const deviceDocumentsSchema = z.object({
  deviceId: z.number().int(),
  fields: z.object({
    instrumentAccuracy: z.string().nullable(),
    instrumentMeasurementRange: z.string().nullable(),
    instrumentWorkingTemperatureRange: z.string().nullable(),
    measurementCycle: z.string().nullable(),
    otherDiagnosticParametersMonitored: z.string().nullable(),
    referenceGasUsed: z.string().nullable(),
    zeroGasUsed: z.string().nullable(),
  }),
  files: z.array(documentFileSchema),
});
export type DeviceDocuments = z.infer<typeof deviceDocumentsSchema>;

export const documentByIdBodySchema = z.object({ pathName: requiredText(200) }).strict();

// ── Calibration and device actions ──────────────────────────────────────────

export const CALIBRATION_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const calibrationSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  make: namedRef.nullable(),
  model: namedRef.nullable(),
  offset: z.number().nullable(),
  span: z.number().nullable(),
  coefficients: z.string().nullable(),
  wavelength: z.number().nullable(),
  calibrationFile: z.object({ fileName: z.string(), pathName: z.string() }).nullable(),
  lastCalibration: z.string().nullable(),
  lastClean: z.string().nullable(),
  comment: z.string().nullable(),
  /** When the calibration was done. */
  date: z.string(),
  /** Signal strength in percent. */
  signalStrength: z.number().nullable(),
  /** The protocol's check this record is. */
  checkKind: z.enum(CALIBRATION_CHECKS),
  /** The parameters it covered; null: every parameter of the device. */
  parameters: z.array(z.object({ id: z.number().int(), label: z.string() })).nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Calibration = z.infer<typeof calibrationSchema>;

export const DEVICE_ACTIONS = ['AUTO_CLEAN', 'CALIBRATE'] as const;
export type DeviceActionKind = (typeof DEVICE_ACTIONS)[number];
/** An action is requested in the console; the device's gateway reports the result. */
export const DEVICE_ACTION_RESULTS = ['REQUESTED', 'DONE', 'FAILED'] as const;

export const deviceActionSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  action: z.enum(DEVICE_ACTIONS),
  result: z.enum(DEVICE_ACTION_RESULTS),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DeviceAction = z.infer<typeof deviceActionSchema>;

// ── Cameras ────────────────────────────────────────────────────────────────

export const cameraSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  monitoringPoint: namedRef,
  name: z.string(),
  provisionId: z.string(),
  viewerId: z.string().nullable(),
  /** The auth token is never sent back: its last four characters only. */
  authTokenHint: z.string(),
  status: z.enum(['ENABLED', 'DISABLED']),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Camera = z.infer<typeof cameraSchema>;

// ── Offline remarks ───────────────────────────────────────────────────────

export const OFFLINE_REASONS = [
  'Power failure',
  'Analyser fault',
  'Communication failure',
  'Scheduled maintenance',
  'Plant shutdown',
  'Other',
] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];
