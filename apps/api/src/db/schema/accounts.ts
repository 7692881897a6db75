import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  ADDRESS_TYPES,
  APPROVAL_STATUSES,
  CORPORATE_STATUSES,
  CORPORATE_TYPES,
  PARTNER_REQUEST_STATUSES,
  RECORD_STATUSES,
  WORKING_STATUSES,
} from '@vayu/domain';
import { oneOf } from './checks.js';

export const industryCategories = pgTable(
  'industry_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('ENABLED'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('industry_categories_status_ck', t.status, RECORD_STATUSES),
    uniqueIndex('industry_categories_name_active_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
  ],
);

export const corporates = pgTable(
  'corporates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: CORPORATE_TYPES }).notNull().default('corporate'),
    status: text('status', { enum: CORPORATE_STATUSES }).notNull().default('ENABLED'),
    contactEmail: text('contact_email'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('corporates_type_ck', t.type, CORPORATE_TYPES),
    oneOf('corporates_status_ck', t.status, CORPORATE_STATUSES),
  ],
);

/**
 * Site, partner, tenant (industry), statutory (board) and corporate accounts.
 * A null partner_id is the platform's own "no partner" (−1 in the API).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ACCOUNT_TYPES }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('ENABLED'),
    workingStatus: text('working_status', { enum: WORKING_STATUSES }).notNull().default('ON'),
    partnerId: integer('partner_id').references((): AnyPgColumn => accounts.id),
    corporateId: integer('corporate_id').references(() => corporates.id),
    industryCategoryId: integer('industry_category_id').references(() => industryCategories.id),
    contactEmail: text('contact_email'),
    contactNo: text('contact_no'),
    address: text('address'),
    city: text('city'),
    stateCode: text('state_code'),
    countryCode: text('country_code').notNull().default('IN'),
    zip: text('zip'),
    gstin: text('gstin'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    isRemotePerformanceCheck: boolean('is_remote_performance_check').notNull().default(false),
    ioeyeTenantId: integer('ioeye_tenant_id').notNull().default(0),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The board's own code for the industry. */
    industryCode: text('industry_code'),
    /** When the account joined its current partner. */
    partnerSince: timestamp('partner_since', { withTimezone: true }),
    primaryUserId: integer('primary_user_id'),
    /**
     * The plan code of the industry's current subscription, kept by the billing
     * service in the transaction that changes the subscription (lists show it
     * without reading subscriptions).
     */
    planCode: text('plan_code'),
    /** On: the limits of the plan, its add-ons and the units granted are enforced (the site's decision). */
    paymentMode: boolean('payment_mode').notNull().default(false),
    /** Units the site granted free, beyond the plan and its add-ons. */
    grantedUsers: integer('granted_users').notNull().default(0),
    grantedParameters: integer('granted_parameters').notNull().default(0),
    grantedCameras: integer('granted_cameras').notNull().default(0),
    /** Logo in the file store, and its content type. */
    logoKey: text('logo_key'),
    logoContentType: text('logo_content_type'),
    /** PENDING, APPROVED or REJECTED (tenant approval by the platform). */
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('APPROVED'),
    approvalRemark: text('approval_remark'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('accounts_type_ck', t.type, ACCOUNT_TYPES),
    oneOf('accounts_status_ck', t.status, ACCOUNT_STATUSES),
    oneOf('accounts_working_status_ck', t.workingStatus, WORKING_STATUSES),
    oneOf('accounts_approval_status_ck', t.approvalStatus, APPROVAL_STATUSES),
    index('accounts_type_status_idx').on(t.type, t.status),
    index('accounts_partner_idx').on(t.partnerId),
    index('accounts_corporate_idx').on(t.corporateId),
    // Tenant list pages: ordered by name within type (and partner), searched by name with trigrams.
    index('accounts_type_name_idx').on(t.type, sql`lower(${t.name})`, t.id),
    index('accounts_partner_type_name_idx').on(t.partnerId, t.type, sql`lower(${t.name})`, t.id),
    index('accounts_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** Postal addresses of an account: at most one BILLING and one MAILING. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    addressType: text('address_type', { enum: ADDRESS_TYPES }).notNull(),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    stateCode: text('state_code'),
    countryCode: text('country_code').notNull().default('IN'),
    zip: text('zip'),
    gstin: text('gstin'),
    contactName: text('contact_name'),
    contactNo: text('contact_no'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('addresses_address_type_ck', t.addressType, ADDRESS_TYPES),
    uniqueIndex('addresses_account_type_uq').on(t.accountId, t.addressType),
  ],
);

/** Restrictions placed on a tenant; the account shows as blocked while any is active. */
export const tenantPermissions = pgTable(
  'tenant_permissions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    permission: text('permission').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tenant_permissions_tenant_idx').on(t.tenantId)],
);

/** Requests to attach a tenant to a partner (made before a tenant is enabled). */
export const partnerRequests = pgTable(
  'partner_requests',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    partnerId: integer('partner_id').references(() => accounts.id),
    status: text('status', { enum: PARTNER_REQUEST_STATUSES }).notNull().default('REQUESTED'),
    requestedBy: integer('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('partner_requests_status_ck', t.status, PARTNER_REQUEST_STATUSES),
    index('partner_requests_tenant_idx').on(t.tenantId),
  ],
);

/** Demo-data periods of a tenant (`POST /api/demoTenantData`). */
export const demoDataRecords = pgTable(
  'demo_data_records',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    isDemo: boolean('is_demo').notNull(),
    validTill: timestamp('valid_till', { withTimezone: true }),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_data_records_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** Tenants a statutory (board) account oversees. */
export const boardTenants = pgTable(
  'board_tenants',
  {
    statutoryAccountId: integer('statutory_account_id')
      .notNull()
      .references(() => accounts.id),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.statutoryAccountId, t.tenantId] }),
    index('board_tenants_tenant_idx').on(t.tenantId),
  ],
);
