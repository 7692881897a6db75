import { z } from 'zod';
import { FIELD_MESSAGES } from './constants.js';
import { dateField, fromDigits, optionalText, requiredText, versionField } from './fields.js';
import { istDate } from './telemetry.js';

/**
 * Subscriptions and billing: plans with the add-ons they include, an
 * industry's subscription and its period, the plan change wizard, coupons and
 * discounts, invoices with GST, and payments. Money is integer paise
 * everywhere; only screens and documents turn it into rupees.
 */

// ── Constants ──────────────────────────────────────────────────────────────

/** What an add-on adds to a plan, in the order the spec shows them (Parameter 1, Camera 2, User 3, RC 4). */
export const ADDON_UNITS = ['Parameter', 'Camera', 'User', 'RC'] as const;
export type AddonUnit = (typeof ADDON_UNITS)[number];
export const ADDON_ORDER: Record<AddonUnit, number> = { Parameter: 1, Camera: 2, User: 3, RC: 4 };
/** The units whose use is counted and limited (RC, remote calibration, is a service with no count). */
export const LIMITED_UNITS = ['Parameter', 'Camera', 'User'] as const;
export type LimitedUnit = (typeof LIMITED_UNITS)[number];
/** The spec's path words of the add-on checks: `/api/payment/addon/{kind}/check-charge`. */
export const ADDON_CHECK_KINDS = ['PARAMETER', 'CAMERA', 'USERS'] as const;
export type AddonCheckKind = (typeof ADDON_CHECK_KINDS)[number];
export const UNIT_OF_CHECK_KIND: Record<AddonCheckKind, LimitedUnit> = {
  PARAMETER: 'Parameter',
  CAMERA: 'Camera',
  USERS: 'User',
};

/** How long one period of a plan runs, in calendar months. */
export const BILLING_PERIODS = ['MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const PERIOD_MONTHS: Record<BillingPeriod, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

/**
 * Where a subscription stands. Stored as PENDING_PAYMENT, ACTIVE or CANCELLED;
 * EXPIRED is what an active one is once its period has ended unpaid
 * (`effectiveStatus`), read from the stored dates, never from a screen.
 */
export const SUBSCRIPTION_STATUSES = ['PENDING_PAYMENT', 'ACTIVE', 'CANCELLED', 'EXPIRED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const STORED_SUBSCRIPTION_STATUSES = ['PENDING_PAYMENT', 'ACTIVE', 'CANCELLED'] as const;
export type StoredSubscriptionStatus = (typeof STORED_SUBSCRIPTION_STATUSES)[number];

/** `POST /api/cancelSubscription/{id}`'s action. */
export const CANCEL_ACTIONS = ['AT_PERIOD_END', 'IMMEDIATELY', 'RESUME'] as const;
export type CancelAction = (typeof CANCEL_ACTIONS)[number];

/** What an invoice is for. */
export const INVOICE_KINDS = ['NEW', 'CHANGE', 'RENEWAL'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** An invoice is issued PENDING and becomes PAID or REJECTED when a site user decides on its payment. */
export const INVOICE_STATUSES = ['PENDING', 'PAID', 'REJECTED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** A site user's decision on a payment or an invoice. */
export const PAYMENT_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type PaymentDecision = (typeof PAYMENT_DECISIONS)[number];

/**
 * How a payment is made. The built-in provider is offline payment (a bank
 * transfer or a cheque, with its reference), approved by a site user; a card
 * gateway would be another provider behind the API's payment-provider interface.
 */
export const PAYMENT_TYPES = ['BANK_TRANSFER', 'CHEQUE'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const COUPON_KINDS = ['PERCENT', 'FIXED'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** A coupon's place on one plan of an account (spec §4: none → applied → removed). */
export const DISCOUNT_STATES = ['NONE', 'APPLIED', 'REMOVED'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];
/** The accounts that have discounts: `/manage/{accountType}/discounts`. */
export const DISCOUNT_ACCOUNT_TYPES = ['partner', 'tenant'] as const;
export type DiscountAccountType = (typeof DISCOUNT_ACCOUNT_TYPES)[number];

/** GST on the console's services (SAC 998319), in basis points: 18 %, split 9 % + 9 % within a state. */
export const GST_RATE_BP = 1800;
export const SAC_CODE = '998319';
/** The series an invoice number starts with; a number is at most 16 characters (GST rule 46). */
export const INVOICE_SERIES = 'VY';
export const COUPON_PERCENT_MAX_BP = 10_000;
export const PRICE_MAX_PAISE = 100_000_000_00; // ₹10 crore
export const ADDON_QUANTITY_MAX = 10_000;
/** A renewal is offered from this many days before a period ends. */
export const RENEWAL_WINDOW_DAYS = 30;

// ── Money ──────────────────────────────────────────────────────────────────

// Made on first use: a number format's first construction loads the locale's
// data, tens of milliseconds on a phone, which a console screen without money
// should not pay while it starts.
let rupees: Intl.NumberFormat | undefined;
let grouped: Intl.NumberFormat | undefined;

/** Paise as rupees in the Indian grouping with the rupee symbol: 1234567800 → "₹1,23,45,678.00". */
export function formatInr(paise: number): string {
  rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  return rupees.format(paise / 100);
}
/** Paise as rupees in the Indian grouping without the symbol (for documents set in a font without ₹). */
export function formatRupees(paise: number): string {
  grouped ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return grouped.format(paise / 100);
}

/** `amount × bp / 10000`, rounded half up to the paisa (non-negative amounts). */
export function ofBasisPoints(amount: number, bp: number): number {
  return Math.floor((amount * bp + 5000) / 10000);
}

export interface GstSplit {
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/**
 * GST on a taxable amount: CGST 9 % + SGST 9 % when seller and buyer are in
 * the same state, IGST 18 % otherwise (domain: Money). Each half is rounded on
 * its own, as it is shown on the invoice.
 */
export function gstSplit(taxable: number, sellerStateCode: string, buyerStateCode: string): GstSplit {
  if (sellerStateCode === buyerStateCode) {
    const half = ofBasisPoints(taxable, GST_RATE_BP / 2);
    return { cgst: half, sgst: half, igst: 0, total: half * 2 };
  }
  const igst = ofBasisPoints(taxable, GST_RATE_BP);
  return { cgst: 0, sgst: 0, igst, total: igst };
}

// ── Dates ──────────────────────────────────────────────────────────────────

const DAY_MS = 24 * 60 * 60 * 1000;

/** India's financial year of an instant, April to March: 2026-11-27 → "2026-27". */
export function financialYearOf(at: Date): string {
  const [year, month] = istDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The invoice number of the `sequence`-th invoice of a financial year: "VY/2026-27/00042" (16 characters). */
export function invoiceNumber(financialYear: string, sequence: number): string {
  return `${INVOICE_SERIES}/${financialYear}/${String(sequence).padStart(5, '0')}`;
}

/** A YYYY-MM-DD date `months` calendar months later, the day kept or, in a shorter month, its last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const d = Math.min(day, lastDay);
  return `${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Whole days from one YYYY-MM-DD date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * What a subscription is today, from its stored status and dates: an active
 * one whose period has ended is EXPIRED, or CANCELLED when it was cancelled at
 * its period's end (it stays ACTIVE until then).
 */
export function effectiveStatus(
  stored: StoredSubscriptionStatus,
  periodEnd: string | null,
  today: string,
  cancelAtPeriodEnd = false,
): SubscriptionStatus {
  if (stored === 'ACTIVE' && periodEnd !== null && periodEnd <= today) {
    return cancelAtPeriodEnd ? 'CANCELLED' : 'EXPIRED';
  }
  return stored;
}

/**
 * Whether a subscription may be renewed on `today` (its status as
 * `effectiveStatus` reads it): an active one from `RENEWAL_WINDOW_DAYS` before
 * its end unless it is cancelled at the end, and one that expired or was
 * cancelled; never one awaiting its first payment. (An invoice awaiting
 * payment blocks it too; that is the caller's to know.)
 */
export function isRenewable(
  subscription: { status: SubscriptionStatus; periodEnd: string | null; cancelAtPeriodEnd: boolean },
  today: string,
): boolean {
  if (subscription.status === 'EXPIRED' || subscription.status === 'CANCELLED') return true;
  if (subscription.status !== 'ACTIVE' || subscription.cancelAtPeriodEnd || subscription.periodEnd === null) {
    return false;
  }
  return daysBetween(today, subscription.periodEnd) <= RENEWAL_WINDOW_DAYS;
}

// ── Prices ─────────────────────────────────────────────────────────────────

export interface CouponTerms {
  kind: CouponKind;
  /** Basis points of the price (PERCENT) or paise (FIXED). */
  value: number;
}

/** What a coupon takes off an amount: a share of it, or a fixed sum never above it. */
export function couponDiscount(coupon: CouponTerms, amount: number): number {
  if (amount <= 0) return 0;
  return coupon.kind === 'PERCENT' ? ofBasisPoints(amount, coupon.value) : Math.min(coupon.value, amount);
}

/** One priced thing an order buys for a period: the plan, or an add-on with its quantity. */
export interface PricedItem {
  kind: 'plan' | 'addon';
  /** The plan's code or the add-on's id. */
  ref: string;
  description: string;
  quantity: number;
  /** Per unit for the whole period. */
  unitPrice: number;
}

/** A subscription's plan and add-ons as bought: what a period of it costs. */
export interface Holding {
  planCode: string;
  planName: string;
  periodMonths: number;
  planPrice: number;
  addons: { addOnId: number; addOnName: string; quantity: number; monthlyPrice: number }[];
}

/** The price of a holding for one whole period, item by item. */
export function itemsOf(holding: Holding): PricedItem[] {
  const items: PricedItem[] = [
    {
      kind: 'plan',
      ref: holding.planCode,
      description: `${holding.planName} plan`,
      quantity: 1,
      unitPrice: holding.planPrice,
    },
  ];
  for (const addon of holding.addons) {
    if (addon.quantity <= 0) continue;
    items.push({
      kind: 'addon',
      ref: String(addon.addOnId),
      description: `${addon.addOnName} add-on`,
      quantity: addon.quantity,
      unitPrice: addon.monthlyPrice * holding.periodMonths,
    });
  }
  return items;
}

export interface InvoiceLineDraft {
  description: string;
  quantity: number;
  unitPrice: number;
  /** Negative for a discount or a credit. */
  amount: number;
}

export interface OrderPrice {
  lines: InvoiceLineDraft[];
  /** What is charged before discount and credit. */
  charge: number;
  discount: number;
  /** The unused part of the current period, taken off this order. */
  credit: number;
  /** Credit left over when it is larger than the charge, kept for the next invoice. */
  creditCarried: number;
  taxable: number;
  gst: GstSplit;
  total: number;
}

/**
 * Prices an order: the items for the share of a period they run (`share` is
 * remaining days / days of the period; 1 for a whole period), the coupon
 * taken off their sum, then the credit of the current period's unused part,
 * then GST on what is left. A credit larger than the charge leaves a taxable
 * amount of 0 and is carried.
 */
export function priceOrder(input: {
  items: PricedItem[];
  share: { days: number; ofDays: number };
  coupon: (CouponTerms & { code: string }) | null;
  credit: { description: string; amount: number } | null;
  sellerStateCode: string;
  buyerStateCode: string;
}): OrderPrice {
  const { days, ofDays } = input.share;
  const part = (whole: number) => (days >= ofDays ? whole : Math.round((whole * days) / ofDays));
  const lines: InvoiceLineDraft[] = [];
  let charge = 0;
  for (const item of input.items) {
    const unitPrice = part(item.unitPrice);
    const amount = unitPrice * item.quantity;
    charge += amount;
    const forPart = days >= ofDays ? '' : ` (${days} of ${ofDays} days)`;
    lines.push({ description: `${item.description}${forPart}`, quantity: item.quantity, unitPrice, amount });
  }
  const discount = input.coupon ? couponDiscount(input.coupon, charge) : 0;
  if (discount > 0 && input.coupon) {
    lines.push({
      description: `Coupon ${input.coupon.code}`,
      quantity: 1,
      unitPrice: -discount,
      amount: -discount,
    });
  }
  const afterDiscount = charge - discount;
  const creditAvailable = Math.max(0, input.credit?.amount ?? 0);
  const credit = Math.min(creditAvailable, afterDiscount);
  if (credit > 0 && input.credit) {
    lines.push({ description: input.credit.description, quantity: 1, unitPrice: -credit, amount: -credit });
  }
  const taxable = afterDiscount - credit;
  const gst = gstSplit(taxable, input.sellerStateCode, input.buyerStateCode);
  return {
    lines,
    charge,
    discount,
    credit,
    creditCarried: creditAvailable - credit,
    taxable,
    gst,
    total: taxable + gst.total,
  };
}

/**
 * The unused part of what was paid for a stretch of time (before GST), on
 * `today`: the amount times the days left over the days paid for.
 */
export function unusedShare(
  paid: number,
  period: { start: string; end: string },
  today: string,
): { amount: number; days: number; ofDays: number } {
  const ofDays = daysBetween(period.start, period.end);
  const days = Math.max(0, Math.min(ofDays, daysBetween(today, period.end)));
  if (ofDays <= 0 || days === 0 || paid <= 0) return { amount: 0, days, ofDays };
  return { amount: Math.round((paid * days) / ofDays), days, ofDays };
}

// ── The plan change wizard (spec §4) ───────────────────────────────────────

export const WIZARD_STEPS = ['select_plan', 'buy_addons', 'order_summary'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What the wizard knows of a plan's add-ons. */
export interface WizardPlan {
  code: string;
  addons: { addOnId: number; minimumAddons: number; suggestedAddons: number | null }[];
}

export interface WizardState {
  step: WizardStep;
  /** The steps walked to get here, for going back. */
  trail: WizardStep[];
  currentPlanCode: string | null;
  selectedPlanCode: string | null;
  /** The add-ons held today, by add-on id. */
  currentAddons: Record<number, number>;
  /** The add-ons the order will hold, by add-on id. */
  addons: Record<number, number>;
}

export type WizardEvent =
  | { type: 'selectPlan'; planCode: string }
  | { type: 'setAddon'; addOnId: number; quantity: number }
  | { type: 'next' }
  | { type: 'back' };

export function startWizard(
  currentPlanCode: string | null,
  currentAddons: Record<number, number>,
): WizardState {
  return {
    step: 'select_plan',
    trail: [],
    currentPlanCode,
    selectedPlanCode: currentPlanCode,
    currentAddons: { ...currentAddons },
    addons: { ...currentAddons },
  };
}

/** Whether the order buys add-ons beyond those held today. */
export function isBuyingAddons(state: WizardState): boolean {
  return Object.entries(state.addons).some(
    ([id, quantity]) => quantity > (state.currentAddons[Number(id)] ?? 0),
  );
}

export interface AddonShortfall {
  addOnId: number;
  reason: 'belowMinimum' | 'belowSuggested';
  needed: number;
}

/**
 * The add-ons of a plan held below their minimum, or below their suggested
 * number when one is set (spec §4): checkout is blocked while any is. The
 * wizard and the API's checkout both ask this.
 */
export function addonShortfalls(plan: WizardPlan, quantities: Record<number, number>): AddonShortfall[] {
  const shortfalls: AddonShortfall[] = [];
  for (const addon of plan.addons) {
    const quantity = quantities[addon.addOnId] ?? 0;
    if (quantity < addon.minimumAddons) {
      shortfalls.push({ addOnId: addon.addOnId, reason: 'belowMinimum', needed: addon.minimumAddons });
    } else if (
      addon.suggestedAddons !== null &&
      addon.suggestedAddons > 0 &&
      quantity < addon.suggestedAddons
    ) {
      shortfalls.push({ addOnId: addon.addOnId, reason: 'belowSuggested', needed: addon.suggestedAddons });
    }
  }
  return shortfalls;
}

/** Why checkout is blocked for the selected plan, add-on by add-on (empty when it is allowed). */
export function checkoutBlocks(state: WizardState, plans: readonly WizardPlan[]): AddonShortfall[] {
  const plan = plans.find((p) => p.code === state.selectedPlanCode);
  return plan ? addonShortfalls(plan, state.addons) : [];
}

/** Checkout is allowed when a plan is chosen and no add-on is below its minimum or its suggested amount. */
export function isCheckoutAllowed(state: WizardState, plans: readonly WizardPlan[]): boolean {
  return (
    state.selectedPlanCode !== null &&
    plans.some((p) => p.code === state.selectedPlanCode) &&
    checkoutBlocks(state, plans).length === 0
  );
}

/**
 * Whether the wizard offers a next step: never on the order summary, nor
 * while the selected plan is the current plan and no add-ons are being bought.
 */
export function isNextVisible(state: WizardState): boolean {
  if (state.step === 'order_summary' || state.selectedPlanCode === null) return false;
  return !(state.selectedPlanCode === state.currentPlanCode && !isBuyingAddons(state));
}

/** Whether the wizard offers going back (not on its first step). */
export const isBackVisible = (state: WizardState): boolean => state.trail.length > 0;

/**
 * The wizard's one transition function. From select_plan, next goes to the
 * order summary when checkout is allowed (an upgrade needing nothing more) and
 * to buy_addons when add-ons must be bought; buy_addons goes to the summary
 * once checkout is allowed; back returns along the steps walked.
 */
export function wizardTransition(
  state: WizardState,
  event: WizardEvent,
  plans: readonly WizardPlan[],
): WizardState {
  switch (event.type) {
    case 'selectPlan': {
      if (state.step !== 'select_plan' || !plans.some((p) => p.code === event.planCode)) return state;
      return { ...state, selectedPlanCode: event.planCode };
    }
    case 'setAddon': {
      if (state.step === 'order_summary') return state;
      const quantity = Math.max(0, Math.min(ADDON_QUANTITY_MAX, Math.trunc(event.quantity) || 0));
      return { ...state, addons: { ...state.addons, [event.addOnId]: quantity } };
    }
    case 'next': {
      if (!isNextVisible(state)) return state;
      const allowed = isCheckoutAllowed(state, plans);
      if (state.step === 'select_plan') {
        const to: WizardStep = allowed ? 'order_summary' : 'buy_addons';
        return { ...state, step: to, trail: [...state.trail, state.step] };
      }
      if (!allowed) return state;
      return { ...state, step: 'order_summary', trail: [...state.trail, state.step] };
    }
    case 'back': {
      const previous = state.trail.at(-1);
      if (!previous) return state;
      return { ...state, step: previous, trail: state.trail.slice(0, -1) };
    }
  }
}

// ── Schemas ────────────────────────────────────────────────────────────────

const moneyField = (label: string) =>
  fromDigits(
    z
      .number({ message: FIELD_MESSAGES.number })
      .int('Enter whole paise')
      .min(0, `${label} cannot be negative`)
      .max(PRICE_MAX_PAISE, `${label} is too large`),
  );
const quantityField = fromDigits(
  z.number({ message: FIELD_MESSAGES.number }).int('Enter a whole number').min(0).max(ADDON_QUANTITY_MAX),
);
export const planCodeField = z
  .string({ message: 'Enter a plan code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,29}$/, 'Use 2 to 30 letters, digits, - or _');
export const couponCodeField = z
  .string({ message: 'Enter a coupon code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{2,29}$/, 'Use 3 to 30 letters, digits, - or _');

export const addonUnitSchema = z.enum(ADDON_UNITS, { message: 'Choose a unit from the list' });
export const billingPeriodSchema = z.enum(BILLING_PERIODS, { message: 'Choose a period from the list' });

/** An add-on as sold: its unit and its price per unit per month. */
export const addonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: addonUnitSchema,
  monthlyPrice: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
});
export type Addon = z.infer<typeof addonSchema>;
export const addonBodySchema = z
  .object({
    name: requiredText(60),
    unit: addonUnitSchema,
    monthlyPrice: moneyField('The price'),
    active: z.boolean().default(true),
  })
  .strict();
export const addonUpdateBodySchema = addonBodySchema
  .omit({ unit: true })
  .extend({ version: versionField })
  .strict();

/** One add-on of a plan (spec: addOnId, addOnName, addOnUnit, quantity, minimumAddons, suggestedAddons). */
export const planAddonSchema = z.object({
  addOnId: z.number().int(),
  addOnName: z.string(),
  addOnUnit: addonUnitSchema,
  /** How many units the plan includes at no extra charge. */
  quantity: z.number().int(),
  minimumAddons: z.number().int(),
  suggestedAddons: z.number().int().nullable(),
  /** Per unit per month, beyond what the plan includes. */
  monthlyPrice: z.number().int(),
});
export type PlanAddon = z.infer<typeof planAddonSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  period: billingPeriodSchema,
  /** Per period. */
  price: z.number().int(),
  active: z.boolean(),
  addons: z.array(planAddonSchema),
  version: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

const planAddonBodySchema = z
  .object({
    addOnId: fromDigits(z.number({ message: FIELD_MESSAGES.number }).int().min(1)),
    quantity: quantityField,
    minimumAddons: quantityField,
    suggestedAddons: z.preprocess((v) => (v === '' || v === undefined ? null : v), quantityField.nullable()),
  })
  .strict();

const planBodyShape = {
  name: requiredText(60),
  description: optionalText(300),
  period: billingPeriodSchema,
  price: moneyField('The price'),
  active: z.boolean().default(true),
  addons: z
    .array(planAddonBodySchema)
    .max(ADDON_UNITS.length)
    .refine((list) => new Set(list.map((a) => a.addOnId)).size === list.length, 'Each add-on once'),
};
export const planCreateBodySchema = z
  .object({ code: planCodeField, ...planBodyShape })
  .strict()
  .superRefine((plan, ctx) => checkSuggested(plan.addons, ctx));
export const planUpdateBodySchema = z
  .object({ ...planBodyShape, version: versionField })
  .strict()
  .superRefine((plan, ctx) => checkSuggested(plan.addons, ctx));

function checkSuggested(addons: z.output<typeof planAddonBodySchema>[], ctx: z.RefinementCtx) {
  addons.forEach((addon, index) => {
    if (addon.suggestedAddons !== null && addon.suggestedAddons < addon.minimumAddons) {
      ctx.addIssue({
        code: 'custom',
        path: ['addons', index, 'suggestedAddons'],
        message: 'The suggested number cannot be below the minimum',
      });
    }
  });
}

/** An add-on the order holds, by id. */
export const orderAddonSchema = z
  .object({ addOnId: fromDigits(z.number().int().min(1)), quantity: quantityField })
  .strict();
const orderAddonsField = z
  .array(orderAddonSchema)
  .max(ADDON_UNITS.length)
  .refine((list) => new Set(list.map((a) => a.addOnId)).size === list.length, 'Each add-on once')
  .default([]);

const startDateField = z.preprocess((v) => (v === '' ? undefined : v), dateField.optional());

/** `POST /api/subscription`: make an industry's first subscription (startDate optional, today by default). */
export const makeSubscriptionBodySchema = z
  .object({
    tenantId: fromDigits(z.number().int().min(1)),
    planCode: planCodeField,
    addons: orderAddonsField,
    startDate: startDateField,
  })
  .strict();
/** `POST /api/changeSubscription`: the plan and add-ons the industry will hold. */
export const changeSubscriptionBodySchema = makeSubscriptionBodySchema.omit({ startDate: true }).strict();
/** `POST /api/subscription/quote`: what an order would cost (a first subscription or a change), nothing written. */
export const quoteBodySchema = makeSubscriptionBodySchema;

export const cancelBodySchema = z
  .object({
    action: z.enum(CANCEL_ACTIONS, { message: 'Choose an action from the list' }),
    version: versionField,
  })
  .strict();

/** The usage of one limited unit: what the plan includes, what was bought and granted, and what is used. */
export const unitUsageSchema = z.object({
  addOnUnit: z.enum(LIMITED_UNITS),
  included: z.number().int(),
  purchased: z.number().int(),
  granted: z.number().int(),
  limit: z.number().int(),
  used: z.number().int(),
});
export type UnitUsage = z.infer<typeof unitUsageSchema>;

/** `GET /api/payment/addon/{kind}/check-charge`: whether one more would be past the limit. */
export const addonCheckSchema = unitUsageSchema.extend({
  paymentMode: z.boolean(),
  /** True when one more is past the limit and payment mode is on: the add is refused. */
  chargeable: z.boolean(),
});
export type AddonCheck = z.infer<typeof addonCheckSchema>;

export const subscriptionAddonSchema = z.object({
  addOnId: z.number().int(),
  addOnName: z.string(),
  addOnUnit: addonUnitSchema,
  quantity: z.number().int(),
  monthlyPrice: z.number().int(),
});

export const currentSubscriptionSchema = z.object({
  id: z.number().int(),
  planCode: z.string(),
  planName: z.string(),
  period: billingPeriodSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  startedOn: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The day the next period starts and its invoice is due (null when cancelled or ending). */
  renewsOn: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  cancelledAt: z.string().nullable(),
  /** Credit kept from a plan change for the next invoice. */
  credit: z.number().int(),
  addons: z.array(subscriptionAddonSchema),
  version: z.number().int(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

export const invoiceRefSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  total: z.number().int(),
  planCode: z.string(),
});

/** `GET /api/subscription/{tenantId}`: an industry's subscription, its limits and the site's settings. */
export const subscriptionViewSchema = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  partnerId: z.number().int().nullable(),
  /** Off: limits are not enforced (the site's decision). */
  paymentMode: z.boolean(),
  granted: z.object({ users: z.number().int(), parameters: z.number().int(), cameras: z.number().int() }),
  subscription: currentSubscriptionSchema.nullable(),
  /** The invoice awaiting payment or approval, when there is one. */
  pendingInvoice: invoiceRefSchema.nullable(),
  usage: z.array(unitUsageSchema),
  version: z.number().int(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** `PUT /api/subscription/{tenantId}`: the site's settings of an industry (payment mode, units granted free). */
export const subscriptionSettingsBodySchema = z
  .object({
    paymentMode: z.boolean(),
    grantedUsers: quantityField,
    grantedParameters: quantityField,
    grantedCameras: quantityField,
    version: versionField,
  })
  .strict();

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
});

/** What an order costs (the order summary), before or after it is placed. */
export const quoteSchema = z.object({
  tenantId: z.number().int(),
  planCode: z.string(),
  planName: z.string(),
  kind: z.enum(INVOICE_KINDS),
  periodStart: z.string(),
  periodEnd: z.string(),
  lines: z.array(invoiceLineSchema),
  charge: z.number().int(),
  discount: z.number().int(),
  credit: z.number().int(),
  creditCarried: z.number().int(),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  total: z.number().int(),
  couponCode: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

const partySchema = z.object({
  name: z.string(),
  gstin: z.string().nullable(),
  stateCode: z.string(),
  stateName: z.string(),
  address: z.string().nullable(),
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  financialYear: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  tenantId: z.number().int(),
  tenantName: z.string(),
  partnerId: z.number().int().nullable(),
  planCode: z.string(),
  planName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedAt: z.string(),
  decidedAt: z.string().nullable(),
  charge: z.number().int(),
  discount: z.number().int(),
  credit: z.number().int(),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  total: z.number().int(),
  couponCode: z.string().nullable(),
  /** The latest payment's status, when one was recorded. */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  version: z.number().int(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceDetailSchema = invoiceSchema.extend({
  seller: partySchema,
  buyer: partySchema,
  lines: z.array(invoiceLineSchema),
  payments: z.array(
    z.object({
      id: z.number().int(),
      method: z.enum(PAYMENT_TYPES),
      reference: z.string(),
      amount: z.number().int(),
      paidOn: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      remark: z.string().nullable(),
      decidedAt: z.string().nullable(),
    }),
  ),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** What placing an order answers: the invoice, and the subscription as it is now. */
export const orderResultSchema = z.object({
  message: z.string(),
  invoice: invoiceSchema,
  subscription: currentSubscriptionSchema,
});

export const invoiceListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1).max(100_000)).default(1),
  status: z.enum(INVOICE_STATUSES).optional(),
  tenantId: fromDigits(z.number().int().min(1)).optional(),
});
export const INVOICES_PAGE_SIZE = 20;

export const invoiceDecisionBodySchema = z
  .object({
    status: z.enum(PAYMENT_DECISIONS, { message: 'Choose approve or reject' }),
    remark: optionalText(300),
    version: versionField,
  })
  .strict();

export const paymentSchema = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  partnerId: z.number().int().nullable(),
  provider: z.string(),
  method: z.enum(PAYMENT_TYPES),
  reference: z.string(),
  amount: z.number().int(),
  paidOn: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  remark: z.string().nullable(),
  recordedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** `POST /api/payments`: an offline payment of an invoice (bank transfer or cheque, with its reference). */
export const paymentBodySchema = z
  .object({
    invoiceId: fromDigits(z.number().int().min(1)),
    method: z.enum(PAYMENT_TYPES, { message: 'Choose how it was paid' }),
    reference: z
      .string({ message: 'Enter the transfer reference or cheque number' })
      .trim()
      .min(4, 'Enter the transfer reference or cheque number')
      .max(40)
      .regex(/^[A-Za-z0-9/ -]+$/, 'Use letters, digits, spaces, / and -'),
    paidOn: dateField,
  })
  .strict();

export const paymentListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1).max(100_000)).default(1),
  status: z.enum(PAYMENT_STATUSES).optional(),
  tenantId: fromDigits(z.number().int().min(1)).optional(),
});

/** `POST /api/payment/updatePaymentStatus` (spec: tenantId, paymentStatus), for the payment named. */
export const paymentStatusBodySchema = z
  .object({
    tenantId: fromDigits(z.number().int().min(1)),
    paymentId: fromDigits(z.number().int().min(1)),
    paymentStatus: z.enum(PAYMENT_DECISIONS, { message: 'Choose approve or reject' }),
    remark: optionalText(300),
  })
  .strict();

/** `GET /api/paymentStatus`: an industry's payment subscription (spec: plan name, coupon, paymentStatus). */
export const paymentStatusSchema = z.object({
  tenantId: z.number().int(),
  plan: z.string().nullable(),
  coupon: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
});

export const paymentTypeSchema = z.object({ id: z.enum(PAYMENT_TYPES), provider: z.string() });

export const couponSchema = z.object({
  couponId: z.number().int(),
  couponCode: z.string(),
  couponName: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Basis points (PERCENT) or paise (FIXED). */
  value: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  /** The partner whose coupon it is; null for the platform's. */
  partnerId: z.number().int().nullable(),
  active: z.boolean(),
  version: z.number().int(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** `POST /api/coupon`: a new coupon (the platform's, or a partner's own for its industries). */
export const couponBodySchema = z
  .object({
    couponCode: couponCodeField,
    couponName: requiredText(80),
    kind: z.enum(COUPON_KINDS, { message: 'Choose percent or fixed' }),
    value: fromDigits(z.number({ message: FIELD_MESSAGES.number }).int().min(1, 'Enter a value above 0')),
    validFrom: dateField,
    validUntil: z.preprocess((v) => (v === '' ? null : v), dateField.nullable().default(null)),
    maxRedemptions: z.preprocess(
      (v) => (v === '' ? null : v),
      fromDigits(z.number().int().min(1).max(1_000_000)).nullable().default(null),
    ),
    partnerId: z.preprocess(
      (v) => (v === '' ? null : v),
      fromDigits(z.number().int().min(1)).nullable().default(null),
    ),
  })
  .strict()
  .superRefine((coupon, ctx) => {
    if (coupon.kind === 'PERCENT' && coupon.value > COUPON_PERCENT_MAX_BP) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100 % (10000)' });
    }
    if (coupon.kind === 'FIXED' && coupon.value > PRICE_MAX_PAISE) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'The amount is too large' });
    }
    if (coupon.validUntil !== null && coupon.validUntil < coupon.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The end is before the start' });
    }
  });

/** One plan's discount of an account (spec: planId, discount (couponId)), with its state. */
export const discountSchema = z.object({
  planId: z.number().int(),
  planCode: z.string(),
  planName: z.string(),
  state: z.enum(DISCOUNT_STATES),
  discount: z
    .object({ couponId: z.number().int(), couponCode: z.string(), couponName: z.string() })
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type Discount = z.infer<typeof discountSchema>;
export const discountListSchema = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  accountType: z.enum(DISCOUNT_ACCOUNT_TYPES),
  discounts: z.array(discountSchema),
});

/** The partner or industry a coupon is for; the caller's own account when left out (an industry redeeming a code). */
const discountAccountField = fromDigits(z.number().int().min(1)).optional();
export const applyCouponBodySchema = z
  .object({ accountId: discountAccountField, planCode: planCodeField, couponCode: couponCodeField })
  .strict();
export const removeCouponBodySchema = z
  .object({ accountId: discountAccountField, planCode: planCodeField })
  .strict();
export const rebuildDiscountsBodySchema = z.object({ planCode: planCodeField }).strict();
export const rebuildResultSchema = z.object({ message: z.string(), industries: z.number().int() });
