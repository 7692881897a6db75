import { z } from 'zod';
import { FIELD_MESSAGES, MULTISELECT_SEARCH_LIMIT } from './constants.js';
import { fromDigits, requiredText } from './fields.js';
import { PAGE_SIZES } from './pagination.js';

/**
 * Push-data apps (`/appVendor`, `/partner/appVendor`, `/appTenant`): third-party
 * data platforms that send readings to `POST /api/ingest` with their token, for
 * the industries added to them. Spec §3: an app vendor has an id, an app id, an
 * app name and a token. The token is shown once, when it is issued; the lists
 * show its last characters only.
 */

export const APP_ID_MIN_LENGTH = 3;
export const APP_ID_MAX_LENGTH = 40;
export const APP_NAME_MIN_LENGTH = 2;
export const APP_NAME_MAX_LENGTH = 100;
/** Industries added to an app in one request at most. */
export const APP_TENANTS_PER_REQUEST = 100;
/** Industries the "add industries" search offers at once (spec §9: multiselect search limit). */
export const APP_TENANT_CHOICES = MULTISELECT_SEARCH_LIMIT;
export const APP_VENDOR_PAGE_SIZE = PAGE_SIZES.default;

export const APP_VENDOR_MESSAGES = {
  appIdPattern: 'Use lower-case letters, digits and hyphens, starting with a letter or digit',
  appIdLength: `The app ID must be ${APP_ID_MIN_LENGTH} to ${APP_ID_MAX_LENGTH} characters`,
  appNameLength: `The app name must be ${APP_NAME_MIN_LENGTH} to ${APP_NAME_MAX_LENGTH} characters`,
  appIdTaken: 'Another app already has this app ID.',
  appNameTaken: 'Another app already has this name.',
  tenantsRequired: 'Choose at least one industry',
  tenantsTooMany: `Add at most ${APP_TENANTS_PER_REQUEST} industries at a time`,
  tenantsRepeated: 'An industry is chosen more than once',
} as const;

/** An app id: how the app names itself (`acme-data-hub`), lower-case so that it reads the same everywhere. */
const APP_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** `POST /api/appVendors`. */
export const appVendorCreateBodySchema = z
  .object({
    appId: z
      .string({ message: FIELD_MESSAGES.required })
      .trim()
      .toLowerCase()
      .min(1, FIELD_MESSAGES.required)
      .min(APP_ID_MIN_LENGTH, APP_VENDOR_MESSAGES.appIdLength)
      .max(APP_ID_MAX_LENGTH, APP_VENDOR_MESSAGES.appIdLength)
      .regex(APP_ID_PATTERN, APP_VENDOR_MESSAGES.appIdPattern),
    appName: requiredText(APP_NAME_MAX_LENGTH).min(APP_NAME_MIN_LENGTH, APP_VENDOR_MESSAGES.appNameLength),
  })
  .strict();
export type AppVendorCreateBody = z.output<typeof appVendorCreateBodySchema>;
export type AppVendorCreateInput = z.input<typeof appVendorCreateBodySchema>;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

export const appVendorSchema = z.object({
  id: z.number().int(),
  appId: z.string(),
  appName: z.string(),
  /** The partner that added the app; null for the platform's own. */
  partner: namedRef.nullable(),
  /** The live token's last characters (`••••a1b2`); null when it has none. */
  tokenHint: z.string().nullable(),
  /** When the live token was issued, and last used to send readings. */
  tokenIssuedAt: z.string().nullable(),
  tokenLastUsedAt: z.string().nullable(),
  /** Industries the app may send readings for. */
  tenantCount: z.number().int(),
  createdAt: z.string(),
});
export type AppVendor = z.output<typeof appVendorSchema>;

/** An app with its new token: the answer of adding an app and of regenerating its token, the only time the token is shown. */
export const appVendorWithTokenSchema = appVendorSchema.extend({
  token: z.string().meta({ description: 'The token itself: shown this once, stored only as a hash' }),
});
export type AppVendorWithToken = z.output<typeof appVendorWithTokenSchema>;

/** `GET /api/appVendors`: by app name, searched by app id or name. */
export const appVendorListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(APP_VENDOR_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
});
export type AppVendorListQuery = z.output<typeof appVendorListQuerySchema>;

/** An industry added to an app. */
export const appVendorTenantSchema = z.object({
  tenantId: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  stateCode: z.string().nullable(),
  partnerName: z.string().nullable(),
  addedAt: z.string(),
  /** Who added it (null once that user is gone). */
  addedBy: z.string().nullable(),
});
export type AppVendorTenant = z.output<typeof appVendorTenantSchema>;

/** `GET /api/appVendors/{id}/tenants`: by industry name. */
export const appVendorTenantListQuerySchema = appVendorListQuerySchema;
export type AppVendorTenantListQuery = z.output<typeof appVendorTenantListQuerySchema>;

/** `GET /api/appVendors/{id}/tenants/available`: industries still addable whose name contains `search`. */
export const availableTenantsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});

export const availableTenantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  partnerName: z.string().nullable(),
});
export type AvailableTenant = z.output<typeof availableTenantSchema>;

export const availableTenantsSchema = z.object({
  items: z.array(availableTenantSchema),
  /** The most offered at once (`APP_TENANT_CHOICES`): type more of the name to find others. */
  limit: z.number().int(),
});
export type AvailableTenants = z.output<typeof availableTenantsSchema>;

/** `POST /api/appVendors/{id}/tenants` (spec §7: `listOftenantIds`). */
export const appVendorTenantsBodySchema = z
  .object({
    listOftenantIds: z
      .array(fromDigits(z.number({ message: FIELD_MESSAGES.number }).int().min(1)), {
        message: APP_VENDOR_MESSAGES.tenantsRequired,
      })
      .min(1, APP_VENDOR_MESSAGES.tenantsRequired)
      .max(APP_TENANTS_PER_REQUEST, APP_VENDOR_MESSAGES.tenantsTooMany)
      .refine((ids) => new Set(ids).size === ids.length, APP_VENDOR_MESSAGES.tenantsRepeated),
  })
  .strict();
export type AppVendorTenantsBody = z.output<typeof appVendorTenantsBodySchema>;

export const appVendorTenantsAddedSchema = z.object({
  /** Industries added now. */
  added: z.number().int(),
  /** Industries that were already added (left as they were). */
  alreadyAdded: z.number().int(),
});
export type AppVendorTenantsAdded = z.output<typeof appVendorTenantsAddedSchema>;

/** An app that may send an industry's readings (`/pushData`). */
export const tenantAppVendorSchema = z.object({
  id: z.number().int(),
  appId: z.string(),
  appName: z.string(),
  addedAt: z.string(),
});
export type TenantAppVendor = z.output<typeof tenantAppVendorSchema>;

export const tenantAppVendorsQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(APP_VENDOR_PAGE_SIZE),
});

// ── Meta sheet ────────────────────────────────────────────────────────────

/**
 * The columns of the meta sheet (`POST /api/vendorMetaSheetForPost/...`): one
 * row per enabled parameter of each enabled device, with what a reading sent
 * to `POST /api/ingest` names — `deviceId`, `parameter` (the key) and a `unit`
 * among `allowedUnits`.
 */
export const META_SHEET_COLUMNS = [
  'tenantId',
  'tenantName',
  'monitoringPointId',
  'monitoringPoint',
  'entityType',
  'deviceId',
  'deviceName',
  'serialNumber',
  'parameterId',
  'parameter',
  'parameterLabel',
  'deviceUnit',
  'standardUnit',
  'allowedUnits',
] as const;
export type MetaSheetColumn = (typeof META_SHEET_COLUMNS)[number];
export type MetaSheetRow = Record<MetaSheetColumn, string | number>;

/** How allowed units are joined in one cell. */
export const META_SHEET_UNIT_SEPARATOR = ' | ';

/** The downloaded file's name: the industry's name made safe for a file system. */
export function metaSheetFileName(tenantName: string): string {
  const safe = tenantName
    .normalize('NFKC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${safe || 'industry'} - meta sheet.csv`;
}
