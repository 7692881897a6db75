import { DATA_FRESHNESS } from './freshness.js';
import { fromDigits } from './fields.js';
import { z } from 'zod';
import { accountStatusSchema, accountTypeSchema } from './signed-in-user.js';
import {
  booleanField,
  countryCodeField,
  emailField,
  optionalGstinField,
  optionalId,
  optionalNumberInRange,
  optionalPhoneField,
  optionalText,
  optionalZipField,
  phoneField,
  requiredText,
  timeZoneField,
  versionField,
  dateTimeField,
} from './fields.js';
import { ACCOUNT_FORM_TYPES } from './constants.js';
import { PARTNER_MIGRATE_REASON_CODES } from './messages.js';
import { MAX_PAGE_SIZE, PAGE_SIZES } from './pagination.js';

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
  /** Part of the name, e-mail or city. */
  search: z.string().trim().max(100).optional(),
});

// ---------------------------------------------------------------------------
// Tenants (industries) and other accounts — issue "Accounts and people".
// ---------------------------------------------------------------------------

/** The two kinds of account the add/edit screen creates (`/new/tenants/{type}/{tenantId}`). */
export const accountFormTypeSchema = z.enum(ACCOUNT_FORM_TYPES);

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);

const statusFilterSchema = z.enum(['all', 'ENABLED', 'DISABLED']).default('all');
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET /api/tenants`: one page, searched and filtered on the server. */
export const tenantListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(PAGE_SIZES.tenants),
  search: z.string().trim().max(100).optional(),
  /** −1: accounts without a partner. */
  partnerId: fromDigits(z.number().int()).optional(),
  status: statusFilterSchema,
  type: z.enum(['tenant', 'partner', 'statutory', 'corporate']).default('tenant'),
  isDemo: queryBoolean.optional(),
  /** The remote performance check filter. */
  remoteCalibration: queryBoolean.optional(),
});
export type TenantListQuery = z.infer<typeof tenantListQuerySchema>;

export const tenantListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: accountTypeSchema,
  status: accountStatusSchema,
  workingStatus: z.string(),
  partnerId: z.number().int(),
  partnerName: z.string().nullable(),
  industryName: z.string().nullable(),
  city: z.string().nullable(),
  stateCode: z.string().nullable(),
  contactEmail: z.string().nullable(),
  isRemotePerformanceCheck: z.boolean(),
  isBlocked: z.boolean(),
  planCode: z.string().nullable(),
  createdAt: z.string(),
  /** An industry's newest reading time (null: none yet, or not an industry) and its freshness. */
  lastDataAt: z.string().nullable(),
  freshness: z.enum(DATA_FRESHNESS).nullable(),
});
export type TenantListItem = z.infer<typeof tenantListItemSchema>;

export const tenantPermissionSchema = z.object({
  id: z.number().int(),
  permission: z.string(),
  active: z.boolean(),
  reason: z.string().nullable(),
});

/** The plan of an industry's current subscription, and whether its limits are enforced (details: `GET /api/subscription/{tenantId}`). */
export const planDetailsSchema = z.object({
  planCode: z.string().nullable(),
  paymentMode: z.boolean(),
});

/** `GET /api/tenant-by-id/{id}`: everything the detail view and the edit form show. */
export const tenantDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: accountTypeSchema,
  status: accountStatusSchema,
  workingStatus: z.string(),
  partnerId: z.number().int(),
  partnerName: z.string().nullable(),
  industryId: z.number().int().nullable(),
  industry: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  industryCode: z.string().nullable(),
  corporate: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  contactEmail: z.string().nullable(),
  contactNo: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  stateCode: z.string().nullable(),
  stateName: z.string().nullable(),
  countryCode: z.string(),
  countryName: z.string().nullable(),
  zip: z.string().nullable(),
  gstin: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
  logoUrl: z.string().nullable(),
  /** 0 is shown as N/A. */
  ioeyeTenantId: z.number().int(),
  planDetails: planDetailsSchema,
  isRemotePerformanceCheck: z.boolean(),
  tenantPermissionDetails: z.array(tenantPermissionSchema),
  /** True when any tenant permission is active. */
  isBlocked: z.boolean(),
  partnerSince: z.string().nullable(),
  primaryUser: z.object({ id: z.number().int(), name: z.string(), userName: z.string() }).nullable(),
  /** The primary user has not yet set a password from the activation e-mail. */
  activationAwaited: z.boolean(),
  isDemo: z.boolean(),
  approvalStatus: approvalStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TenantDetail = z.infer<typeof tenantDetailSchema>;

/**
 * The account add/edit form (`POST /api/create/{type}`, `PUT /api/tenants/{id}`),
 * sent as multipart form fields with an optional `logo` file. For type
 * 'partner' (an industry under a partner) partnerId and industryId are required.
 */
export const tenantFormSchema = z.object({
  name: requiredText(150),
  industryId: optionalId,
  /** −1 or empty: no partner. */
  partnerId: optionalId,
  corporateId: optionalId,
  industryCode: optionalText(50),
  contactEmail: emailField,
  contactNo: phoneField,
  address: optionalText(300),
  city: optionalText(100),
  stateCode: optionalText(5),
  countryCode: countryCodeField.default('IN'),
  zip: optionalZipField,
  gstin: optionalGstinField,
  latitude: optionalNumberInRange(-90, 90, 'Latitude'),
  longitude: optionalNumberInRange(-180, 180, 'Longitude'),
  timeZone: timeZoneField.default('Asia/Kolkata'),
  isRemotePerformanceCheck: booleanField.default(false),
});
export type TenantForm = z.infer<typeof tenantFormSchema>;
export type TenantFormInput = z.input<typeof tenantFormSchema>;

/** `PUT /api/tenants/{id}` also carries the version the edit started from. */
export const tenantUpdateSchema = tenantFormSchema.extend({ version: versionField });

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const accountCreatedSchema = z.object({ id: z.number().int(), accountType: accountTypeSchema });

/** `POST /api/changeTenantStatus/{id}`. */
export const changeTenantStatusBodySchema = z.object({ status: z.enum(['ENABLED', 'DISABLED']) }).strict();

/** `POST /api/changeWorkingStatus`. */
export const changeWorkingStatusBodySchema = z
  .object({
    tenantId: fromDigits(z.number().int().positive()),
    workingStatus: workingStatusSchema,
    remark: optionalText(500),
  })
  .strict();

/** Attributes `PATCH /api/tenants/{id}` may change; anything else is refused. */
export const TENANT_PATCH_ATTRIBUTES = [
  'name',
  'contactEmail',
  'contactNo',
  'address',
  'city',
  'zip',
  'timeZone',
  'industryCode',
  'isRemotePerformanceCheck',
] as const;
export const tenantPatchBodySchema = z
  .array(
    z.object({ op: z.literal('replace'), att: z.enum(TENANT_PATCH_ATTRIBUTES), value: z.unknown() }).strict(),
  )
  .min(1, 'At least one operation is required')
  .max(TENANT_PATCH_ATTRIBUTES.length);
export type TenantPatchBody = z.infer<typeof tenantPatchBodySchema>;

/** `PATCH /api/tenantStatusChangeByUser/{id}`: status and working status only. */
export const tenantStatusPatchBodySchema = z
  .array(
    z.union([
      z
        .object({
          op: z.literal('replace'),
          att: z.literal('status'),
          value: z.enum(['ENABLED', 'DISABLED']),
        })
        .strict(),
      z
        .object({ op: z.literal('replace'), att: z.literal('workingStatus'), value: workingStatusSchema })
        .strict(),
    ]),
  )
  .min(1, 'At least one operation is required')
  .max(2);

/** `POST /api/addPartnerRequest`. */
export const partnerRequestBodySchema = z
  .object({ tenantId: fromDigits(z.number().int().positive()), partnerId: fromDigits(z.number().int()) })
  .strict();

/** `GET /api/partnerMigrate/{tenantId}/{partnerId}`: what a partner change would do. */
export const partnerMigratePreviewSchema = z.object({
  tenant: z.object({ id: z.number().int(), name: z.string() }),
  fromPartner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  toPartner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  users: z.number().int(),
  planCode: z.string().nullable(),
  canMigrate: z.boolean(),
  /** The English text of `reasonCode`. */
  reason: z.string().nullable(),
  /** Why the move cannot be made (null when it can). */
  reasonCode: z.enum(PARTNER_MIGRATE_REASON_CODES).nullable(),
});

/** `GET /api/allSearchTenants/{q}` and `GET /api/searchTenants/{q}`. */
export const accountSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: accountTypeSchema,
  status: accountStatusSchema,
  partnerName: z.string().nullable(),
  city: z.string().nullable(),
});
export const ACCOUNT_SEARCH_LIMIT = 25;

export const ADDRESS_TYPES = ['BILLING', 'MAILING'] as const;
export const addressTypeSchema = z.enum(ADDRESS_TYPES);

export const addressSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  addressType: addressTypeSchema,
  addressLine: z.string(),
  city: z.string(),
  stateCode: z.string().nullable(),
  countryCode: z.string(),
  zip: z.string().nullable(),
  gstin: z.string().nullable(),
  contactName: z.string().nullable(),
  contactNo: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Address = z.infer<typeof addressSchema>;

/** `POST /api/address/{accountType}/{accountId}/{addressType}` and the billing address call. */
export const addressBodySchema = z
  .object({
    addressLine: requiredText(300),
    city: requiredText(100),
    stateCode: optionalText(5),
    countryCode: countryCodeField.default('IN'),
    zip: optionalZipField,
    gstin: optionalGstinField,
    contactName: optionalText(100),
    contactNo: optionalPhoneField,
    /** Absent when the address is new. */
    version: versionField.optional(),
  })
  .strict();
export type AddressBody = z.infer<typeof addressBodySchema>;

/** `POST /api/tenantApprovalData`: approve or reject an industry. */
export const tenantApprovalBodySchema = z
  .object({
    tenantId: fromDigits(z.number().int().positive()),
    approvalStatus: z.enum(['APPROVED', 'REJECTED']),
    remark: optionalText(500),
  })
  .strict();

/** `POST /api/tenantsApprovalReport/mail`: mail the approval report. */
export const approvalReportBodySchema = z.object({ to: z.array(emailField).max(20).optional() }).strict();
export const approvalReportResultSchema = z.object({
  sentTo: z.array(z.string()),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});

/** `POST /api/demoTenantData` and `GET /api/demoDataRecord?tenantId=`. */
export const demoTenantBodySchema = z
  .object({
    tenantId: fromDigits(z.number().int().positive()),
    isDemo: booleanField,
    validTill: dateTimeField.nullish(),
    remark: optionalText(500),
  })
  .strict();
export const demoDataRecordSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  isDemo: z.boolean(),
  validTill: z.string().nullable(),
  remark: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export const demoDataRecordsSchema = z.object({
  tenantId: z.number().int(),
  isDemo: z.boolean(),
  records: z.array(demoDataRecordSchema),
});

/** Partner create and edit (`POST /api/partners`, `PUT /api/partners/{id}`). */
export const partnerFormSchema = z.object({
  name: requiredText(150),
  contactEmail: emailField,
  contactNo: phoneField,
  address: optionalText(300),
  city: optionalText(100),
  stateCode: optionalText(5),
  countryCode: countryCodeField.default('IN'),
  zip: optionalZipField,
  gstin: optionalGstinField,
});
export const partnerUpdateSchema = partnerFormSchema.extend({ version: versionField });
export type PartnerForm = z.infer<typeof partnerFormSchema>;
export const partnerDetailSchema = partnerSummarySchema.extend({
  address: z.string().nullable(),
  countryCode: z.string(),
  zip: z.string().nullable(),
  gstin: z.string().nullable(),
  version: z.number().int(),
});

/** A request to attach an industry to a partner: REQUESTED until the partner accepts or declines it. */
export const PARTNER_REQUEST_STATUSES = ['REQUESTED', 'ACCEPTED', 'DECLINED'] as const;
export type PartnerRequestStatus = (typeof PARTNER_REQUEST_STATUSES)[number];

/** `POST /api/addPartnerRequest` answers with the stored request (partnerId −1: the platform itself). */
export const partnerRequestSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  partnerId: z.number().int(),
  status: z.enum(PARTNER_REQUEST_STATUSES),
});

/** `POST /api/changePartner/{tenantId}/{partnerId}`. */
export const migratePartnerResultSchema = z.object({ message: z.string() });

/** `POST /api/tenantApprovalData` answers with the stored decision. */
export const tenantApprovalResultSchema = z.object({
  tenantId: z.number().int(),
  approvalStatus: approvalStatusSchema,
  approvalRemark: z.string().nullable(),
});

export const demoDataRecordQuerySchema = z.object({ tenantId: fromDigits(z.number().int().positive()) });

/** `GET /api/tenants/export`: the filters of `GET /api/tenants`. */
export const tenantExportQuerySchema = tenantListQuerySchema.omit({ page: true, pageSize: true });
export type TenantExportQuery = z.output<typeof tenantExportQuerySchema>;

/** `GET /api/partners/export`: the filters of `GET /api/partners`. */
export const partnerExportQuerySchema = partnerListQuerySchema;
export type PartnerExportQuery = z.output<typeof partnerExportQuerySchema>;
