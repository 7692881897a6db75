import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ADDON_UNITS,
  BILLING_PERIODS,
  COUPON_KINDS,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  STORED_SUBSCRIPTION_STATUSES,
} from '@vayu/domain';
import { accounts } from './accounts.js';
import { users } from './users.js';
import { oneOf } from './checks.js';

/**
 * Billing: plans and add-ons as sold, each industry's subscription with the
 * add-ons it bought, coupons and the discounts they give per account and
 * plan, invoices (numbered without gaps per financial year) with their lines,
 * and offline payments. Money is integer paise.
 */

/** An add-on of a unit (Parameter, Camera, User, RC), priced per unit per month. */
export const billingAddons = pgTable(
  'billing_addons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    unit: text('unit', { enum: ADDON_UNITS }).notNull(),
    monthlyPrice: integer('monthly_price').notNull(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_addons_unit_uq').on(t.unit),
    oneOf('billing_addons_unit_ck', t.unit, ADDON_UNITS),
    check('billing_addons_price_ck', sql`${t.monthlyPrice} >= 0`),
  ],
);

/** A plan: its price per period and, per add-on, what it includes and how many must or should be bought. */
export const billingPlans = pgTable(
  'billing_plans',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    period: text('period', { enum: BILLING_PERIODS }).notNull(),
    price: integer('price').notNull(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_plans_code_uq').on(t.code),
    oneOf('billing_plans_period_ck', t.period, BILLING_PERIODS),
    check('billing_plans_price_ck', sql`${t.price} >= 0`),
  ],
);

export const billingPlanAddons = pgTable(
  'billing_plan_addons',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => billingPlans.id, { onDelete: 'cascade' }),
    addonId: integer('addon_id')
      .notNull()
      .references(() => billingAddons.id),
    /** Units the plan includes at no extra charge. */
    quantity: integer('quantity').notNull().default(0),
    minimumAddons: integer('minimum_addons').notNull().default(0),
    suggestedAddons: integer('suggested_addons'),
  },
  (t) => [primaryKey({ columns: [t.planId, t.addonId] })],
);

/**
 * An industry's subscription. One is current per industry (the newest); older
 * rows are kept. The period is IST calendar dates, end exclusive; a change
 * awaiting payment is the pending invoice's order, not a change of this row.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => billingPlans.id),
    status: text('status', { enum: STORED_SUBSCRIPTION_STATUSES }).notNull(),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    /** Null until the first invoice is paid. */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    /** The plan's price and months as bought (a later price change applies from the renewal). */
    planPrice: integer('plan_price').notNull(),
    periodMonths: integer('period_months').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Credit from a plan change, taken off the next invoice. */
    credit: integer('credit').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_tenant_idx').on(t.tenantId, t.id),
    oneOf('subscriptions_status_ck', t.status, STORED_SUBSCRIPTION_STATUSES),
    check('subscriptions_credit_ck', sql`${t.credit} >= 0`),
  ],
);

/** The add-ons a subscription holds, at the monthly price they were bought at. */
export const subscriptionAddons = pgTable(
  'subscription_addons',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    addonId: integer('addon_id')
      .notNull()
      .references(() => billingAddons.id),
    quantity: integer('quantity').notNull(),
    monthlyPrice: integer('monthly_price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.addonId] }),
    check('subscription_addons_quantity_ck', sql`${t.quantity} >= 0`),
  ],
);

/** A coupon: a percentage (basis points) or a fixed sum (paise), valid between dates, for a number of uses. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    /** A partner's own coupon, for its industries only; null for the platform's. */
    partnerId: integer('partner_id').references(() => accounts.id),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.code),
    oneOf('coupons_kind_ck', t.kind, COUPON_KINDS),
    check('coupons_value_ck', sql`${t.value} > 0`),
    check(
      'coupons_redemptions_ck',
      sql`${t.maxRedemptions} IS NULL OR ${t.redemptions} <= ${t.maxRedemptions}`,
    ),
  ],
);

/**
 * A coupon on one plan of an account (a partner or an industry). No row is
 * the state NONE; a removed coupon keeps its row (REMOVED) with the coupon it had.
 */
export const discounts = pgTable(
  'discounts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => billingPlans.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    state: text('state', { enum: ['APPLIED', 'REMOVED'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.planId] }),
    oneOf('discounts_state_ck', t.state, ['APPLIED', 'REMOVED']),
  ],
);

/** The last invoice number given in each financial year: numbers are taken in the invoice's transaction, so none is skipped. */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** What the seller and buyer were when the invoice was issued. */
export interface InvoiceParty {
  name: string;
  gstin: string | null;
  stateCode: string;
  stateName: string;
  address: string | null;
}

/** What an invoice orders: the plan and add-ons the subscription holds once it is paid, and for which period. */
export interface InvoiceOrder {
  planId: number;
  planCode: string;
  /** The plan's price and months as bought. */
  planPrice: number;
  periodMonths: number;
  addons: { addonId: number; quantity: number; monthlyPrice: number }[];
  /** The subscription's period once the invoice is paid (the invoice's own dates are the stretch it bills). */
  periodStart: string;
  periodEnd: string;
  /** Credit left over for the next invoice once this one is paid. */
  creditCarried: number;
  /** Credit of the subscription this invoice took (given back when it is rejected). */
  creditTaken: number;
}

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('PENDING'),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => billingPlans.id),
    couponId: integer('coupon_id').references(() => coupons.id),
    order: jsonb('order').$type<InvoiceOrder>().notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    charge: integer('charge').notNull(),
    discount: integer('discount').notNull(),
    credit: integer('credit').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
    issuedBy: integer('issued_by').references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    remark: text('remark'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    index('invoices_tenant_idx').on(t.tenantId, t.id),
    index('invoices_status_idx').on(t.status, t.id),
    index('invoices_subscription_idx').on(t.subscriptionId),
    oneOf('invoices_kind_ck', t.kind, INVOICE_KINDS),
    oneOf('invoices_status_ck', t.status, INVOICE_STATUSES),
    check('invoices_total_ck', sql`${t.total} = ${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst}`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.position] })],
);

/** A payment of an invoice through a provider (today: offline, a bank transfer or a cheque), approved or rejected by a site user. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    provider: text('provider').notNull(),
    method: text('method', { enum: PAYMENT_TYPES }).notNull(),
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    remark: text('remark'),
    recordedBy: integer('recorded_by').references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_tenant_idx').on(t.tenantId, t.id),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_status_idx').on(t.status, t.id),
    // One payment awaiting approval per invoice.
    uniqueIndex('payments_pending_uq')
      .on(t.invoiceId)
      .where(sql`${t.status} = 'PENDING'`),
    oneOf('payments_method_ck', t.method, PAYMENT_TYPES),
    oneOf('payments_status_ck', t.status, PAYMENT_STATUSES),
  ],
);
