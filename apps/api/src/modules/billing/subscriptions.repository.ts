import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  INVOICES_PAGE_SIZE,
  type AddonUnit,
  type Invoice,
  type InvoiceKind,
  type InvoiceStatus,
  type Page,
  type Payment,
  type PaymentStatus,
  type PaymentType,
  type StoredSubscriptionStatus,
} from '@vayu/domain';
import { accountsWhere, tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  addresses,
  billingAddons,
  billingPlans,
  coupons,
  invoiceCounters,
  invoiceLines,
  invoices,
  payments,
  subscriptionAddons,
  subscriptions,
  type InvoiceOrder,
  type InvoiceParty,
} from '../../db/schema/index.js';
import { readPage } from '../../lib/paging.js';

// ── Accounts as billing sees them ──────────────────────────────────────────

export interface BillingAccount {
  id: number;
  name: string;
  type: string;
  partnerId: number | null;
  status: string;
  stateCode: string | null;
  gstin: string | null;
  contactEmail: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  paymentMode: boolean;
  grantedUsers: number;
  grantedParameters: number;
  grantedCameras: number;
  version: number;
}

const accountColumns = {
  id: accounts.id,
  name: accounts.name,
  type: accounts.type,
  partnerId: accounts.partnerId,
  status: accounts.status,
  stateCode: accounts.stateCode,
  gstin: accounts.gstin,
  contactEmail: accounts.contactEmail,
  address: accounts.address,
  city: accounts.city,
  zip: accounts.zip,
  paymentMode: accounts.paymentMode,
  grantedUsers: accounts.grantedUsers,
  grantedParameters: accounts.grantedParameters,
  grantedCameras: accounts.grantedCameras,
  version: accounts.version,
};

/**
 * An account (not deleted) within the scope. With `forUpdate` its row is held
 * until the transaction ends: orders, limits and settings of one industry are
 * decided one after the other.
 */
export async function findBillingAccount(
  exec: Executor,
  scope: DataScope,
  id: number,
  forUpdate = false,
): Promise<BillingAccount | undefined> {
  const query = exec
    .select(accountColumns)
    .from(accounts)
    .where(and(eq(accounts.id, id), ne(accounts.status, 'DELETED'), accountsWhere(scope)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: accounts }) : await query;
  return row;
}

/** The platform's own account (the seller on every invoice). */
export async function findPlatformAccount(exec: Executor): Promise<BillingAccount | undefined> {
  const [row] = await exec
    .select(accountColumns)
    .from(accounts)
    .where(eq(accounts.type, 'site'))
    .orderBy(accounts.id)
    .limit(1);
  return row;
}

/** The account's billing address line, when it has one. */
export async function findBillingAddress(exec: Executor, accountId: number): Promise<string | null> {
  const [row] = await exec
    .select({ line: addresses.addressLine, city: addresses.city, zip: addresses.zip })
    .from(addresses)
    .where(and(eq(addresses.accountId, accountId), eq(addresses.addressType, 'BILLING')))
    .limit(1);
  return row ? [row.line, row.city, row.zip].filter(Boolean).join(', ') : null;
}

export async function updateBillingSettings(
  exec: Executor,
  id: number,
  version: number,
  values: { paymentMode: boolean; grantedUsers: number; grantedParameters: number; grantedCameras: number },
): Promise<boolean> {
  const rows = await exec
    .update(accounts)
    .set({ ...values, version: sql`${accounts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(accounts.id, id), eq(accounts.version, version)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** Keeps the account's plan code (shown by the lists) with its current subscription's plan. */
export async function setAccountPlanCode(exec: Executor, id: number, planCode: string | null): Promise<void> {
  await exec.update(accounts).set({ planCode }).where(eq(accounts.id, id));
}

// ── Subscriptions ──────────────────────────────────────────────────────────

export interface SubscriptionRow {
  id: number;
  tenantId: number;
  planId: number;
  planCode: string;
  planName: string;
  period: (typeof billingPlans.$inferSelect)['period'];
  status: StoredSubscriptionStatus;
  startedOn: string;
  periodStart: string | null;
  periodEnd: string | null;
  planPrice: number;
  periodMonths: number;
  cancelAtPeriodEnd: boolean;
  cancelledAt: Date | null;
  credit: number;
  version: number;
  addons: {
    addOnId: number;
    addOnName: string;
    addOnUnit: AddonUnit;
    quantity: number;
    monthlyPrice: number;
  }[];
}

const subscriptionColumns = {
  id: subscriptions.id,
  tenantId: subscriptions.tenantId,
  planId: subscriptions.planId,
  planCode: billingPlans.code,
  planName: billingPlans.name,
  period: billingPlans.period,
  status: subscriptions.status,
  startedOn: subscriptions.startedOn,
  periodStart: subscriptions.periodStart,
  periodEnd: subscriptions.periodEnd,
  planPrice: subscriptions.planPrice,
  periodMonths: subscriptions.periodMonths,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  cancelledAt: subscriptions.cancelledAt,
  credit: subscriptions.credit,
  version: subscriptions.version,
};

async function withHeldAddons(
  exec: Executor,
  row: Omit<SubscriptionRow, 'addons'> | undefined,
): Promise<SubscriptionRow | undefined> {
  if (!row) return undefined;
  const addons = await exec
    .select({
      addOnId: billingAddons.id,
      addOnName: billingAddons.name,
      addOnUnit: billingAddons.unit,
      quantity: subscriptionAddons.quantity,
      monthlyPrice: subscriptionAddons.monthlyPrice,
    })
    .from(subscriptionAddons)
    .innerJoin(billingAddons, eq(billingAddons.id, subscriptionAddons.addonId))
    .where(eq(subscriptionAddons.subscriptionId, row.id))
    .orderBy(billingAddons.id);
  return { ...row, addons };
}

/** An industry's current subscription: its newest. With `forUpdate` the row is held. */
export async function findCurrentSubscription(
  exec: Executor,
  tenantId: number,
  forUpdate = false,
): Promise<SubscriptionRow | undefined> {
  const query = exec
    .select(subscriptionColumns)
    .from(subscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, subscriptions.planId))
    .where(eq(subscriptions.tenantId, tenantId))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: subscriptions }) : await query;
  return withHeldAddons(exec, row);
}

/** A subscription within the scope, by id. */
export async function findSubscriptionById(
  exec: Executor,
  scope: DataScope,
  id: number,
  forUpdate = false,
): Promise<SubscriptionRow | undefined> {
  const query = exec
    .select(subscriptionColumns)
    .from(subscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, subscriptions.planId))
    .where(and(eq(subscriptions.id, id), tenantRowsWhere(scope, subscriptions.tenantId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: subscriptions }) : await query;
  return withHeldAddons(exec, row);
}

export async function insertSubscription(
  exec: Executor,
  values: { tenantId: number; planId: number; startedOn: string; planPrice: number; periodMonths: number },
): Promise<number> {
  const [row] = await exec
    .insert(subscriptions)
    .values({ ...values, status: 'PENDING_PAYMENT' })
    .returning({ id: subscriptions.id });
  return row!.id;
}

export async function updateSubscriptionRow(
  exec: Executor,
  id: number,
  values: Partial<{
    planId: number;
    status: StoredSubscriptionStatus;
    periodStart: string | null;
    periodEnd: string | null;
    planPrice: number;
    periodMonths: number;
    cancelAtPeriodEnd: boolean;
    cancelledAt: Date | null;
    credit: number;
  }>,
): Promise<void> {
  await exec
    .update(subscriptions)
    .set({ ...values, version: sql`${subscriptions.version} + 1`, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

/** Replaces the add-ons a subscription holds. */
export async function replaceHeldAddons(
  exec: Executor,
  subscriptionId: number,
  addons: InvoiceOrder['addons'],
): Promise<void> {
  await exec.delete(subscriptionAddons).where(eq(subscriptionAddons.subscriptionId, subscriptionId));
  const held = addons.filter((addon) => addon.quantity > 0);
  if (held.length === 0) return;
  await exec.insert(subscriptionAddons).values(
    held.map((addon) => ({
      subscriptionId,
      addonId: addon.addonId,
      quantity: addon.quantity,
      monthlyPrice: addon.monthlyPrice,
    })),
  );
}

// ── Invoices ───────────────────────────────────────────────────────────────

/**
 * The next invoice number of a financial year, taken in the caller's
 * transaction: the counter row stays locked until it ends, so numbers are
 * given one after the other and a rolled-back invoice gives its number back.
 */
export async function takeInvoiceNumber(exec: Executor, financialYear: string): Promise<number> {
  const [row] = await exec
    .insert(invoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row!.lastNumber;
}

export interface NewInvoice {
  number: string;
  financialYear: string;
  kind: InvoiceKind;
  tenantId: number;
  subscriptionId: number;
  planId: number;
  couponId: number | null;
  order: InvoiceOrder;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  periodStart: string;
  periodEnd: string;
  charge: number;
  discount: number;
  credit: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  issuedBy: number | null;
  lines: { description: string; quantity: number; unitPrice: number; amount: number }[];
}

export async function insertInvoice(exec: Executor, invoice: NewInvoice): Promise<number> {
  const { lines, ...values } = invoice;
  const [row] = await exec.insert(invoices).values(values).returning({ id: invoices.id });
  const id = row!.id;
  if (lines.length > 0) {
    await exec
      .insert(invoiceLines)
      .values(lines.map((line, position) => ({ invoiceId: id, position, ...line })));
  }
  return id;
}

const latestPaymentStatus = sql<PaymentStatus | null>`(
  select ${payments.status} from ${payments} where ${payments.invoiceId} = ${invoices.id}
  order by ${payments.id} desc limit 1)`;

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  financialYear: invoices.financialYear,
  kind: invoices.kind,
  status: invoices.status,
  tenantId: invoices.tenantId,
  tenantName: accounts.name,
  partnerId: accounts.partnerId,
  planCode: billingPlans.code,
  planName: billingPlans.name,
  periodStart: invoices.periodStart,
  periodEnd: invoices.periodEnd,
  issuedAt: invoices.issuedAt,
  decidedAt: invoices.decidedAt,
  charge: invoices.charge,
  discount: invoices.discount,
  credit: invoices.credit,
  taxable: invoices.taxable,
  cgst: invoices.cgst,
  sgst: invoices.sgst,
  igst: invoices.igst,
  total: invoices.total,
  couponCode: coupons.code,
  paymentStatus: latestPaymentStatus,
  version: invoices.version,
};

type InvoiceRow = Omit<Invoice, 'issuedAt' | 'decidedAt'> & { issuedAt: Date; decidedAt: Date | null };

const toInvoice = (row: InvoiceRow): Invoice => ({
  ...row,
  issuedAt: row.issuedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const selectInvoices = (exec: Executor) =>
  exec
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.tenantId))
    .innerJoin(billingPlans, eq(billingPlans.id, invoices.planId))
    .leftJoin(coupons, eq(coupons.id, invoices.couponId));

export interface InvoiceRecord extends Invoice {
  subscriptionId: number;
  couponId: number | null;
  order: InvoiceOrder;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  remark: string | null;
}

/** An invoice within the scope, with what it orders. With `forUpdate` its row is held. */
export async function findInvoice(
  exec: Executor,
  scope: DataScope,
  id: number,
  forUpdate = false,
): Promise<InvoiceRecord | undefined> {
  const query = exec
    .select({
      ...invoiceColumns,
      subscriptionId: invoices.subscriptionId,
      couponId: invoices.couponId,
      order: invoices.order,
      seller: invoices.seller,
      buyer: invoices.buyer,
      remark: invoices.remark,
    })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.tenantId))
    .innerJoin(billingPlans, eq(billingPlans.id, invoices.planId))
    .leftJoin(coupons, eq(coupons.id, invoices.couponId))
    .where(and(eq(invoices.id, id), tenantRowsWhere(scope, invoices.tenantId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: invoices }) : await query;
  if (!row) return undefined;
  const { subscriptionId, couponId, order, seller, buyer, remark, ...rest } = row;
  return { ...toInvoice(rest), subscriptionId, couponId, order, seller, buyer, remark };
}

export async function invoiceLinesOf(exec: Executor, invoiceId: number) {
  return exec
    .select({
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      unitPrice: invoiceLines.unitPrice,
      amount: invoiceLines.amount,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(invoiceLines.position);
}

/** The invoice of a subscription that awaits payment or approval, if there is one. */
export async function findPendingInvoice(
  exec: Executor,
  subscriptionId: number,
): Promise<Invoice | undefined> {
  const [row] = await selectInvoices(exec)
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'PENDING')))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row ? toInvoice(row) : undefined;
}

/** The newest paid invoice of a subscription whose period covers `day`: what was paid for the days left. */
export async function findPaidInvoiceCovering(exec: Executor, subscriptionId: number, day: string) {
  const [row] = await exec
    .select({
      taxableBeforeCredit: sql<number>`${invoices.charge} - ${invoices.discount}`.mapWith(Number),
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.subscriptionId, subscriptionId),
        eq(invoices.status, 'PAID'),
        sql`${invoices.periodStart} <= ${day}`,
        sql`${invoices.periodEnd} > ${day}`,
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  return row;
}

export async function setInvoiceDecision(
  exec: Executor,
  id: number,
  values: { status: InvoiceStatus; decidedBy: number | null; remark: string | null },
): Promise<void> {
  await exec
    .update(invoices)
    .set({ ...values, decidedAt: new Date(), version: sql`${invoices.version} + 1` })
    .where(eq(invoices.id, id));
}

export async function listInvoices(
  exec: Executor,
  scope: DataScope,
  filter: { page: number; status?: InvoiceStatus | undefined; tenantId?: number | undefined },
): Promise<Page<Invoice>> {
  const where = and(
    tenantRowsWhere(scope, invoices.tenantId),
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.tenantId ? eq(invoices.tenantId, filter.tenantId) : undefined,
  );
  return readPage(
    exec,
    { page: filter.page, pageSize: INVOICES_PAGE_SIZE },
    {
      rows: async (limit, offset) =>
        (await selectInvoices(exec).where(where).orderBy(desc(invoices.id)).limit(limit).offset(offset)).map(
          toInvoice,
        ),
      matches: () => exec.select({ id: invoices.id }).from(invoices).where(where).$dynamic(),
      countKey: ['invoices', scopeKey(scope), filter.status, filter.tenantId],
    },
  );
}

const scopeKey = (scope: DataScope) =>
  scope.kind === 'all'
    ? 'all'
    : [scope.principal.userType, scope.principal.accountId, scope.principal.actingTenantId];

// ── Payments ───────────────────────────────────────────────────────────────

const paymentColumns = {
  id: payments.id,
  invoiceId: payments.invoiceId,
  invoiceNumber: invoices.number,
  tenantId: payments.tenantId,
  tenantName: accounts.name,
  partnerId: accounts.partnerId,
  provider: payments.provider,
  method: payments.method,
  reference: payments.reference,
  amount: payments.amount,
  paidOn: payments.paidOn,
  status: payments.status,
  remark: payments.remark,
  recordedAt: payments.recordedAt,
  decidedAt: payments.decidedAt,
};
type PaymentRow = Omit<Payment, 'recordedAt' | 'decidedAt'> & { recordedAt: Date; decidedAt: Date | null };
const toPayment = (row: PaymentRow): Payment => ({
  ...row,
  recordedAt: row.recordedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});
const selectPayments = (exec: Executor) =>
  exec
    .select(paymentColumns)
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(accounts, eq(accounts.id, payments.tenantId));

export async function insertPayment(
  exec: Executor,
  values: {
    invoiceId: number;
    tenantId: number;
    provider: string;
    method: PaymentType;
    reference: string;
    amount: number;
    paidOn: string;
    recordedBy: number | null;
  },
): Promise<number> {
  const [row] = await exec.insert(payments).values(values).returning({ id: payments.id });
  return row!.id;
}

export async function findPayment(
  exec: Executor,
  scope: DataScope,
  id: number,
  forUpdate = false,
): Promise<Payment | undefined> {
  const query = selectPayments(exec)
    .where(and(eq(payments.id, id), tenantRowsWhere(scope, payments.tenantId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: payments }) : await query;
  return row ? toPayment(row) : undefined;
}

export async function paymentsOfInvoice(exec: Executor, invoiceId: number): Promise<Payment[]> {
  return (await selectPayments(exec).where(eq(payments.invoiceId, invoiceId)).orderBy(desc(payments.id))).map(
    toPayment,
  );
}

/** Decides the payment of an invoice that awaits approval, if there is one; answers its id. */
export async function decidePendingPayment(
  exec: Executor,
  invoiceId: number,
  values: { status: 'APPROVED' | 'REJECTED'; decidedBy: number | null; remark: string | null },
): Promise<number | undefined> {
  const [row] = await exec
    .update(payments)
    .set({ ...values, decidedAt: new Date() })
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'PENDING')))
    .returning({ id: payments.id });
  return row?.id;
}

export async function listPayments(
  exec: Executor,
  scope: DataScope,
  filter: {
    page: number;
    status?: PaymentStatus | undefined;
    tenantId?: number | undefined;
    partnerId?: number | undefined;
  },
): Promise<Page<Payment>> {
  const conditions: (SQL | undefined)[] = [
    tenantRowsWhere(scope, payments.tenantId),
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.tenantId ? eq(payments.tenantId, filter.tenantId) : undefined,
    filter.partnerId
      ? sql`${payments.tenantId} in (select ${accounts.id} from ${accounts} where ${accounts.partnerId} = ${filter.partnerId})`
      : undefined,
  ];
  const where = and(...conditions);
  return readPage(
    exec,
    { page: filter.page, pageSize: INVOICES_PAGE_SIZE },
    {
      rows: async (limit, offset) =>
        (await selectPayments(exec).where(where).orderBy(desc(payments.id)).limit(limit).offset(offset)).map(
          toPayment,
        ),
      matches: () => exec.select({ id: payments.id }).from(payments).where(where).$dynamic(),
      countKey: ['payments', scopeKey(scope), filter.status, filter.tenantId, filter.partnerId],
    },
  );
}

/** The status of an industry's newest payment, if it made one. */
export async function latestPaymentStatusOf(exec: Executor, tenantId: number): Promise<PaymentStatus | null> {
  const [row] = await exec
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.tenantId, tenantId))
    .orderBy(desc(payments.id))
    .limit(1);
  return row?.status ?? null;
}
