import { z } from 'zod';
import { fromDigits, optionalText, recordStatusSchema, requiredText, versionField } from './fields.js';
import { FIELD_MESSAGES } from './constants.js';

/**
 * Device makes (manufacturers), their models, and the model types that group
 * models by what they measure (spec §3: "Make: id, name, type. Model: id,
 * name, make. Model type, master category (type, description)").
 *
 * A make is of one kind — an analyser, a calibrator or a camera maker (SICK
 * sells analysers, Teledyne API calibrators). A model belongs to one make, is
 * of one model type (CEMS, CAAQMS, Water Quality, …) and lists the catalogue
 * parameters it can measure: when a device of the model is added, its
 * parameter rows start from these.
 */

/** Kinds of device makes (manufacturers). */
export const MAKE_TYPES = ['Analyser', 'Calibrator', 'Camera'] as const;
export type MakeType = (typeof MAKE_TYPES)[number];

/** How many parameters one model may list: a multi-gas analyser measures a dozen at most. */
export const MAX_MODEL_PARAMETERS = 40;

const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const makeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(MAKE_TYPES),
  /** Models of the make not deleted. */
  modelCount: z.number().int(),
  version: z.number().int(),
});
export type Make = z.infer<typeof makeSchema>;

export const makeListQuerySchema = z.object({
  type: z.enum(MAKE_TYPES).optional(),
});

/** `POST /api/make`, and `PUT /api/make/{id}` with the version the edit started from. */
export const makeBodySchema = z
  .object({
    name: requiredText(100),
    type: z.enum(MAKE_TYPES, { message: `Choose one of ${MAKE_TYPES.join(', ')}` }),
    version: versionField.optional(),
  })
  .strict();
export type MakeBody = z.output<typeof makeBodySchema>;
export type MakeInput = z.input<typeof makeBodySchema>;

export const modelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The model type (CEMS, CAAQMS, Water Quality, …), when one was chosen. */
  modelType: z.string().nullable(),
  make: namedRefSchema.extend({ type: z.enum(MAKE_TYPES) }),
  /** The catalogue parameters the model measures, by id. */
  parameterIds: z.array(z.number().int()),
  version: z.number().int(),
});
export type Model = z.infer<typeof modelSchema>;

const parameterIdField = fromDigits(z.number({ message: FIELD_MESSAGES.number }).int().min(1));

/** `POST /api/model`, and `PUT /api/model/{id}` with the version the edit started from. */
export const modelBodySchema = z
  .object({
    name: requiredText(100),
    makeId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    modelType: optionalText(60),
    parameterIds: z
      .array(parameterIdField)
      .max(MAX_MODEL_PARAMETERS, `A model lists at most ${MAX_MODEL_PARAMETERS} parameters`)
      .default([])
      .refine((ids) => new Set(ids).size === ids.length, 'A parameter is listed twice'),
    version: versionField.optional(),
  })
  .strict();
export type ModelBody = z.output<typeof modelBodySchema>;
export type ModelInput = z.input<typeof modelBodySchema>;

/** A parameter a model measures (`GET /api/models/{id}/params`): what a device's parameter row starts from. */
export const modelParameterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  mtype: z.string(),
  /** The unit the catalogue stores the parameter in. */
  stdUnit: z.string().nullable(),
  isCounter: z.boolean(),
});
export type ModelParameter = z.infer<typeof modelParameterSchema>;

/** A model type (`/model/types`): what a model measures, with a description. */
export const modelTypeSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  description: z.string().nullable(),
  /** Models of this type not deleted. */
  modelCount: z.number().int(),
  status: recordStatusSchema,
  version: z.number().int(),
});
export type ModelType = z.infer<typeof modelTypeSchema>;

/** `POST /api/modelTypes`, and `PUT /api/modelTypes/{id}` with the version the edit started from. */
export const modelTypeBodySchema = z
  .object({
    type: requiredText(60),
    description: optionalText(300),
    version: versionField.optional(),
  })
  .strict();
export type ModelTypeBody = z.output<typeof modelTypeBodySchema>;
export type ModelTypeInput = z.input<typeof modelTypeBodySchema>;
