import { z } from 'zod';
import { emailField, optionalEmailField, recordStatusSchema, requiredText, versionField } from './fields.js';

// Corporates -----------------------------------------------------------------

/** Kinds of corporate account shown as tabs of `/corporate-list`. */
export const CORPORATE_TYPES = ['corporate', 'cluster', 'government'] as const;
export const corporateTypeSchema = z.enum(CORPORATE_TYPES);
export type CorporateType = z.infer<typeof corporateTypeSchema>;
/** A corporate is enabled or disabled; deleting one keeps the row, marked DELETED. */
export const CORPORATE_STATUSES = ['ENABLED', 'DISABLED', 'DELETED'] as const;
export type CorporateStatus = (typeof CORPORATE_STATUSES)[number];

export const corporateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: corporateTypeSchema,
  status: z.enum(CORPORATE_STATUSES),
  contactEmail: z.string().nullable(),
  tenantCount: z.number().int(),
  createdAt: z.string(),
});
export type Corporate = z.infer<typeof corporateSchema>;

export const corporateListQuerySchema = z.object({
  type: corporateTypeSchema.optional(),
  status: z.enum(['ENABLED', 'DISABLED']).optional(),
});

/** `POST /api/corporate`: creates the corporate and its corporate account. */
export const corporateBodySchema = z
  .object({
    name: requiredText(150),
    type: corporateTypeSchema.default('corporate'),
    contactEmail: optionalEmailField,
  })
  .strict();

// Statutory (board) accounts ---------------------------------------------------

export const statutoryAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  contactEmail: z.string().nullable(),
  contactNo: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  stateCode: z.string().nullable(),
  zip: z.string().nullable(),
  mappedTenants: z.number().int(),
  version: z.number().int(),
});

/** `POST /api/statutory/{id}`: id 0 creates a board account, any other id updates it. */
export const statutoryBodySchema = z
  .object({
    name: requiredText(150),
    contactEmail: emailField,
    contactNo: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((v) => v || null),
    address: z
      .string()
      .trim()
      .max(300)
      .nullish()
      .transform((v) => v || null),
    city: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => v || null),
    stateCode: z
      .string()
      .trim()
      .max(5)
      .nullish()
      .transform((v) => v || null),
    zip: z
      .string()
      .trim()
      .max(10)
      .nullish()
      .transform((v) => v || null),
    version: versionField.optional(),
  })
  .strict();

// Industry categories ---------------------------------------------------------

export const industryCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: recordStatusSchema,
  tenantCount: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type IndustryCategory = z.infer<typeof industryCategorySchema>;

/** `GET /api/industries`: deleted categories are listed only when asked for (the master screen). */
export const industryCategoryListQuerySchema = z.object({
  includeDeleted: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});

export const industryCategoryBodySchema = z.object({ name: requiredText(100) }).strict();
export const industryCategoryUpdateSchema = z
  .object({ name: requiredText(100), version: versionField })
  .strict();
