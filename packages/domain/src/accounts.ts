import { z } from 'zod';

export const ACCOUNT_TYPES = ['site', 'partner', 'tenant', 'statutory', 'corporate'] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** Tenant status. ENABLED and DISABLED are set by site users; DELETED never shows in lists. */
export const ACCOUNT_STATUSES = ['ENABLED', 'DISABLED', 'DELETED'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** Working status options (spec §4), stored and shown exactly as listed. */
export const WORKING_STATUSES = [
  'ON',
  'UNDER_MAINTENANCE',
  'Shutdown',
  'Seasonal Shutdown',
  'Closure issued by SPCB',
  'Closure issued by CPCB',
  'Due to analyser issue',
  'Other',
] as const;
export const workingStatusSchema = z.enum(WORKING_STATUSES);
export type WorkingStatus = z.infer<typeof workingStatusSchema>;

/** The account a signed-in user belongs to, as the console needs it. */
export const accountRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: accountTypeSchema,
  status: accountStatusSchema,
  partnerId: z.number().int(),
  corporateId: z.number().int().nullable(),
});
export type AccountRef = z.infer<typeof accountRefSchema>;

/** A row of the partner list. */
export const partnerSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: accountStatusSchema,
  contactEmail: z.string().nullable(),
  contactNo: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  tenantCount: z.number().int(),
  createdAt: z.string(),
});
export type PartnerSummary = z.infer<typeof partnerSummarySchema>;

export const partnerListQuerySchema = z.object({
  status: accountStatusSchema.optional(),
});
