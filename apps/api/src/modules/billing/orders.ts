import {
  BILLING_MESSAGES,
  INDIAN_STATES,
  PERIOD_MONTHS,
  addMonths,
  addonShortfalls,
  daysBetween,
  itemsOf,
  priceOrder,
  unusedShare,
  type Coupon,
  type InvoiceKind,
  type OrderPrice,
  type Plan,
  type Quote,
} from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import type { InvoiceOrder, InvoiceParty } from '../../db/schema/index.js';
import type { FieldError } from '@vayu/domain';
import { AppError, badRequest } from '../../lib/errors.js';
import { discountsOf, findCoupon, findPlan } from './catalogue.repository.js';
import {
  findBillingAddress,
  findPaidInvoiceCovering,
  findPlatformAccount,
  type BillingAccount,
  type SubscriptionRow,
} from './subscriptions.repository.js';

/**
 * Prices an order of an industry — its first subscription, a plan change or
 * a renewal — from what is stored: the plan and add-on prices, the coupon
 * applied for it, what it paid for the days it has not used, and the seller's
 * and buyer's states for GST. The quote and the checkout both come from here.
 */

/** A first subscription may start at most this far ahead. */
const START_AHEAD_DAYS = 365;

export type SubscriptionStateReason =
  | 'exists'
  | 'none'
  | 'pendingChange'
  | 'notChangeable'
  | 'notRenewable'
  | 'notCancellable'
  | 'nothingToChange'
  | 'planUnavailable'
  | 'notATenant';

const REASON_MESSAGES: Record<SubscriptionStateReason, string> = {
  exists: BILLING_MESSAGES.subscriptionExists,
  none: BILLING_MESSAGES.noSubscription,
  pendingChange: BILLING_MESSAGES.pendingChange,
  notChangeable: BILLING_MESSAGES.notChangeable,
  notRenewable: BILLING_MESSAGES.notRenewable,
  notCancellable: BILLING_MESSAGES.notCancellable,
  nothingToChange: BILLING_MESSAGES.nothingToChange,
  planUnavailable: BILLING_MESSAGES.planUnavailable,
  notATenant: BILLING_MESSAGES.notATenant,
};

/** One field's detail of an error. */
export const detail = (
  path: string,
  message: string,
  code: FieldError['code'] = 'FIELD_INVALID',
): FieldError => ({
  path,
  message,
  code,
});

export const subscriptionState = (reason: SubscriptionStateReason, path?: string) =>
  new AppError(
    'SUBSCRIPTION_STATE',
    REASON_MESSAGES[reason],
    path ? [detail(path, REASON_MESSAGES[reason], 'FIELD_RULE')] : undefined,
    { reason },
  );

export interface OrderInput {
  kind: InvoiceKind;
  planCode: string;
  addons: { addOnId: number; quantity: number }[];
  startDate?: string | undefined;
}

export interface PricedOrder {
  kind: InvoiceKind;
  plan: Plan;
  coupon: Coupon | null;
  price: OrderPrice;
  /** The stretch the invoice bills. */
  billed: { start: string; end: string };
  order: InvoiceOrder;
  seller: InvoiceParty;
  buyer: InvoiceParty;
}

const stateName = (code: string) => INDIAN_STATES.find((state) => state.code === code)?.name ?? code;
const stateOfGstin = (gstin: string | null) =>
  gstin ? INDIAN_STATES.find((state) => state.gstCode === gstin.slice(0, 2))?.code : undefined;

/** An account's address on one line: the street, the city (unless the street names it) and the PIN. */
export function addressLineOf(a: {
  address: string | null;
  city: string | null;
  zip: string | null;
}): string | null {
  const city = a.city && a.address?.includes(a.city) ? null : a.city;
  return [a.address, city, a.zip].filter(Boolean).join(', ') || null;
}

/** The seller (the platform account) and the buyer (the industry) as the invoice shows them. */
async function partiesOf(exec: Executor, tenant: BillingAccount) {
  const platform = await findPlatformAccount(exec);
  const sellerState = platform?.stateCode ?? stateOfGstin(platform?.gstin ?? null);
  if (!platform?.gstin || !sellerState) {
    throw new AppError('SELLER_DETAILS_MISSING', BILLING_MESSAGES.sellerGstinMissing);
  }
  // An industry whose state is not known is billed in the seller's state (place of supply: the supplier's).
  const buyerState = tenant.stateCode ?? stateOfGstin(tenant.gstin) ?? sellerState;
  const buyerAddress = (await findBillingAddress(exec, tenant.id)) ?? addressLineOf(tenant);
  const seller: InvoiceParty = {
    name: platform.name,
    gstin: platform.gstin,
    stateCode: sellerState,
    stateName: stateName(sellerState),
    address: addressLineOf(platform),
  };
  const buyer: InvoiceParty = {
    name: tenant.name,
    gstin: tenant.gstin,
    stateCode: buyerState,
    stateName: stateName(buyerState),
    address: buyerAddress,
  };
  return { seller, buyer };
}

/** Whether a coupon may be used on `today`: on sale, within its dates and not used up. */
export function couponUsable(coupon: Coupon, today: string): 'ok' | 'notValid' | 'usedUp' {
  if (
    !coupon.active ||
    coupon.validFrom > today ||
    (coupon.validUntil !== null && coupon.validUntil < today)
  ) {
    return 'notValid';
  }
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'usedUp';
  return 'ok';
}

/** The coupon an industry has applied to a plan, when it may be used today. */
export async function usableCouponFor(
  exec: Executor,
  tenantId: number,
  planId: number,
  today: string,
): Promise<Coupon | null> {
  const discount = (await discountsOf(exec, tenantId)).get(planId);
  if (discount?.state !== 'APPLIED') return null;
  const coupon = await findCoupon(exec, discount.couponId);
  return coupon && couponUsable(coupon, today) === 'ok' ? coupon : null;
}

/** The plan an order names, on sale (a renewal may keep a plan no longer sold). */
async function planOf(exec: Executor, input: OrderInput): Promise<Plan> {
  const plan = await findPlan(exec, { code: input.planCode });
  if (!plan || (!plan.active && input.kind !== 'RENEWAL'))
    throw subscriptionState('planUnavailable', 'planCode');
  return plan;
}

/** The order's add-ons checked against the plan: each one of the plan's, none below its minimum or suggested number. */
function quantitiesOf(plan: Plan, addons: OrderInput['addons']): Map<number, number> {
  const errors = addons.flatMap((addon, index) =>
    plan.addons.some((a) => a.addOnId === addon.addOnId)
      ? []
      : [detail(`addons.${index}.addOnId`, BILLING_MESSAGES.addonNotInPlan)],
  );
  if (errors.length > 0) throw badRequest(BILLING_MESSAGES.addonNotInPlan, errors);
  const quantities = new Map(addons.map((addon) => [addon.addOnId, addon.quantity]));
  const shortfalls = addonShortfalls(
    { code: plan.code, addons: plan.addons },
    Object.fromEntries(quantities),
  );
  if (shortfalls.length > 0) {
    throw new AppError(
      'ADDONS_BELOW_MINIMUM',
      BILLING_MESSAGES[shortfalls[0]!.reason],
      shortfalls.map((s) => detail(`addons.${s.addOnId}`, BILLING_MESSAGES[s.reason], 'FIELD_RULE')),
      { addOnId: shortfalls[0]!.addOnId, needed: shortfalls[0]!.needed },
    );
  }
  return quantities;
}

/**
 * Prices an order. `current` is the industry's subscription (for a change or
 * a renewal); its state has been checked by the caller.
 */
export async function priceOf(
  exec: Executor,
  tenant: BillingAccount,
  input: OrderInput,
  current: SubscriptionRow | undefined,
  today: string,
): Promise<PricedOrder> {
  const plan = await planOf(exec, input);
  const addons =
    input.kind === 'RENEWAL'
      ? (current?.addons ?? []).map((a) => ({ addOnId: a.addOnId, quantity: a.quantity }))
      : input.addons;
  const quantities =
    input.kind === 'RENEWAL'
      ? new Map(addons.map((a) => [a.addOnId, a.quantity]))
      : quantitiesOf(plan, addons);
  const months = PERIOD_MONTHS[plan.period];
  const held = plan.addons.map((addon) => ({
    addOnId: addon.addOnId,
    addOnName: addon.addOnName,
    quantity: quantities.get(addon.addOnId) ?? 0,
    monthlyPrice: addon.monthlyPrice,
  }));
  const items = itemsOf({
    planCode: plan.code,
    planName: plan.name,
    periodMonths: months,
    planPrice: plan.price,
    addons: held,
  });

  let billed: { start: string; end: string };
  let subscriptionPeriod: { start: string; end: string };
  let share = { days: 1, ofDays: 1 };
  let unused = 0;
  let unusedDescription = '';
  if (input.kind === 'NEW') {
    const start = input.startDate ?? today;
    if (start < today || daysBetween(today, start) > START_AHEAD_DAYS) {
      throw badRequest('Choose a start date from today up to a year ahead.', [
        detail('startDate', 'Choose a start date from today up to a year ahead.', 'FIELD_RULE'),
      ]);
    }
    billed = { start, end: addMonths(start, months) };
    subscriptionPeriod = billed;
  } else if (input.kind === 'CHANGE') {
    const cur = current!;
    const end = cur.periodEnd!;
    if (cur.periodMonths === months && end > today) {
      // Same length of period: the new plan for the days left of this one.
      billed = { start: today, end };
      share = { days: daysBetween(today, end), ofDays: daysBetween(addMonths(end, -months), end) };
      subscriptionPeriod = { start: cur.periodStart ?? today, end };
    } else {
      billed = { start: today, end: addMonths(today, months) };
      subscriptionPeriod = billed;
    }
    const paid = await findPaidInvoiceCovering(exec, cur.id, today);
    if (paid) {
      unused = unusedShare(
        paid.taxableBeforeCredit,
        { start: paid.periodStart, end: paid.periodEnd },
        today,
      ).amount;
      unusedDescription = `Unused ${cur.planName} plan, ${today} to ${paid.periodEnd}`;
    }
  } else {
    const cur = current!;
    const activeUntil =
      cur.periodEnd !== null && cur.periodEnd > today && cur.status === 'ACTIVE' ? cur.periodEnd : null;
    const start = activeUntil ?? today;
    billed = { start, end: addMonths(start, months) };
    subscriptionPeriod = { start: activeUntil ? (cur.periodStart ?? start) : start, end: billed.end };
  }

  const carried = current?.credit ?? 0;
  const creditAmount = unused + carried;
  const coupon = await usableCouponFor(exec, tenant.id, plan.id, today);
  const { seller, buyer } = await partiesOf(exec, tenant);
  const price = priceOrder({
    items,
    share,
    coupon: coupon ? { code: coupon.couponCode, kind: coupon.kind, value: coupon.value } : null,
    credit:
      creditAmount > 0
        ? {
            description: unused > 0 ? unusedDescription : 'Credit from an earlier change',
            amount: creditAmount,
          }
        : null,
    sellerStateCode: seller.stateCode,
    buyerStateCode: buyer.stateCode,
  });
  return {
    kind: input.kind,
    plan,
    coupon: price.discount > 0 ? coupon : null,
    price,
    billed,
    seller,
    buyer,
    order: {
      planId: plan.id,
      planCode: plan.code,
      planPrice: plan.price,
      periodMonths: months,
      addons: held.map((a) => ({ addonId: a.addOnId, quantity: a.quantity, monthlyPrice: a.monthlyPrice })),
      periodStart: subscriptionPeriod.start,
      periodEnd: subscriptionPeriod.end,
      creditCarried: price.creditCarried,
      creditTaken: carried,
    },
  };
}

/** The order summary a client shows. */
export function quoteOf(tenantId: number, priced: PricedOrder): Quote {
  const { price } = priced;
  return {
    tenantId,
    planCode: priced.plan.code,
    planName: priced.plan.name,
    kind: priced.kind,
    periodStart: priced.billed.start,
    periodEnd: priced.billed.end,
    lines: price.lines,
    charge: price.charge,
    discount: price.discount,
    credit: price.credit,
    creditCarried: price.creditCarried,
    taxable: price.taxable,
    cgst: price.gst.cgst,
    sgst: price.gst.sgst,
    igst: price.gst.igst,
    total: price.total,
    couponCode: priced.coupon?.couponCode ?? null,
  };
}
