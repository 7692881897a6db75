import { describe, expect, it } from 'vitest';
import {
  addMonths,
  checkoutBlocks,
  couponBodySchema,
  couponDiscount,
  daysBetween,
  effectiveStatus,
  financialYearOf,
  formatInr,
  formatRupees,
  gstSplit,
  invoiceNumber,
  isRenewable,
  isBackVisible,
  isCheckoutAllowed,
  isNextVisible,
  itemsOf,
  planCreateBodySchema,
  priceOrder,
  startWizard,
  unusedShare,
  wizardTransition,
  type Holding,
  type WizardEvent,
  type WizardPlan,
  type WizardState,
} from './billing.js';

describe('money', () => {
  it('writes paise as rupees in the Indian grouping', () => {
    expect(formatInr(1_234_567_800)).toBe('₹1,23,45,678.00');
    expect(formatInr(99)).toBe('₹0.99');
    expect(formatRupees(250_000_00)).toBe('2,50,000.00');
  });

  it('splits GST 9 % + 9 % within a state and 18 % IGST across states, rounded to the paisa', () => {
    expect(gstSplit(1_000_00, 'MH', 'MH')).toEqual({ cgst: 90_00, sgst: 90_00, igst: 0, total: 180_00 });
    expect(gstSplit(1_000_00, 'MH', 'GJ')).toEqual({ cgst: 0, sgst: 0, igst: 180_00, total: 180_00 });
    // 9 % of 333 paise is 29.97: each half rounds on its own, as printed.
    expect(gstSplit(333, 'MH', 'MH')).toEqual({ cgst: 30, sgst: 30, igst: 0, total: 60 });
    expect(gstSplit(333, 'MH', 'KA')).toEqual({ cgst: 0, sgst: 0, igst: 60, total: 60 });
    expect(gstSplit(0, 'MH', 'MH').total).toBe(0);
  });

  it('takes a percentage or a fixed sum off, never more than the amount', () => {
    expect(couponDiscount({ kind: 'PERCENT', value: 1000 }, 50_000_00)).toBe(5_000_00);
    expect(couponDiscount({ kind: 'PERCENT', value: 1250 }, 999)).toBe(125);
    expect(couponDiscount({ kind: 'FIXED', value: 2_000_00 }, 50_000_00)).toBe(2_000_00);
    expect(couponDiscount({ kind: 'FIXED', value: 2_000_00 }, 1_500_00)).toBe(1_500_00);
    expect(couponDiscount({ kind: 'FIXED', value: 2_000_00 }, 0)).toBe(0);
  });
});

describe('dates and numbers', () => {
  it('names the financial year, April to March, by India’s date', () => {
    expect(financialYearOf(new Date('2026-11-27T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:00:00Z'))).toBe('2026-27');
    // 31 March 19:00 UTC is already 1 April in India.
    expect(financialYearOf(new Date('2027-03-31T19:00:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers invoices in a series of at most 16 characters', () => {
    expect(invoiceNumber('2026-27', 42)).toBe('VY/2026-27/00042');
    expect(invoiceNumber('2026-27', 99_999)).toHaveLength(16);
  });

  it('adds calendar months, keeping the day or the month’s last', () => {
    expect(addMonths('2026-11-27', 1)).toBe('2026-12-27');
    expect(addMonths('2026-11-27', 3)).toBe('2027-02-27');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-04-01', 12)).toBe('2027-04-01');
    expect(daysBetween('2026-11-01', '2026-12-01')).toBe(30);
  });

  it('offers a renewal from 30 days before the end, and after expiry or cancellation', () => {
    const active = { status: 'ACTIVE' as const, periodEnd: '2026-12-27', cancelAtPeriodEnd: false };
    expect(isRenewable(active, '2026-11-26')).toBe(false);
    expect(isRenewable(active, '2026-11-27')).toBe(true);
    expect(isRenewable({ ...active, cancelAtPeriodEnd: true }, '2026-12-20')).toBe(false);
    expect(isRenewable({ ...active, status: 'EXPIRED' }, '2027-02-01')).toBe(true);
    expect(isRenewable({ ...active, status: 'CANCELLED' }, '2027-02-01')).toBe(true);
    expect(
      isRenewable({ status: 'PENDING_PAYMENT', periodEnd: null, cancelAtPeriodEnd: false }, '2026-11-27'),
    ).toBe(false);
  });

  it('reads an active subscription past its period as expired', () => {
    expect(effectiveStatus('ACTIVE', '2026-12-01', '2026-11-30')).toBe('ACTIVE');
    expect(effectiveStatus('ACTIVE', '2026-12-01', '2026-12-01')).toBe('EXPIRED');
    expect(effectiveStatus('CANCELLED', '2026-12-01', '2027-01-01')).toBe('CANCELLED');
    expect(effectiveStatus('PENDING_PAYMENT', null, '2027-01-01')).toBe('PENDING_PAYMENT');
    // Cancelled at the period's end: active until then, cancelled after.
    expect(effectiveStatus('ACTIVE', '2026-12-01', '2026-11-30', true)).toBe('ACTIVE');
    expect(effectiveStatus('ACTIVE', '2026-12-01', '2026-12-01', true)).toBe('CANCELLED');
  });
});

const basic: Holding = {
  planCode: 'OCEMS-BASIC',
  planName: 'OCEMS Basic',
  periodMonths: 12,
  planPrice: 60_000_00,
  addons: [{ addOnId: 1, addOnName: 'Parameter', quantity: 2, monthlyPrice: 250_00 }],
};
const pro: Holding = {
  planCode: 'OCEMS-PRO',
  planName: 'OCEMS Pro',
  periodMonths: 12,
  planPrice: 1_20_000_00,
  addons: [],
};

describe('pricing an order', () => {
  it('prices a whole period: plan, add-ons for the period, coupon, then GST', () => {
    const price = priceOrder({
      items: itemsOf(basic),
      share: { days: 365, ofDays: 365 },
      coupon: { code: 'PARTNER10', kind: 'PERCENT', value: 1000 },
      credit: null,
      sellerStateCode: 'MH',
      buyerStateCode: 'GJ',
    });
    // Add-ons: 2 × ₹250 a month × 12 months = ₹6,000.
    expect(price.charge).toBe(66_000_00);
    expect(price.discount).toBe(6_600_00);
    expect(price.taxable).toBe(59_400_00);
    expect(price.gst).toEqual({ cgst: 0, sgst: 0, igst: 10_692_00, total: 10_692_00 });
    expect(price.total).toBe(70_092_00);
    expect(price.lines.map((l) => l.amount)).toEqual([60_000_00, 6_000_00, -6_600_00]);
    expect(price.lines.reduce((s, l) => s + l.amount, 0)).toBe(price.taxable);
  });

  it('prorates a change in the middle of a period: the new plan for the days left, less the unused days of the old', () => {
    const period = { start: '2026-04-01', end: '2027-04-01' };
    // What was paid for the period, before GST: plan and add-ons.
    const paid = itemsOf(basic).reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
    const credit = unusedShare(paid, period, '2026-10-01');
    // 182 of 365 days are left: ₹66,000 × 182 / 365.
    expect(credit).toEqual({ amount: Math.round((66_000_00 * 182) / 365), days: 182, ofDays: 365 });
    const price = priceOrder({
      items: itemsOf(pro),
      share: { days: credit.days, ofDays: credit.ofDays },
      coupon: null,
      credit: { description: 'Unused OCEMS Basic', amount: credit.amount },
      sellerStateCode: 'MH',
      buyerStateCode: 'MH',
    });
    expect(price.charge).toBe(Math.round((1_20_000_00 * 182) / 365));
    expect(price.credit).toBe(credit.amount);
    expect(price.taxable).toBe(price.charge - credit.amount);
    expect(price.gst.cgst).toBe(price.gst.sgst);
    expect(price.total).toBe(price.taxable + price.gst.total);
    expect(price.lines[0]!.description).toBe('OCEMS Pro plan (182 of 365 days)');
  });

  it('carries a credit larger than the charge and charges nothing', () => {
    const price = priceOrder({
      items: itemsOf({ ...basic, planPrice: 10_000_00, addons: [] }),
      share: { days: 100, ofDays: 365 },
      coupon: null,
      credit: { description: 'Unused', amount: 50_000_00 },
      sellerStateCode: 'MH',
      buyerStateCode: 'MH',
    });
    expect(price.charge).toBe(Math.round((10_000_00 * 100) / 365));
    expect(price.taxable).toBe(0);
    expect(price.total).toBe(0);
    expect(price.creditCarried).toBe(50_000_00 - price.charge);
  });

  it('gives no credit after a period has ended', () => {
    expect(unusedShare(66_000_00, { start: '2025-04-01', end: '2026-04-01' }, '2026-11-27').amount).toBe(0);
    expect(unusedShare(0, { start: '2026-04-01', end: '2027-04-01' }, '2026-11-27').amount).toBe(0);
  });
});

describe('coupon and plan forms', () => {
  it('refuses a percentage above 100 and an end before the start', () => {
    const result = couponBodySchema.safeParse({
      couponCode: 'big',
      couponName: 'Too big',
      kind: 'PERCENT',
      value: 10_001,
      validFrom: '2026-12-01',
      validUntil: '2026-11-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['validUntil', 'value']);
  });

  it('refuses a suggested number below the minimum, on that add-on', () => {
    const result = planCreateBodySchema.safeParse({
      code: 'x1',
      name: 'X',
      period: 'YEARLY',
      price: 100,
      addons: [{ addOnId: 1, quantity: 5, minimumAddons: 3, suggestedAddons: 2 }],
    });
    expect(result.error?.issues[0]?.path).toEqual(['addons', 0, 'suggestedAddons']);
  });
});

describe('the plan change wizard', () => {
  const plans: WizardPlan[] = [
    { code: 'BASIC', addons: [{ addOnId: 1, minimumAddons: 0, suggestedAddons: null }] },
    { code: 'PRO', addons: [{ addOnId: 1, minimumAddons: 0, suggestedAddons: null }] },
    // Needs at least 2 parameter add-ons, and suggests 4.
    {
      code: 'MULTI',
      addons: [
        { addOnId: 1, minimumAddons: 2, suggestedAddons: 4 },
        { addOnId: 2, minimumAddons: 1, suggestedAddons: null },
      ],
    },
  ];
  const run = (state: WizardState, ...events: WizardEvent[]) =>
    events.reduce((s, e) => wizardTransition(s, e, plans), state);
  const start = () => startWizard('BASIC', {});

  it('starts on select_plan with the current plan chosen, no next step and no back', () => {
    const state = start();
    expect(state.step).toBe('select_plan');
    expect(isNextVisible(state)).toBe(false);
    expect(isBackVisible(state)).toBe(false);
    // Next does nothing while it is hidden.
    expect(run(state, { type: 'next' })).toEqual(state);
  });

  it('goes straight to the summary on an upgrade that checkout allows, and back again', () => {
    const chosen = run(start(), { type: 'selectPlan', planCode: 'PRO' });
    expect(isNextVisible(chosen)).toBe(true);
    const summary = run(chosen, { type: 'next' });
    expect(summary.step).toBe('order_summary');
    expect(isNextVisible(summary)).toBe(false);
    expect(isCheckoutAllowed(summary, plans)).toBe(true);
    const back = run(summary, { type: 'back' });
    expect(back.step).toBe('select_plan');
    expect(back.selectedPlanCode).toBe('PRO');
    expect(isBackVisible(back)).toBe(false);
  });

  it('routes through buy_addons when the plan needs add-ons, and back reverses both steps', () => {
    const addons = run(start(), { type: 'selectPlan', planCode: 'MULTI' }, { type: 'next' });
    expect(addons.step).toBe('buy_addons');
    expect(checkoutBlocks(addons, plans)).toEqual([
      { addOnId: 1, reason: 'belowMinimum', needed: 2 },
      { addOnId: 2, reason: 'belowMinimum', needed: 1 },
    ]);
    // Blocked: next stays on buy_addons.
    expect(run(addons, { type: 'next' }).step).toBe('buy_addons');

    // At the minimum but below the suggested amount: still blocked.
    const atMinimum = run(
      addons,
      { type: 'setAddon', addOnId: 1, quantity: 2 },
      { type: 'setAddon', addOnId: 2, quantity: 1 },
    );
    expect(checkoutBlocks(atMinimum, plans)).toEqual([{ addOnId: 1, reason: 'belowSuggested', needed: 4 }]);
    expect(isCheckoutAllowed(atMinimum, plans)).toBe(false);
    expect(run(atMinimum, { type: 'next' }).step).toBe('buy_addons');

    const ready = run(atMinimum, { type: 'setAddon', addOnId: 1, quantity: 4 });
    const summary = run(ready, { type: 'next' });
    expect(summary.step).toBe('order_summary');
    expect(summary.trail).toEqual(['select_plan', 'buy_addons']);
    expect(run(summary, { type: 'back' }).step).toBe('buy_addons');
    expect(run(summary, { type: 'back' }, { type: 'back' }).step).toBe('select_plan');
    // Going back keeps what was chosen.
    expect(run(summary, { type: 'back' }, { type: 'back' }).addons).toEqual({ 1: 4, 2: 1 });
  });

  it('shows next on the current plan only while add-ons are being bought', () => {
    const buying = run(start(), { type: 'setAddon', addOnId: 1, quantity: 3 });
    expect(isNextVisible(buying)).toBe(true);
    expect(run(buying, { type: 'next' }).step).toBe('order_summary');
    // Fewer than held is not buying.
    const held = startWizard('BASIC', { 1: 5 });
    expect(isNextVisible(run(held, { type: 'setAddon', addOnId: 1, quantity: 4 }))).toBe(false);
    expect(isNextVisible(run(held, { type: 'setAddon', addOnId: 1, quantity: 6 }))).toBe(true);
  });

  it('ignores a plan it does not know, changes on the summary and quantities out of range', () => {
    const state = start();
    expect(run(state, { type: 'selectPlan', planCode: 'NOPE' })).toEqual(state);
    const summary = run(state, { type: 'selectPlan', planCode: 'PRO' }, { type: 'next' });
    expect(run(summary, { type: 'setAddon', addOnId: 1, quantity: 9 })).toEqual(summary);
    expect(run(summary, { type: 'selectPlan', planCode: 'BASIC' })).toEqual(summary);
    expect(run(state, { type: 'setAddon', addOnId: 1, quantity: -3 }).addons[1]).toBe(0);
    expect(run(state, { type: 'setAddon', addOnId: 1, quantity: Number.NaN }).addons[1]).toBe(0);
  });

  it('offers next on select_plan for a first subscription once a plan is chosen', () => {
    const first = startWizard(null, {});
    expect(isNextVisible(first)).toBe(false);
    const chosen = run(first, { type: 'selectPlan', planCode: 'BASIC' });
    expect(isNextVisible(chosen)).toBe(true);
    expect(run(chosen, { type: 'next' }).step).toBe('order_summary');
  });
});
