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

export const industryCategories = pgTable(
  'industry_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ENABLED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('industry_categories_name_active_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`status <> 'DELETED'`),
  ],
);

export const corporates = pgTable('corporates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().default('corporate'),
  status: text('status').notNull().default('ENABLED'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Site, partner, tenant (industry), statutory (board) and corporate accounts.
 * A null partner_id is the platform's own "no partner" (−1 in the API).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ENABLED'),
    workingStatus: text('working_status').notNull().default('ON'),
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
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_type_status_idx').on(t.type, t.status),
    index('accounts_partner_idx').on(t.partnerId),
    index('accounts_corporate_idx').on(t.corporateId),
  ],
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
