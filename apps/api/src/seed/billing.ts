import { eq } from 'drizzle-orm';
import {
  INDIAN_STATES,
  PERIOD_MONTHS,
  PLATFORM_ACCOUNT_ID,
  addMonths,
  financialYearOf,
  invoiceNumber,
  istDate,
  istMidnight,
  itemsOf,
  priceOrder,
  type BillingPeriod,
  type CouponKind,
  type PaymentType,
} from '@vayu/domain';
import type { Executor } from '../db/client.js';
import {
  accounts,
  billingAddons,
  billingPlanAddons,
  billingPlans,
  coupons,
  discounts,
  invoices,
  payments,
  subscriptionAddons,
  subscriptions,
  type InvoiceParty,
} from '../db/schema/index.js';
import { addressLineOf } from '../modules/billing/orders.js';
import { insertInvoice, takeInvoiceNumber } from '../modules/billing/subscriptions.repository.js';
import { makeGstin } from './builders.js';

/**
 * Demo billing: the platform as seller (Pune, Maharashtra), four add-ons,
 * five plans, three coupons, partner and industry discounts, and
 * subscriptions in every status with paid, pending and rejected invoices
 * numbered in the order they were issued. Dates are relative to today, so
 * the demo always has a renewal coming up and a period that has just expired.
 */

const ADDONS = [
  { name: 'Additional parameter', unit: 'Parameter', monthlyPrice: 250_00 },
  { name: 'Additional camera', unit: 'Camera', monthlyPrice: 1_500_00 },
  { name: 'Additional user', unit: 'User', monthlyPrice: 300_00 },
  { name: 'Remote calibration', unit: 'RC', monthlyPrice: 2_000_00 },
] as const;

type Includes = Partial<
  Record<'Parameter' | 'Camera' | 'User' | 'RC', { quantity?: number; minimum?: number; suggested?: number }>
>;

const PLANS: {
  code: string;
  name: string;
  description: string;
  period: BillingPeriod;
  price: number;
  includes: Includes;
}[] = [
  {
    code: 'OCEMS-STARTER',
    name: 'OCEMS Starter',
    description: 'One stack or outlet, billed monthly',
    period: 'MONTHLY',
    price: 6_000_00,
    includes: { Parameter: { quantity: 4 }, User: { quantity: 2 }, Camera: {}, RC: {} },
  },
  {
    code: 'OCEMS-BASIC',
    name: 'OCEMS Basic',
    description: 'Stack and effluent monitoring for a single unit',
    period: 'YEARLY',
    price: 60_000_00,
    includes: { Parameter: { quantity: 8 }, User: { quantity: 3 }, Camera: {}, RC: {} },
  },
  {
    code: 'CAAQMS-STD',
    name: 'CAAQMS Standard',
    description: 'Continuous ambient air quality station with one camera',
    period: 'YEARLY',
    price: 1_20_000_00,
    includes: { Parameter: { quantity: 12 }, Camera: { quantity: 1 }, User: { quantity: 5 }, RC: {} },
  },
  {
    code: 'OCEMS-PRO',
    name: 'OCEMS Pro',
    description: 'Several stacks, effluent and ambient air, with cameras',
    period: 'YEARLY',
    price: 1_50_000_00,
    includes: { Parameter: { quantity: 24 }, Camera: { quantity: 2 }, User: { quantity: 8 }, RC: {} },
  },
  {
    code: 'OCEMS-MULTI',
    name: 'OCEMS Multi-Site',
    description: 'Large plants: remote calibration is part of the plan',
    period: 'YEARLY',
    price: 2_40_000_00,
    includes: {
      Parameter: { quantity: 40 },
      Camera: { quantity: 4 },
      User: { quantity: 10 },
      RC: { minimum: 1, suggested: 2 },
    },
  },
];

const COUPONS: {
  code: string;
  name: string;
  kind: CouponKind;
  value: number;
  from: number;
  until: number | null;
  max: number | null;
  partner?: 'enviro';
}[] = [
  {
    code: 'LAUNCH10',
    name: 'Launch offer, 10 % off',
    kind: 'PERCENT',
    value: 1000,
    from: -12,
    until: 6,
    max: 100,
  },
  {
    code: 'ENVIRO5K',
    name: 'Enviro Analytics: ₹5,000 off',
    kind: 'FIXED',
    value: 5_000_00,
    from: -12,
    until: null,
    max: null,
    partner: 'enviro',
  },
  {
    code: 'MONSOON15',
    name: 'Monsoon 2025, 15 % off',
    kind: 'PERCENT',
    value: 1500,
    from: -17,
    until: -14,
    max: 50,
  },
];

interface DemoSubscription {
  tenant: string;
  plan: string;
  /** Days from today the first period starts. */
  startDays: number;
  addons?: Partial<Record<'Parameter' | 'Camera' | 'User' | 'RC', number>>;
  coupon?: string;
  /** How it stands now. */
  outcome: 'active' | 'cancelAtEnd' | 'cancelled' | 'pending' | 'pendingWithPayment' | 'rejected';
  payment?: PaymentType;
}

const SUBSCRIPTIONS: DemoSubscription[] = [
  {
    tenant: 'Kaveri Pulp and Board Mills',
    plan: 'CAAQMS-STD',
    startDays: -400,
    outcome: 'active',
    payment: 'BANK_TRANSFER',
  },
  {
    tenant: 'Tungabhadra Steel Ltd',
    plan: 'CAAQMS-STD',
    startDays: -355,
    addons: { Parameter: 8 },
    outcome: 'active',
    payment: 'BANK_TRANSFER',
  },
  {
    tenant: 'Narmada Chlor-Alkali Ltd',
    plan: 'OCEMS-PRO',
    startDays: -300,
    coupon: 'LAUNCH10',
    outcome: 'active',
    payment: 'BANK_TRANSFER',
  },
  {
    tenant: 'Saurashtra Dyes & Intermediates',
    plan: 'OCEMS-BASIC',
    startDays: -270,
    outcome: 'cancelled',
    payment: 'CHEQUE',
  },
  {
    tenant: 'Deccan Cement Works',
    plan: 'OCEMS-PRO',
    startDays: -240,
    addons: { Parameter: 4 },
    coupon: 'ENVIRO5K',
    outcome: 'active',
    payment: 'BANK_TRANSFER',
  },
  {
    tenant: 'Jharsuguda Aluminium Smelter',
    plan: 'OCEMS-PRO',
    startDays: -210,
    outcome: 'active',
    payment: 'CHEQUE',
  },
  {
    tenant: 'Vapi Agro Chemicals Pvt Ltd',
    plan: 'OCEMS-BASIC',
    startDays: -180,
    addons: { Parameter: 2 },
    outcome: 'active',
    payment: 'BANK_TRANSFER',
  },
  {
    tenant: 'Konkan Sahakari Sakhar Karkhana',
    plan: 'OCEMS-BASIC',
    startDays: -150,
    addons: { Parameter: 2 },
    outcome: 'cancelAtEnd',
    payment: 'CHEQUE',
  },
  {
    tenant: 'Bandel Thermal Power Station',
    plan: 'CAAQMS-STD',
    startDays: -120,
    addons: { Parameter: 4 },
    outcome: 'active',
    payment: 'BANK_TRANSFER',
  },
  {
    tenant: 'Sahyadri Pharmaceuticals Unit II',
    plan: 'OCEMS-PRO',
    startDays: -90,
    outcome: 'active',
    payment: 'BANK_TRANSFER',
  },
  {
    tenant: 'Ranipet Leather Processors',
    plan: 'OCEMS-BASIC',
    startDays: -75,
    outcome: 'active',
    payment: 'CHEQUE',
  },
  {
    tenant: 'Sahyadri Distilleries',
    plan: 'OCEMS-BASIC',
    startDays: -60,
    addons: { Parameter: 2 },
    outcome: 'active',
    payment: 'BANK_TRANSFER',
  },
  {
    tenant: 'Kanpur Tanners Cooperative',
    plan: 'OCEMS-STARTER',
    startDays: -25,
    outcome: 'active',
    payment: 'BANK_TRANSFER',
  },
  {
    tenant: 'Panipat Petro Refiners',
    plan: 'OCEMS-PRO',
    startDays: -20,
    outcome: 'rejected',
    payment: 'CHEQUE',
  },
  { tenant: 'Panipat Petro Refiners', plan: 'OCEMS-PRO', startDays: -5, outcome: 'pending' },
  {
    tenant: 'Godavari Fertilizers and Chemicals',
    plan: 'OCEMS-BASIC',
    startDays: -3,
    outcome: 'pendingWithPayment',
    payment: 'CHEQUE',
  },
];

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoBilling(
  tx: Executor,
  ids: { tenants: Map<string, number>; enviro: number; siteAdminId: number },
): Promise<void> {
  const today = istDate(new Date());

  // The platform sells the subscriptions: its GSTIN and state are on every invoice.
  await tx
    .update(accounts)
    .set({
      gstin: makeGstin('MH', 'AAFCV2026K'),
      stateCode: 'MH',
      address: 'Office 502, Sai Radhe, Kennedy Road',
      city: 'Pune',
      zip: '411001',
      contactEmail: 'billing@vayu.demo',
    })
    .where(eq(accounts.id, PLATFORM_ACCOUNT_ID));

  const addonIds = new Map<string, number>();
  for (const addon of ADDONS) {
    const [row] = await tx.insert(billingAddons).values(addon).returning({ id: billingAddons.id });
    addonIds.set(addon.unit, row!.id);
  }
  const plans = new Map<string, { id: number; name: string; price: number; months: number }>();
  for (const plan of PLANS) {
    const { includes, ...values } = plan;
    const [row] = await tx.insert(billingPlans).values(values).returning({ id: billingPlans.id });
    plans.set(plan.code, {
      id: row!.id,
      name: plan.name,
      price: plan.price,
      months: PERIOD_MONTHS[plan.period],
    });
    await tx.insert(billingPlanAddons).values(
      Object.entries(includes).map(([unit, include]) => ({
        planId: row!.id,
        addonId: addonIds.get(unit)!,
        quantity: include.quantity ?? 0,
        minimumAddons: include.minimum ?? 0,
        suggestedAddons: include.suggested ?? null,
      })),
    );
  }
  const couponIds = new Map<string, { id: number; kind: CouponKind; value: number }>();
  for (const coupon of COUPONS) {
    const [row] = await tx
      .insert(coupons)
      .values({
        code: coupon.code,
        name: coupon.name,
        kind: coupon.kind,
        value: coupon.value,
        validFrom: addMonths(today, coupon.from),
        validUntil: coupon.until === null ? null : addMonths(today, coupon.until),
        maxRedemptions: coupon.max,
        partnerId: coupon.partner ? ids.enviro : null,
      })
      .returning({ id: coupons.id });
    couponIds.set(coupon.code, { id: row!.id, kind: coupon.kind, value: coupon.value });
  }

  // Discounts: Enviro Analytics gives its coupon on OCEMS Pro to its industries; Narmada has the
  // launch offer on OCEMS Pro; Konkan's coupon on OCEMS Basic was taken off.
  const tenant = (name: string) => ids.tenants.get(name)!;
  const discount = (accountId: number, plan: string, coupon: string, state: 'APPLIED' | 'REMOVED') =>
    tx
      .insert(discounts)
      .values({ accountId, planId: plans.get(plan)!.id, couponId: couponIds.get(coupon)!.id, state });
  await discount(ids.enviro, 'OCEMS-PRO', 'ENVIRO5K', 'APPLIED');
  await discount(tenant('Deccan Cement Works'), 'OCEMS-PRO', 'ENVIRO5K', 'APPLIED');
  await discount(tenant('Narmada Chlor-Alkali Ltd'), 'OCEMS-PRO', 'LAUNCH10', 'APPLIED');
  await discount(tenant('Konkan Sahakari Sakhar Karkhana'), 'OCEMS-BASIC', 'LAUNCH10', 'REMOVED');

  const [platform] = await tx.select().from(accounts).where(eq(accounts.id, PLATFORM_ACCOUNT_ID));
  const party = (a: typeof platform): InvoiceParty => ({
    name: a!.name,
    gstin: a!.gstin,
    stateCode: a!.stateCode!,
    stateName: INDIAN_STATES.find((s) => s.code === a!.stateCode)?.name ?? a!.stateCode!,
    address: addressLineOf(a!),
  });
  const seller = party(platform);

  for (const demo of SUBSCRIPTIONS) {
    const tenantId = tenant(demo.tenant);
    const [buyerAccount] = await tx.select().from(accounts).where(eq(accounts.id, tenantId));
    const plan = plans.get(demo.plan)!;
    const start = addDays(today, demo.startDays);
    const end = addMonths(start, plan.months);
    const held = Object.entries(demo.addons ?? {}).map(([unit, quantity]) => ({
      addOnId: addonIds.get(unit)!,
      addOnName: ADDONS.find((a) => a.unit === unit)!.name,
      quantity,
      monthlyPrice: ADDONS.find((a) => a.unit === unit)!.monthlyPrice,
    }));
    const coupon = demo.coupon ? couponIds.get(demo.coupon)! : null;
    const buyer = party(buyerAccount);
    const price = priceOrder({
      items: itemsOf({
        planCode: demo.plan,
        planName: plan.name,
        periodMonths: plan.months,
        planPrice: plan.price,
        addons: held,
      }),
      share: { days: 1, ofDays: 1 },
      coupon: coupon && demo.coupon ? { code: demo.coupon, kind: coupon.kind, value: coupon.value } : null,
      credit: null,
      sellerStateCode: seller.stateCode,
      buyerStateCode: buyer.stateCode,
    });
    const paid = ['active', 'cancelAtEnd', 'cancelled'].includes(demo.outcome);
    const issuedAt = istMidnight(addDays(start, -7));
    issuedAt.setUTCHours(issuedAt.getUTCHours() + 11);
    const decidedAt = new Date(issuedAt.getTime() + 3 * 86_400_000);
    const cancelledOn = demo.outcome === 'cancelled' ? istMidnight(addDays(today, -30)) : decidedAt;
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        tenantId,
        planId: plan.id,
        status: paid
          ? demo.outcome === 'cancelled'
            ? 'CANCELLED'
            : 'ACTIVE'
          : demo.outcome === 'rejected'
            ? 'CANCELLED'
            : 'PENDING_PAYMENT',
        startedOn: start,
        periodStart: paid ? start : null,
        // Cancelled at once: the service ended that day.
        periodEnd: paid ? (demo.outcome === 'cancelled' ? istDate(cancelledOn) : end) : null,
        planPrice: plan.price,
        periodMonths: plan.months,
        cancelAtPeriodEnd: demo.outcome === 'cancelAtEnd',
        cancelledAt:
          demo.outcome === 'cancelled' || demo.outcome === 'cancelAtEnd' || demo.outcome === 'rejected'
            ? cancelledOn
            : null,
        createdAt: issuedAt,
        updatedAt: decidedAt,
      })
      .returning({ id: subscriptions.id });
    if (paid && held.length > 0) {
      await tx.insert(subscriptionAddons).values(
        held.map((a) => ({
          subscriptionId: subscription!.id,
          addonId: a.addOnId,
          quantity: a.quantity,
          monthlyPrice: a.monthlyPrice,
        })),
      );
    }
    if (coupon) {
      await tx.update(coupons).set({ redemptions: 1 }).where(eq(coupons.id, coupon.id));
    }
    const financialYear = financialYearOf(issuedAt);
    const invoiceId = await insertInvoice(tx, {
      number: invoiceNumber(financialYear, await takeInvoiceNumber(tx, financialYear)),
      financialYear,
      kind: 'NEW',
      tenantId,
      subscriptionId: subscription!.id,
      planId: plan.id,
      couponId: coupon?.id ?? null,
      order: {
        planId: plan.id,
        planCode: demo.plan,
        planPrice: plan.price,
        periodMonths: plan.months,
        addons: held.map((a) => ({ addonId: a.addOnId, quantity: a.quantity, monthlyPrice: a.monthlyPrice })),
        periodStart: start,
        periodEnd: end,
        creditCarried: 0,
        creditTaken: 0,
      },
      seller,
      buyer,
      periodStart: start,
      periodEnd: end,
      charge: price.charge,
      discount: price.discount,
      credit: 0,
      taxable: price.taxable,
      cgst: price.gst.cgst,
      sgst: price.gst.sgst,
      igst: price.gst.igst,
      total: price.total,
      issuedBy: ids.siteAdminId,
      lines: price.lines,
    });
    const decided = paid || demo.outcome === 'rejected';
    await tx
      .update(invoices)
      .set({
        issuedAt,
        status: paid ? 'PAID' : demo.outcome === 'rejected' ? 'REJECTED' : 'PENDING',
        decidedAt: decided ? decidedAt : null,
        decidedBy: decided ? ids.siteAdminId : null,
        remark: demo.outcome === 'rejected' ? 'Cheque returned unpaid: signature differs' : null,
      })
      .where(eq(invoices.id, invoiceId));
    if (demo.payment) {
      await tx.insert(payments).values({
        invoiceId,
        tenantId,
        provider: 'offline',
        method: demo.payment,
        reference:
          demo.payment === 'CHEQUE'
            ? `CHQ ${100_200 + invoiceId}`
            : `NEFT/HDFC/${String(4_812_000 + invoiceId * 37)}`,
        amount: price.total,
        paidOn: addDays(start, -5),
        status: paid ? 'APPROVED' : demo.outcome === 'rejected' ? 'REJECTED' : 'PENDING',
        remark: demo.outcome === 'rejected' ? 'Cheque returned unpaid: signature differs' : null,
        recordedAt: istMidnight(addDays(start, -5)),
        decidedAt: decided ? decidedAt : null,
        decidedBy: decided ? ids.siteAdminId : null,
      });
    }
    const stillCurrent = paid && demo.outcome !== 'cancelled';
    await tx
      .update(accounts)
      .set({ planCode: stillCurrent ? demo.plan : null })
      .where(eq(accounts.id, tenantId));
  }
}
