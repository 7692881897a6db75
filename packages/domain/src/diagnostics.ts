import { fromDigits, INTEGER_RANGE } from './fields.js';
import { z } from 'zod';
import { recordStatusSchema } from './fields.js';
import { FIELD_MESSAGES } from './constants.js';
import {
  DIAGNOSTIC_MAX_PARAMETERS,
  DIAGNOSTIC_OWNER_BOTH_MESSAGE,
  DIAGNOSTIC_OWNER_REQUIRED_MESSAGE,
  DIAGNOSTIC_PARAMS_REPEATED_MESSAGE,
  DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE,
  DIAGNOSTIC_PARAMS_TOO_MANY_MESSAGE,
  DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE,
} from './messages.js';

/**
 * Diagnostic parameters (makes and models are in `makes.ts`).
 *
 * A diagnostic set-up (spec §3 "Diagnostic param") is the set of diagnostic
 * readings one analyser model reports — or that one industry has set up for
 * itself — together with how that analyser is calibrated. The readings
 * (`paramIds`) are catalogue parameters that describe the analyser's own
 * health rather than the emission: cell temperature, lamp intensity, sample
 * flow, zero and span drift. Calibration is either remote (ENABLED) or not
 * (DISABLED), and it may run through the utility, in which case the
 * calibration data is uploaded by IOT-EDGE or IOT-Gateway (`dataUploadMethod`,
 * required then and cleared otherwise).
 *
 * A set-up belongs to exactly one owner: an analyser model (with its make) or
 * an industry (tenant). Each owner has at most one active set-up.
 */

/** How calibration data reaches the platform when calibration runs through the utility (spec §9). */
export const DIAGNOSTIC_UPLOAD_METHODS = ['IOT-EDGE', 'IOT-Gateway'] as const;
export type DiagnosticUploadMethod = (typeof DIAGNOSTIC_UPLOAD_METHODS)[number];

/** The remote calibration switch reads ENABLED or DISABLED (spec §4). */
export function getRemoteCalibrationLabel(isRemoteCalibration: boolean): 'ENABLED' | 'DISABLED' {
  return isRemoteCalibration ? 'ENABLED' : 'DISABLED';
}

const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });

// ---------------------------------------------------------------------------
// Diagnostic parameters — `/diagnosticParams`.
// ---------------------------------------------------------------------------

export const diagnosticParamParameterSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  paramKey: z.string(),
  stdUnit: z.string().nullable(),
});

export const diagnosticParamSchema = z.object({
  id: z.number().int(),
  /** The industry owning the set-up, or null for a model's set-up. */
  tenant: namedRefSchema.nullable(),
  /** The analyser model (with its make) owning the set-up, or null for an industry's. */
  model: z.object({ id: z.number().int(), name: z.string(), make: namedRefSchema }).nullable(),
  parameters: z.array(diagnosticParamParameterSchema),
  paramIds: z.array(z.number().int()),
  isRemoteCalibration: z.boolean(),
  isCalibrationThroughUtility: z.boolean(),
  dataUploadMethod: z.enum(DIAGNOSTIC_UPLOAD_METHODS).nullable(),
  status: recordStatusSchema,
  version: z.number().int(),
  createdAt: z.string(),
});
export type DiagnosticParam = z.infer<typeof diagnosticParamSchema>;

const optionalPositiveId = fromDigits(z.number().int().positive()).optional();

export const diagnosticParamListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(20),
  /** Set-ups of models of this make. */
  makeId: optionalPositiveId,
  modelId: optionalPositiveId,
  tenantId: optionalPositiveId,
});
export type DiagnosticParamListQuery = z.infer<typeof diagnosticParamListQuerySchema>;

const ownerIdField = z
  .number({ message: FIELD_MESSAGES.number })
  .int(FIELD_MESSAGES.number)
  .positive(FIELD_MESSAGES.number)
  .max(INTEGER_RANGE.max)
  .nullish()
  .transform((v) => v ?? null);

const paramIdsField = z
  .array(
    z.number({ message: FIELD_MESSAGES.number }).int(FIELD_MESSAGES.number).positive().max(INTEGER_RANGE.max),
    {
      message: DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE,
    },
  )
  .min(1, DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE)
  .max(DIAGNOSTIC_MAX_PARAMETERS, DIAGNOSTIC_PARAMS_TOO_MANY_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, DIAGNOSTIC_PARAMS_REPEATED_MESSAGE);

/** The calibration part of a set-up, shared by the API body and the form. */
const calibrationFields = {
  paramIds: paramIdsField,
  isRemoteCalibration: z.boolean().default(false),
  isCalibrationThroughUtility: z.boolean().default(false),
  /** Needed only when calibration runs through the utility; otherwise the server stores none. */
  dataUploadMethod: z
    .enum(DIAGNOSTIC_UPLOAD_METHODS, { message: DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE })
    .nullish()
    .transform((v) => v ?? null),
  version: z.number().int().min(1).max(INTEGER_RANGE.max).optional(),
};

function checkUploadMethod(
  body: { isCalibrationThroughUtility: boolean; dataUploadMethod: DiagnosticUploadMethod | null },
  ctx: z.RefinementCtx,
) {
  if (body.isCalibrationThroughUtility && body.dataUploadMethod === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['dataUploadMethod'],
      message: DIAGNOSTIC_UPLOAD_METHOD_REQUIRED_MESSAGE,
    });
  }
}

/**
 * Add or edit a diagnostic set-up. Exactly one owner: `modelId` (an analyser
 * model) or `tenantId` (an industry). `dataUploadMethod` is required when
 * calibration runs through the utility and ignored (stored as none) when it
 * does not.
 */
export const diagnosticParamBodySchema = z
  .object({
    tenantId: ownerIdField,
    modelId: ownerIdField,
    ...calibrationFields,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.tenantId === null && body.modelId === null) {
      for (const path of ['modelId', 'tenantId']) {
        ctx.addIssue({ code: 'custom', path: [path], message: DIAGNOSTIC_OWNER_REQUIRED_MESSAGE });
      }
    } else if (body.tenantId !== null && body.modelId !== null) {
      for (const path of ['modelId', 'tenantId']) {
        ctx.addIssue({ code: 'custom', path: [path], message: DIAGNOSTIC_OWNER_BOTH_MESSAGE });
      }
    }
    checkUploadMethod(body, ctx);
  });
export type DiagnosticParamBody = z.infer<typeof diagnosticParamBodySchema>;
export type DiagnosticParamInput = z.input<typeof diagnosticParamBodySchema>;

/** Who owns a set-up, as the form asks it. */
export const DIAGNOSTIC_OWNER_KINDS = ['model', 'tenant'] as const;
export type DiagnosticOwnerKind = (typeof DIAGNOSTIC_OWNER_KINDS)[number];

/**
 * The add/edit form: the owner is chosen as a kind first, a model through its
 * make. The same calibration rules as the body; `toDiagnosticParamBody` turns
 * it into what the API takes.
 */
export const diagnosticParamFormSchema = z
  .object({
    ownerKind: z.enum(DIAGNOSTIC_OWNER_KINDS),
    makeId: ownerIdField,
    modelId: ownerIdField,
    tenantId: ownerIdField,
    ...calibrationFields,
  })
  .superRefine((form, ctx) => {
    const required = (path: 'makeId' | 'modelId' | 'tenantId') =>
      ctx.addIssue({ code: 'custom', path: [path], message: FIELD_MESSAGES.required });
    if (form.ownerKind === 'model') {
      if (form.makeId === null) required('makeId');
      if (form.modelId === null) required('modelId');
    } else if (form.tenantId === null) {
      required('tenantId');
    }
    checkUploadMethod(form, ctx);
  });
export type DiagnosticParamForm = z.infer<typeof diagnosticParamFormSchema>;
export type DiagnosticParamFormInput = z.input<typeof diagnosticParamFormSchema>;

/** The API body of a filled-in form: only the chosen owner, no upload method unless through the utility. */
export function toDiagnosticParamBody(form: DiagnosticParamForm): DiagnosticParamBody {
  const isModel = form.ownerKind === 'model';
  return {
    tenantId: isModel ? null : form.tenantId,
    modelId: isModel ? form.modelId : null,
    paramIds: form.paramIds,
    isRemoteCalibration: form.isRemoteCalibration,
    isCalibrationThroughUtility: form.isCalibrationThroughUtility,
    dataUploadMethod: form.isCalibrationThroughUtility ? form.dataUploadMethod : null,
    ...(form.version === undefined ? {} : { version: form.version }),
  };
}

/** The stored upload method: none unless calibration runs through the utility. */
export function getStoredUploadMethod(
  body: Pick<DiagnosticParamBody, 'isCalibrationThroughUtility' | 'dataUploadMethod'>,
): DiagnosticUploadMethod | null {
  return body.isCalibrationThroughUtility ? body.dataUploadMethod : null;
}
