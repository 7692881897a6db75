import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Counts on `/home`, limited to what the signed-in principal may see. */
export const homeSummarySchema = z.object({
  tenants: z.object({
    total: z.number().int(),
    enabled: z.number().int(),
    disabled: z.number().int(),
  }),
  partners: z.number().int(),
  users: z.number().int(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
