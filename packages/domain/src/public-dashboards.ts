import { z } from 'zod';
import { fromDigits } from './fields.js';
import { freshnessSchema } from './telemetry.js';

/**
 * An industry's public dashboard: opted in, anyone holding its link sees the
 * latest 15-minute values (and, when chosen, the last 24 hours) of the
 * monitoring points and parameters the industry chose — nothing else. The
 * link carries an unguessable public id; revoking it ends the link at once,
 * and opting in again makes a new one.
 */

/** Monitoring points one dashboard may show. */
export const PUBLIC_DASHBOARD_MAX_POINTS = 50;
/** Catalogue parameters one dashboard may show. */
export const PUBLIC_DASHBOARD_MAX_PARAMETERS = 100;
/** Bytes of randomness in a public id (144 bits; 24 base64url characters). */
export const PUBLIC_ID_BYTES = 18;
/** A public id as it is made: base64url, no padding. */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
/** How long the public API's answers may be reused (seconds); the server keeps them as long. */
export const PUBLIC_DASHBOARD_CACHE_SECONDS = 30;
/** How often the public page asks again (milliseconds). */
export const PUBLIC_DASHBOARD_REFRESH_MS = 60_000;
/** Hours of 15-minute values the charts show. */
export const PUBLIC_DASHBOARD_CHART_HOURS = 24;
/** The view segment of the public page's address (`/public/dashboard/{view}/{publicId}`). */
export const PUBLIC_DASHBOARD_VIEW = 'industry';

export const PUBLIC_DASHBOARD_MESSAGES = {
  pointsRequired: 'Choose at least one monitoring point',
  parametersRequired: 'Choose at least one parameter',
  tooManyPoints: `Choose at most ${PUBLIC_DASHBOARD_MAX_POINTS} monitoring points`,
  tooManyParameters: `Choose at most ${PUBLIC_DASHBOARD_MAX_PARAMETERS} parameters`,
  unknownPoint: 'This monitoring point is not one of the industry’s',
  unknownParameter: 'This parameter is not measured at the chosen monitoring points',
  notAvailable: 'This dashboard is not available.',
} as const;

/** The page of a public dashboard, relative to the console's origin. */
export function publicDashboardPath(publicId: string): string {
  return `/public/dashboard/${PUBLIC_DASHBOARD_VIEW}/${encodeURIComponent(publicId)}`;
}

const idList = (max: number, required: string, tooMany: string) =>
  z
    .array(fromDigits(z.number().int().positive()))
    .min(1, required)
    .max(max, tooMany)
    .transform((ids) => [...new Set(ids)]);

// ---------------------------------------------------------------------------
// The industry's settings (signed in)

/** `?tenantId=`: the industry whose public dashboard it is. */
export const publicDashboardQuerySchema = z.object({ tenantId: fromDigits(z.number().int().min(1)) });

/** What the industry shows: points, parameters of those points' devices, and whether charts show. */
export const publicDashboardBodySchema = z.object({
  tenantId: fromDigits(z.number().int().min(1)),
  monitoringPointIds: idList(
    PUBLIC_DASHBOARD_MAX_POINTS,
    PUBLIC_DASHBOARD_MESSAGES.pointsRequired,
    PUBLIC_DASHBOARD_MESSAGES.tooManyPoints,
  ),
  parameterIds: idList(
    PUBLIC_DASHBOARD_MAX_PARAMETERS,
    PUBLIC_DASHBOARD_MESSAGES.parametersRequired,
    PUBLIC_DASHBOARD_MESSAGES.tooManyParameters,
  ),
  showCharts: z.boolean().default(true),
  /** The version the form started from (absent when opting in). */
  version: fromDigits(z.number().int().min(0)).optional(),
});
export type PublicDashboardBody = z.output<typeof publicDashboardBodySchema>;

/** A monitoring point the industry may show, with the parameters its devices measure. */
export const publicDashboardOptionSchema = z.object({
  monitoringPointId: z.number().int(),
  name: z.string(),
  parameters: z.array(
    z.object({ parameterId: z.number().int(), label: z.string(), unit: z.string().nullable() }),
  ),
});
export type PublicDashboardOption = z.output<typeof publicDashboardOptionSchema>;

export const publicDashboardSchema = z.object({
  id: z.number().int(),
  /** The id in the public link. */
  publicId: z.string(),
  monitoringPointIds: z.array(z.number().int()),
  parameterIds: z.array(z.number().int()),
  showCharts: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicDashboard = z.output<typeof publicDashboardSchema>;

/** `GET /api/publicDashboard`: the industry's live dashboard (null when not opted in) and what it may show. */
export const publicDashboardSettingsSchema = z.object({
  tenantId: z.number().int(),
  industryName: z.string(),
  dashboard: publicDashboardSchema.nullable(),
  options: z.array(publicDashboardOptionSchema),
});
export type PublicDashboardSettings = z.output<typeof publicDashboardSettingsSchema>;

// ---------------------------------------------------------------------------
// The public API (no sign-in)

/**
 * `?publicTenantId=`: the public id of the link. Any text up to 200
 * characters is taken; one that names no live dashboard is 404.
 */
export const publicViewQuerySchema = z.object({
  publicTenantId: z
    .string()
    .max(200)
    .describe('The public id in the dashboard’s link (`/public/dashboard/industry/{publicTenantId}`)'),
});

export const publicPointValueSchema = z
  .object({
    /** Start of the 15-minute slot (ISO, UTC). */
    t: z.string(),
    value: z.number(),
  })
  .describe('A 15-minute value: the slot’s start (ISO 8601, UTC) and its value in the parameter’s unit');

export const publicParameterSchema = z.object({
  key: z.string().describe('The parameter’s catalogue key, e.g. `so2`'),
  label: z.string(),
  unit: z.string().nullable(),
  latest: publicPointValueSchema.nullable().describe('The newest 15-minute value of the last 24 hours'),
  lastDataAt: z.string().nullable().describe('When the analyser measuring it last sent data'),
  freshness: freshnessSchema.describe('LIVE under 4 hours, DELAYED 4 to 8 hours, OFFLINE beyond or never'),
  series: z
    .array(publicPointValueSchema)
    .describe('The last 24 hours of 15-minute values, oldest first (empty when charts are off)'),
});
export type PublicParameter = z.output<typeof publicParameterSchema>;

export const publicPointSchema = z.object({
  name: z.string(),
  lastDataAt: z.string().nullable(),
  freshness: freshnessSchema,
  parameters: z.array(publicParameterSchema),
});
export type PublicPoint = z.output<typeof publicPointSchema>;

/** `GET /public/api/publicDashboard`: what the industry chose to show, as of `generatedAt`. */
export const publicDashboardViewSchema = z.object({
  industryName: z.string(),
  showCharts: z.boolean(),
  generatedAt: z.string().describe('When these values were read (answers are reused for 30 seconds)'),
  points: z.array(publicPointSchema),
});
export type PublicDashboardView = z.output<typeof publicDashboardViewSchema>;
