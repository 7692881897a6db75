import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  PLATFORM_ACCOUNT_ID,
  addMonths,
  financialYearOf,
  istDate,
  type Coupon,
  type Invoice,
  type InvoiceDetail,
  type Payment,
  type Plan,
  type Quote,
  type SubscriptionView,
} from '@vayu/domain';
import { accounts, auditLogs, devices, emailOutbox, invoices, subscriptions } from '../../db/schema/index.js';
import { deviceFactories } from '../../test/device-factories.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';
import { activeSubscription, billingCatalogue, ok } from './billing.test-support.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
type Caller = Awaited<ReturnType<typeof clientFor>>['call'];
let site: Caller;
let addonId: Awaited<ReturnType<typeof billingCatalogue>>['addonId'];

const unique = () => randomBytes(4).toString('hex');
const today = () => istDate(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = (await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin')).call;
  ({ addonId } = await billingCatalogue(t.db));
});

/** An industry in Maharashtra (the seller's state) or elsewhere, with a partner and an admin of each. */
async function industry(options: { stateCode?: string; paymentMode?: boolean } = {}) {
  const partner = await make.partner();
  const tenant = await make.tenant({ partnerId: partner.id });
  await t.db
    .update(accounts)
    .set({
      stateCode: options.stateCode ?? 'MH',
      paymentMode: options.paymentMode ?? false,
      contactEmail: `ehs-${unique()}@plant.example`,
    })
    .where(eq(accounts.id, tenant.id));
  return {
    tenant,
    partner,
    admin: (await clientFor(t, tenant.id, 'admin')).call,
    viewer: (await clientFor(t, tenant.id, 'user')).call,
    partnerAdmin: (await clientFor(t, partner.id, 'admin')).call,
  };
}

const subscriptionOf = (caller: Caller, tenantId: number) =>
  ok<SubscriptionView>(caller({ method: 'GET', url: `/api/subscription/${tenantId}` }));

describe('plans and add-ons', () => {
  it('lists add-ons in the spec’s order and plans with what they include', async () => {
    const { admin } = await industry();
    const addons = await ok<{ unit: string }[]>(admin({ method: 'GET', url: '/api/addons' }));
    expect(addons.map((a) => a.unit)).toEqual(['Parameter', 'Camera', 'User', 'RC']);
    const plans = await ok<Plan[]>(admin({ method: 'GET', url: '/api/payment/plans' }));
    const basic = plans.find((p) => p.code === 'T-BASIC')!;
    expect(basic).toMatchObject({ period: 'YEARLY', price: 60_000_00 });
    expect(basic.addons.map((a) => [a.addOnUnit, a.quantity])).toEqual([
      ['Parameter', 8],
      ['Camera', 0],
      ['User', 3],
    ]);
  });

  it('lets a site admin add a plan (audited), refuses a taken code on its field and bad input field by field', async () => {
    const code = `P-${unique()}`.toUpperCase();
    const body = {
      code,
      name: 'Effluent Only',
      period: 'QUARTERLY',
      price: 15_000_00,
      addons: [{ addOnId: addonId('Parameter'), quantity: 6, minimumAddons: 0, suggestedAddons: null }],
    };
    const plan = await ok<Plan>(site({ method: 'POST', url: '/api/payment/plans', payload: body }), 201);
    expect(plan).toMatchObject({ code, period: 'QUARTERLY', active: true, version: 1 });
    expect(await auditRowsFor(t.db, 'plan', plan.id)).toHaveLength(1);

    const taken = await site({ method: 'POST', url: '/api/payment/plans', payload: body });
    expectError(taken, 409, 'PLAN_EXISTS');
    expect(taken.json().error.details).toEqual([
      expect.objectContaining({ path: 'code', code: 'FIELD_TAKEN' }),
    ]);

    const bad = await site({
      method: 'POST',
      url: '/api/payment/plans',
      payload: { ...body, code: 'x', price: -1, period: 'WEEKLY' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(
      bad
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['code', 'period', 'price']);

    const unknownAddon = await site({
      method: 'POST',
      url: '/api/payment/plans',
      payload: {
        ...body,
        code: `Q-${unique()}`.toUpperCase(),
        addons: [{ addOnId: 999_999, quantity: 1, minimumAddons: 0 }],
      },
    });
    expectError(unknownAddon, 400, 'VALIDATION_FAILED');
    expect(unknownAddon.json().error.details[0].path).toBe('addons.0.addOnId');

    // A withdrawn plan is not offered, but site users still see it.
    await ok(
      site({
        method: 'PUT',
        url: `/api/payment/plans/${plan.id}`,
        payload: { ...body, code: undefined, active: false, version: 1 },
      }),
    );
    const { admin } = await industry();
    const offered = await ok<Plan[]>(admin({ method: 'GET', url: '/api/payment/plans' }));
    expect(offered.some((p) => p.code === code)).toBe(false);
    const all = await ok<Plan[]>(site({ method: 'GET', url: '/api/payment/plans' }));
    expect(all.find((p) => p.code === code)).toMatchObject({ active: false, version: 2 });
    const stale = await site({
      method: 'PUT',
      url: `/api/payment/plans/${plan.id}`,
      payload: { ...body, code: undefined, version: 1 },
    });
    expectError(stale, 409, 'STALE_VERSION');
  });

  it('keeps plans and add-ons to site admins, and everything to signed-in users', async () => {
    const { admin, partnerAdmin } = await industry();
    expectError(await admin({ method: 'POST', url: '/api/payment/plans', payload: {} }), 403, 'FORBIDDEN');
    expectError(await partnerAdmin({ method: 'POST', url: '/api/addons', payload: {} }), 403, 'FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/payment/plans' });
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    const taken = await site({
      method: 'POST',
      url: '/api/addons',
      payload: { name: 'Another', unit: 'Camera', monthlyPrice: 100 },
    });
    expectError(taken, 409, 'ADDON_EXISTS');
  });
});

describe('subscribing, paying and approving', () => {
  it('issues a numbered GST invoice; the subscription is active only once the payment is approved', async () => {
    const { tenant, admin } = await industry({ stateCode: 'MH' });
    const order = await ok<{
      message: string;
      invoice: Invoice;
      subscription: { id: number; status: string };
    }>(
      admin({
        method: 'POST',
        url: '/api/subscription',
        payload: { tenantId: tenant.id, planCode: 'T-BASIC' },
      }),
      201,
    );
    expect(order.message).toBe(BILLING_MESSAGES.subscriptionEnabled);
    expect(order.subscription.status).toBe('PENDING_PAYMENT');
    const fy = financialYearOf(new Date());
    expect(order.invoice.number).toMatch(new RegExp(`^VY/${fy}/\\d{5}$`));
    // Same state as the seller: CGST 9 % + SGST 9 %.
    expect(order.invoice).toMatchObject({
      status: 'PENDING',
      kind: 'NEW',
      charge: 60_000_00,
      taxable: 60_000_00,
      cgst: 5_400_00,
      sgst: 5_400_00,
      igst: 0,
      total: 70_800_00,
      periodStart: today(),
      periodEnd: addMonths(today(), 12),
    });

    let view = await subscriptionOf(admin, tenant.id);
    expect(view.subscription?.status).toBe('PENDING_PAYMENT');
    expect(view.pendingInvoice).toMatchObject({ id: order.invoice.id, total: 70_800_00 });
    // Nothing is included before it is paid.
    expect(view.usage.find((u) => u.addOnUnit === 'User')).toMatchObject({ included: 0, limit: 0 });

    const payment = await ok<Payment>(
      admin({
        method: 'POST',
        url: '/api/payments',
        payload: {
          invoiceId: order.invoice.id,
          method: 'BANK_TRANSFER',
          reference: 'NEFT/HDFC/4812001',
          paidOn: today(),
        },
      }),
      201,
    );
    expect(payment).toMatchObject({ status: 'PENDING', amount: 70_800_00, provider: 'offline' });
    expect(await ok(admin({ method: 'GET', url: `/api/payment/checkout/${order.invoice.id}` }))).toEqual({
      url: `/checkout/${order.invoice.id}`,
      providers: ['offline'],
    });
    const again = await admin({
      method: 'POST',
      url: '/api/payments',
      payload: { invoiceId: order.invoice.id, method: 'CHEQUE', reference: 'CHQ 100201', paidOn: today() },
    });
    expectError(again, 422, 'PAYMENT_STATE');
    expect(again.json().error.params).toEqual({ reason: 'paymentPending' });

    // Only the platform decides.
    expectError(
      await admin({
        method: 'POST',
        url: '/api/payment/updatePaymentStatus',
        payload: { tenantId: tenant.id, paymentId: payment.id, paymentStatus: 'APPROVED' },
      }),
      403,
      'FORBIDDEN',
    );
    const decided = await ok<{ message: string; payment: Payment }>(
      site({
        method: 'POST',
        url: '/api/payment/updatePaymentStatus',
        payload: { tenantId: tenant.id, paymentId: payment.id, paymentStatus: 'APPROVED' },
      }),
    );
    expect(decided.message).toBe('Payment status update successful.');
    expect(decided.payment.status).toBe('APPROVED');

    view = await subscriptionOf(admin, tenant.id);
    expect(view.subscription).toMatchObject({
      status: 'ACTIVE',
      planCode: 'T-BASIC',
      periodStart: today(),
      periodEnd: addMonths(today(), 12),
      renewsOn: addMonths(today(), 12),
    });
    expect(view.pendingInvoice).toBeNull();
    // The industry's admin and viewer.
    expect(view.usage.find((u) => u.addOnUnit === 'User')).toMatchObject({ included: 3, limit: 3, used: 2 });
    const [row] = await t.db
      .select({ planCode: accounts.planCode })
      .from(accounts)
      .where(eq(accounts.id, tenant.id));
    expect(row!.planCode).toBe('T-BASIC');

    const status = await ok<{ plan: string; paymentStatus: string; subscriptionStatus: string }>(
      admin({ method: 'GET', url: `/api/paymentStatus?tenantId=${tenant.id}` }),
    );
    expect(status).toMatchObject({
      plan: 'Test BASIC',
      paymentStatus: 'APPROVED',
      subscriptionStatus: 'ACTIVE',
    });

    // Audited in the same transactions, and mailed to the industry.
    const actions = (await t.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenant.id))).map(
      (a) => `${a.entity}:${a.action}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'subscription:CREATE',
        'invoice:CREATE',
        'payment:PAYMENT_RECORDED',
        'invoice:PAYMENT_DECIDED',
      ]),
    );
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, tenant.id));
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, account!.contactEmail!));
    expect(mails.map((m) => m.kind).sort()).toEqual(['INVOICE', 'PAYMENT']);

    const second = await admin({
      method: 'POST',
      url: '/api/subscription',
      payload: { tenantId: tenant.id, planCode: 'T-PRO' },
    });
    expectError(second, 422, 'SUBSCRIPTION_STATE');
    expect(second.json().error.params).toEqual({ reason: 'exists' });
  });

  it('charges IGST across states and numbers invoices without gaps, rejected ones included', async () => {
    const fy = financialYearOf(new Date());
    const numbers: number[] = [];
    for (const stateCode of ['GJ', 'KA', 'TN']) {
      const { tenant, admin } = await industry({ stateCode });
      const order = await ok<{ invoice: Invoice }>(
        admin({
          method: 'POST',
          url: '/api/subscription',
          payload: { tenantId: tenant.id, planCode: 'T-BASIC' },
        }),
        201,
      );
      expect(order.invoice).toMatchObject({ cgst: 0, sgst: 0, igst: 10_800_00, total: 70_800_00 });
      numbers.push(Number(order.invoice.number.split('/')[2]));
      if (stateCode === 'KA') {
        const rejected = await ok<Invoice>(
          site({
            method: 'PUT',
            url: `/api/invoices/${order.invoice.id}/status`,
            payload: { status: 'REJECTED', remark: 'No payment received', version: order.invoice.version },
          }),
        );
        expect(rejected.status).toBe('REJECTED');
        // The unpaid first subscription ends, so another can be made.
        expect((await subscriptionOf(admin, tenant.id)).subscription?.status).toBe('CANCELLED');
        const retry = await ok<{ invoice: Invoice }>(
          admin({
            method: 'POST',
            url: '/api/subscription',
            payload: { tenantId: tenant.id, planCode: 'T-BASIC' },
          }),
          201,
        );
        numbers.push(Number(retry.invoice.number.split('/')[2]));
      }
    }
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    const all = await t.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.financialYear, fy));
    const sequence = all.map((r) => Number(r.number.split('/')[2])).sort((a, b) => a - b);
    expect(sequence).toEqual(sequence.map((_, i) => i + 1));
  });

  it('refuses an order below a plan’s minimum or suggested add-ons, naming the add-on', async () => {
    const { tenant, admin } = await industry();
    const order = (rc: number) =>
      admin({
        method: 'POST',
        url: '/api/subscription/quote',
        payload: {
          tenantId: tenant.id,
          planCode: 'T-MULTI',
          addons: [{ addOnId: addonId('RC'), quantity: rc }],
        },
      });
    const none = await order(0);
    expectError(none, 422, 'ADDONS_BELOW_MINIMUM');
    expect(none.json().error.details).toEqual([
      expect.objectContaining({ path: `addons.${addonId('RC')}`, message: BILLING_MESSAGES.belowMinimum }),
    ]);
    const belowSuggested = await order(1);
    expectError(belowSuggested, 422, 'ADDONS_BELOW_MINIMUM');
    expect(belowSuggested.json().error.details[0].message).toBe(BILLING_MESSAGES.belowSuggested);
    const quote = await ok<Quote>(order(2));
    // Two remote calibrations at ₹2,000 a month for 12 months, on top of the plan.
    expect(quote.charge).toBe(2_40_000_00 + 2 * 2_000_00 * 12);
    const notInPlan = await admin({
      method: 'POST',
      url: '/api/subscription',
      payload: {
        tenantId: tenant.id,
        planCode: 'T-BASIC',
        addons: [{ addOnId: addonId('RC'), quantity: 1 }],
      },
    });
    expectError(notInPlan, 400, 'VALIDATION_FAILED');
    expect(notInPlan.json().error.details[0].path).toBe('addons.0.addOnId');
    const past = await admin({
      method: 'POST',
      url: '/api/subscription',
      payload: { tenantId: tenant.id, planCode: 'T-BASIC', startDate: addDays(today(), -1) },
    });
    expectError(past, 400, 'VALIDATION_FAILED');
    expect(past.json().error.details[0].path).toBe('startDate');
    // Nothing was written by the refused orders.
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenant.id))).toHaveLength(
      0,
    );
  });
});

describe('changing the plan', () => {
  /** An industry on T-BASIC whose paid period started `daysAgo` days ago. */
  async function subscribedSince(daysAgo: number) {
    const who = await industry();
    const { subscriptionId, invoice } = await activeSubscription(site, who.tenant.id, 'T-BASIC');
    const start = addDays(today(), -daysAgo);
    const end = addMonths(start, 12);
    await t.db
      .update(subscriptions)
      .set({ periodStart: start, periodEnd: end })
      .where(eq(subscriptions.id, subscriptionId));
    await t.db
      .update(invoices)
      .set({ periodStart: start, periodEnd: end })
      .where(eq(invoices.id, invoice.id));
    return { ...who, subscriptionId, start, end };
  }

  it('prorates an upgrade in the middle of a period: the summary shows the credit and the charge', async () => {
    const { tenant, admin, start, end } = await subscribedSince(100);
    const ofDays = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);
    const left = ofDays - 100;
    const quote = await ok<Quote>(
      admin({
        method: 'POST',
        url: '/api/subscription/quote',
        payload: { tenantId: tenant.id, planCode: 'T-PRO' },
      }),
    );
    expect(quote).toMatchObject({ kind: 'CHANGE', periodStart: today(), periodEnd: end });
    expect(quote.charge).toBe(Math.round((1_50_000_00 * left) / ofDays));
    expect(quote.credit).toBe(Math.round((60_000_00 * left) / ofDays));
    expect(quote.taxable).toBe(quote.charge - quote.credit);
    expect(quote.cgst + quote.sgst).toBe(quote.total - quote.taxable);
    expect(quote.lines.map((l) => l.amount)).toEqual([quote.charge, -quote.credit]);

    const changed = await ok<{ message: string; invoice: Invoice }>(
      admin({
        method: 'POST',
        url: '/api/changeSubscription',
        payload: { tenantId: tenant.id, planCode: 'T-PRO' },
      }),
    );
    expect(changed.message).toBe('Your plan has been changed successfully');
    expect(changed.invoice).toMatchObject({ kind: 'CHANGE', total: quote.total, status: 'PENDING' });
    // Until it is paid, the plan held is the old one, and a second change waits.
    let view = await subscriptionOf(admin, tenant.id);
    expect(view.subscription?.planCode).toBe('T-BASIC');
    const waiting = await admin({
      method: 'POST',
      url: '/api/changeSubscription',
      payload: { tenantId: tenant.id, planCode: 'T-PRO' },
    });
    expectError(waiting, 422, 'SUBSCRIPTION_STATE');
    expect(waiting.json().error.params).toEqual({ reason: 'pendingChange' });

    await ok(
      site({
        method: 'PUT',
        url: `/api/invoices/${changed.invoice.id}/status`,
        payload: { status: 'APPROVED', version: changed.invoice.version },
      }),
    );
    view = await subscriptionOf(admin, tenant.id);
    expect(view.subscription).toMatchObject({
      planCode: 'T-PRO',
      periodStart: start,
      periodEnd: end,
      status: 'ACTIVE',
    });
    expect(view.usage.find((u) => u.addOnUnit === 'Camera')).toMatchObject({ included: 2, limit: 2 });
  });

  it('carries a downgrade’s credit to the next invoice and charges nothing now', async () => {
    const who = await industry();
    await activeSubscription(site, who.tenant.id, 'T-PRO');
    const changed = await ok<{ invoice: Invoice }>(
      who.admin({
        method: 'POST',
        url: '/api/changeSubscription',
        payload: { tenantId: who.tenant.id, planCode: 'T-BASIC' },
      }),
    );
    // Nothing to pay: paid as issued, the new plan in effect at once.
    expect(changed.invoice).toMatchObject({ total: 0, status: 'PAID' });
    const view = await subscriptionOf(who.admin, who.tenant.id);
    expect(view.subscription).toMatchObject({ planCode: 'T-BASIC', credit: 1_50_000_00 - 60_000_00 });
    const same = await who.admin({
      method: 'POST',
      url: '/api/changeSubscription',
      payload: { tenantId: who.tenant.id, planCode: 'T-BASIC' },
    });
    expectError(same, 422, 'SUBSCRIPTION_STATE');
    expect(same.json().error.params).toEqual({ reason: 'nothingToChange' });
  });

  it('gives the credit back when a change is rejected', async () => {
    const who = await industry();
    await activeSubscription(site, who.tenant.id, 'T-PRO');
    await ok(
      who.admin({
        method: 'POST',
        url: '/api/changeSubscription',
        payload: { tenantId: who.tenant.id, planCode: 'T-BASIC' },
      }),
    );
    const credit = (await subscriptionOf(who.admin, who.tenant.id)).subscription!.credit;
    // Buying add-ons now takes the credit first.
    const order = await ok<{ invoice: Invoice }>(
      who.admin({
        method: 'POST',
        url: '/api/changeSubscription',
        payload: {
          tenantId: who.tenant.id,
          planCode: 'T-MULTI',
          addons: [{ addOnId: addonId('RC'), quantity: 2 }],
        },
      }),
    );
    expect(order.invoice.credit).toBeGreaterThan(0);
    expect((await subscriptionOf(who.admin, who.tenant.id)).subscription!.credit).toBe(0);
    await ok(
      site({
        method: 'PUT',
        url: `/api/invoices/${order.invoice.id}/status`,
        payload: { status: 'REJECTED', version: order.invoice.version },
      }),
    );
    expect((await subscriptionOf(who.admin, who.tenant.id)).subscription).toMatchObject({
      planCode: 'T-BASIC',
      credit,
    });
    const decided = await site({
      method: 'PUT',
      url: `/api/invoices/${order.invoice.id}/status`,
      payload: { status: 'APPROVED', version: order.invoice.version + 1 },
    });
    expectError(decided, 422, 'PAYMENT_STATE');
  });
});

describe('cancelling and renewing', () => {
  it('cancels at the period’s end, takes it back, then cancels at once; each from the version shown', async () => {
    const { tenant, admin, viewer } = await industry();
    const { subscriptionId } = await activeSubscription(site, tenant.id);
    const cancel = (action: string, version: number, caller = admin) =>
      caller({
        method: 'POST',
        url: `/api/cancelSubscription/${subscriptionId}`,
        payload: { action, version },
      });
    expectError(await cancel('AT_PERIOD_END', 2, viewer), 403, 'FORBIDDEN');
    const atEnd = await ok<{ message: string; subscription: SubscriptionView }>(cancel('AT_PERIOD_END', 2));
    expect(atEnd.message).toBe('Subscription cancelled successfully');
    expect(atEnd.subscription.subscription).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
      renewsOn: null,
    });
    expectError(await cancel('AT_PERIOD_END', 2), 409, 'STALE_VERSION');
    const resumed = await ok<{ subscription: SubscriptionView }>(cancel('RESUME', 3));
    expect(resumed.subscription.subscription).toMatchObject({ cancelAtPeriodEnd: false });
    const now = await ok<{ subscription: SubscriptionView }>(cancel('IMMEDIATELY', 4));
    expect(now.subscription.subscription).toMatchObject({ status: 'CANCELLED', periodEnd: today() });
    const twice = await cancel('IMMEDIATELY', 5);
    expectError(twice, 422, 'SUBSCRIPTION_STATE');
    expect(
      (await auditRowsFor(t.db, 'subscription', subscriptionId)).filter((a) => a.action === 'CANCEL'),
    ).toHaveLength(3);
  });

  it('renews within 30 days of the end from the end, and an expired one from today', async () => {
    const { tenant, admin } = await industry();
    const { subscriptionId } = await activeSubscription(site, tenant.id);
    const early = await admin({ method: 'POST', url: `/api/tenant/${tenant.id}/renewSubscription` });
    expectError(early, 422, 'SUBSCRIPTION_STATE');
    expect(early.json().error.params).toEqual({ reason: 'notRenewable' });

    const end = addDays(today(), 10);
    await t.db.update(subscriptions).set({ periodEnd: end }).where(eq(subscriptions.id, subscriptionId));
    const renewal = await ok<{ invoice: Invoice }>(
      admin({ method: 'POST', url: `/api/tenant/${tenant.id}/renewSubscription` }),
    );
    expect(renewal.invoice).toMatchObject({
      kind: 'RENEWAL',
      periodStart: end,
      periodEnd: addMonths(end, 12),
      total: 70_800_00,
    });
    await ok(
      site({
        method: 'PUT',
        url: `/api/invoices/${renewal.invoice.id}/status`,
        payload: { status: 'APPROVED', version: renewal.invoice.version },
      }),
    );
    expect((await subscriptionOf(admin, tenant.id)).subscription).toMatchObject({
      status: 'ACTIVE',
      periodEnd: addMonths(end, 12),
    });

    // Past its end it is expired: nothing is included any more, and a renewal starts today.
    await t.db.update(subscriptions).set({ periodEnd: today() }).where(eq(subscriptions.id, subscriptionId));
    const expired = await subscriptionOf(admin, tenant.id);
    expect(expired.subscription?.status).toBe('EXPIRED');
    expect(expired.usage.find((u) => u.addOnUnit === 'User')).toMatchObject({ limit: 0 });
    const again = await ok<{ invoice: Invoice }>(
      admin({ method: 'POST', url: `/api/tenant/${tenant.id}/renewSubscription` }),
    );
    expect(again.invoice).toMatchObject({ periodStart: today() });
  });
});

describe('coupons and discounts', () => {
  async function coupon(caller: Caller, overrides: Record<string, unknown> = {}) {
    return ok<Coupon>(
      caller({
        method: 'POST',
        url: '/api/coupon',
        payload: {
          couponCode: `C${unique()}`,
          couponName: 'Ten percent',
          kind: 'PERCENT',
          value: 1000,
          validFrom: addDays(today(), -1),
          ...overrides,
        },
      }),
      201,
    );
  }

  it('applies a coupon to a plan for an industry: the order takes it off, then it can be removed', async () => {
    const { tenant, admin } = await industry();
    const tenPercent = await coupon(site);
    const apply = await ok<{ message: string; discount: { state: string } }>(
      site({
        method: 'POST',
        url: '/api/applyCoupon',
        payload: { accountId: tenant.id, planCode: 'T-BASIC', couponCode: tenPercent.couponCode },
      }),
    );
    expect(apply).toMatchObject({
      message: 'Coupon Code applied successful',
      discount: { state: 'APPLIED' },
    });
    const quote = await ok<Quote>(
      admin({
        method: 'POST',
        url: '/api/subscription/quote',
        payload: { tenantId: tenant.id, planCode: 'T-BASIC' },
      }),
    );
    expect(quote).toMatchObject({
      couponCode: tenPercent.couponCode,
      discount: 6_000_00,
      taxable: 54_000_00,
    });
    const plans = await ok<{ code: string; discountedPrice: number; couponCode: string | null }[]>(
      admin({ method: 'GET', url: `/api/tenantPlans?tenantId=${tenant.id}` }),
    );
    expect(plans.find((p) => p.code === 'T-BASIC')).toMatchObject({
      discountedPrice: 54_000_00,
      couponCode: tenPercent.couponCode,
    });

    const removed = await ok<{ message: string; discount: { state: string } }>(
      site({
        method: 'POST',
        url: '/api/removeCoupon',
        payload: { accountId: tenant.id, planCode: 'T-BASIC' },
      }),
    );
    expect(removed).toMatchObject({ message: 'Coupon Removed successfully', discount: { state: 'REMOVED' } });
    const again = await site({
      method: 'POST',
      url: '/api/removeCoupon',
      payload: { accountId: tenant.id, planCode: 'T-BASIC' },
    });
    expectError(again, 422, 'COUPON_INVALID');
    expect(again.json().error).toMatchObject({
      message: 'Coupon Code not applied. Try again!',
      params: { reason: 'notApplied' },
    });
    const list = await ok<{ discounts: { planCode: string; state: string }[] }>(
      site({ method: 'GET', url: `/api/discounts/tenant/${tenant.id}` }),
    );
    expect(list.discounts.find((d) => d.planCode === 'T-BASIC')?.state).toBe('REMOVED');
    expect(list.discounts.find((d) => d.planCode === 'T-PRO')?.state).toBe('NONE');
    expect(
      (await t.db.select().from(auditLogs).where(eq(auditLogs.entity, 'discount'))).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('enforces validity dates, usage limits and whose coupon it is', async () => {
    const a = await industry();
    const b = await industry();
    const expired = await coupon(site, {
      validFrom: addDays(today(), -30),
      validUntil: addDays(today(), -1),
    });
    const apply = (accountId: number, couponCode: string, caller = site) =>
      caller({
        method: 'POST',
        url: '/api/applyCoupon',
        payload: { accountId, planCode: 'T-BASIC', couponCode },
      });
    const notValid = await apply(a.tenant.id, expired.couponCode);
    expectError(notValid, 422, 'COUPON_INVALID');
    expect(notValid.json().error.params).toEqual({ reason: 'notValid' });
    expectError(await apply(a.tenant.id, 'NO-SUCH-CODE'), 422, 'COUPON_INVALID');

    // One use only: the first order takes it; the second order is priced without it.
    const once = await coupon(site, { kind: 'FIXED', value: 5_000_00, maxRedemptions: 1 });
    await ok(apply(a.tenant.id, once.couponCode));
    await ok(apply(b.tenant.id, once.couponCode));
    const first = await ok<{ invoice: Invoice }>(
      a.admin({
        method: 'POST',
        url: '/api/subscription',
        payload: { tenantId: a.tenant.id, planCode: 'T-BASIC' },
      }),
      201,
    );
    expect(first.invoice).toMatchObject({ discount: 5_000_00, couponCode: once.couponCode });
    const second = await ok<{ invoice: Invoice }>(
      b.admin({
        method: 'POST',
        url: '/api/subscription',
        payload: { tenantId: b.tenant.id, planCode: 'T-BASIC' },
      }),
      201,
    );
    expect(second.invoice).toMatchObject({ discount: 0, couponCode: null });
    const usedUp = await apply(b.tenant.id, once.couponCode);
    expect(usedUp.json().error.params).toEqual({ reason: 'usedUp' });

    // An industry redeems a code for itself (no account named), never for another.
    const redeemable = await coupon(site);
    const own = await ok<{ message: string; discount: { state: string } }>(
      a.admin({
        method: 'POST',
        url: '/api/applyCoupon',
        payload: { planCode: 'T-PRO', couponCode: redeemable.couponCode },
      }),
    );
    expect(own).toMatchObject({ message: 'Coupon Code applied successful', discount: { state: 'APPLIED' } });
    expectError(await apply(b.tenant.id, redeemable.couponCode, a.admin), 404, 'NOT_FOUND');
    const unnamed = await site({
      method: 'POST',
      url: '/api/applyCoupon',
      payload: { planCode: 'T-PRO', couponCode: redeemable.couponCode },
    });
    expectError(unnamed, 400, 'VALIDATION_FAILED');
    expect(unnamed.json().error.details[0].path).toBe('accountId');
    expectError(
      await a.viewer({
        method: 'POST',
        url: '/api/applyCoupon',
        payload: { planCode: 'T-PRO', couponCode: redeemable.couponCode },
      }),
      403,
      'FORBIDDEN',
    );

    // A partner's own coupon is for its industries only.
    const partnersCoupon = await coupon(a.partnerAdmin);
    expect(partnersCoupon.partnerId).toBe(a.partner.id);
    expect((await apply(b.tenant.id, partnersCoupon.couponCode)).json().error.params).toEqual({
      reason: 'notYours',
    });
    await ok(apply(a.tenant.id, partnersCoupon.couponCode, a.partnerAdmin));
  });

  it('keeps a partner to its own industries’ discounts, and rebuilds its coupon onto them', async () => {
    const a = await industry();
    const b = await industry();
    const platform = await coupon(site);
    // Another partner's industry is not there at all.
    expectError(
      await a.partnerAdmin({
        method: 'POST',
        url: '/api/applyCoupon',
        payload: { accountId: b.tenant.id, planCode: 'T-PRO', couponCode: platform.couponCode },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await a.partnerAdmin({ method: 'GET', url: `/api/discounts/tenant/${b.tenant.id}` }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await a.partnerAdmin({
        method: 'POST',
        url: `/api/rebuildDiscounts/${b.partner.id}`,
        payload: { planCode: 'T-PRO' },
      }),
      404,
      'NOT_FOUND',
    );
    // A partner does not discount itself; the platform does.
    expectError(
      await a.partnerAdmin({
        method: 'POST',
        url: '/api/applyCoupon',
        payload: { accountId: a.partner.id, planCode: 'T-PRO', couponCode: platform.couponCode },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(await a.admin({ method: 'GET', url: '/api/coupons' }), 403, 'FORBIDDEN');
    await ok(
      site({
        method: 'POST',
        url: '/api/applyCoupon',
        payload: { accountId: a.partner.id, planCode: 'T-PRO', couponCode: platform.couponCode },
      }),
    );
    const second = await make.tenant({ partnerId: a.partner.id });
    const rebuilt = await ok<{ message: string; industries: number }>(
      a.partnerAdmin({
        method: 'POST',
        url: `/api/rebuildDiscounts/${a.partner.id}`,
        payload: { planCode: 'T-PRO' },
      }),
    );
    expect(rebuilt).toEqual({ message: 'Rebuilt successfully', industries: 2 });
    for (const id of [a.tenant.id, second.id]) {
      const list = await ok<{
        discounts: { planCode: string; state: string; discount: { couponCode: string } | null }[];
      }>(a.partnerAdmin({ method: 'GET', url: `/api/discounts/tenant/${id}` }));
      expect(list.discounts.find((d) => d.planCode === 'T-PRO')).toMatchObject({
        state: 'APPLIED',
        discount: { couponCode: platform.couponCode },
      });
    }
    // Removed from the partner, a rebuild takes it off its industries.
    await ok(
      site({
        method: 'POST',
        url: '/api/removeCoupon',
        payload: { accountId: a.partner.id, planCode: 'T-PRO' },
      }),
    );
    expect(
      await ok(
        a.partnerAdmin({
          method: 'POST',
          url: `/api/rebuildDiscounts/${a.partner.id}`,
          payload: { planCode: 'T-PRO' },
        }),
      ),
    ).toEqual({ message: 'Rebuilt successfully', industries: 2 });
  });

  it('refuses a taken code and bad coupon input field by field', async () => {
    const taken = await coupon(site);
    const again = await site({
      method: 'POST',
      url: '/api/coupon',
      payload: {
        couponCode: taken.couponCode,
        couponName: 'x',
        kind: 'FIXED',
        value: 100,
        validFrom: today(),
      },
    });
    expectError(again, 409, 'COUPON_EXISTS');
    const bad = await site({
      method: 'POST',
      url: '/api/coupon',
      payload: { couponCode: 'a', couponName: '', kind: 'HALF', value: 0, validFrom: '2026-02-30' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(
      bad
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['couponCode', 'couponName', 'kind', 'validFrom', 'value']);
  });
});

describe('usage limits', () => {
  it('counts users against the plan in payment mode and refuses one past it; payment mode off skips the check', async () => {
    const { tenant, admin } = await industry({ paymentMode: true });
    await activeSubscription(site, tenant.id, 'T-BASIC');
    // The admin and the viewer made by `industry`: 2 of 3.
    const check = await ok<{ used: number; limit: number; chargeable: boolean }>(
      admin({ method: 'GET', url: `/api/payment/addon/USERS/check-charge?tenantId=${tenant.id}` }),
    );
    expect(check).toMatchObject({ used: 2, limit: 3, chargeable: false });
    const addUser = () =>
      admin({
        method: 'POST',
        url: `/api/users?accountId=${tenant.id}`,
        payload: {
          name: 'Shift Chemist',
          email: `chemist-${unique()}@plant.example`,
          phone: '9876500011',
          role: 'user',
        },
      });
    expect((await addUser()).statusCode).toBe(201);
    const refused = await addUser();
    expectError(refused, 422, 'USER_LIMIT_EXHAUSTED');
    expect(refused.json().error.message).toBe(
      'You have exhausted your user limit. Please upgrade your subscription or contact partner.',
    );
    expect(
      await ok(admin({ method: 'GET', url: `/api/payment/addon/USERS/check-charge?tenantId=${tenant.id}` })),
    ).toMatchObject({ used: 3, limit: 3, chargeable: true });

    // The site grants one more user free: one more fits.
    const view = await subscriptionOf(site, tenant.id);
    const settings = {
      paymentMode: true,
      grantedUsers: 1,
      grantedParameters: 0,
      grantedCameras: 0,
      version: view.version,
    };
    expectError(
      await admin({ method: 'PUT', url: `/api/subscription/${tenant.id}`, payload: settings }),
      403,
      'FORBIDDEN',
    );
    const granted = await ok<SubscriptionView>(
      site({ method: 'PUT', url: `/api/subscription/${tenant.id}`, payload: settings }),
    );
    expect(granted.usage.find((u) => u.addOnUnit === 'User')).toMatchObject({ granted: 1, limit: 4 });
    expect((await addUser()).statusCode).toBe(201);
    expectError(await addUser(), 422, 'USER_LIMIT_EXHAUSTED');
    const [audit] = (await auditRowsFor(t.db, 'account', tenant.id)).filter(
      (a) => a.action === 'SUBSCRIPTION_UPDATE',
    );
    expect(audit).toMatchObject({
      oldValue: expect.objectContaining({ grantedUsers: 0 }),
      newValue: expect.objectContaining({ grantedUsers: 1 }),
    });

    // Payment mode off (the NTPC case): no limit.
    await ok(
      site({
        method: 'PUT',
        url: `/api/subscription/${tenant.id}`,
        payload: { ...settings, paymentMode: false, version: granted.version },
      }),
    );
    expect((await addUser()).statusCode).toBe(201);
  });

  it('refuses a camera past the plan’s cameras with the camera text', async () => {
    const { tenant, admin } = await industry({ paymentMode: true });
    await activeSubscription(site, tenant.id, 'T-BASIC');
    const point = await ok<{ id: number }>(
      admin({
        method: 'POST',
        url: `/api/tenants/${tenant.id}/entities`,
        payload: { name: 'Kiln Stack', entityType: 'group' },
      }),
      201,
    );
    const camera = await admin({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/cameras`,
      payload: {
        name: 'Stack camera',
        monitoringPointId: point.id,
        provisionId: `PRV-${unique()}`,
        authToken: `tok-${unique()}`,
      },
    });
    expectError(camera, 422, 'CAMERA_LIMIT_EXHAUSTED');
    expect(camera.json().error.message).toBe(
      'You have exhausted your camera limit. Please upgrade your subscription or contact partner.',
    );
    const usage = await ok<{ addOnUnit: string; used: number; limit: number }[]>(
      admin({
        method: 'GET',
        url: `/api/payment/addon/getAddonQuantityUsedIncludingFree?tenantId=${tenant.id}`,
      }),
    );
    expect(usage.find((u) => u.addOnUnit === 'Camera')).toMatchObject({ used: 0, limit: 0 });
  });

  it('refuses a device that takes the parameters past the limit, and keeps one that adds none', async () => {
    const { tenant, admin } = await industry({ paymentMode: true });
    await activeSubscription(site, tenant.id, 'T-BASIC');
    const build = deviceFactories(t.db);
    const point = await build.monitoringPoint(tenant.id);
    const { model } = await build.model();
    const params = await Promise.all(Array.from({ length: 9 }, () => build.parameter()));
    const device = (count: number, extra: Record<string, unknown> = {}) => ({
      tenantId: tenant.id,
      name: `CEMS Analyser ${unique()}`,
      serialNumber: `SN-${unique()}`,
      dataFrequency: 15,
      monitoringPointId: point.id,
      modelId: model.id,
      dataUploadMethod: 'MODBUS',
      params: params.slice(0, count).map((p) => ({ parameterId: p.id, unit: 'mg/Nm3', cpcbUnit: 'mg/Nm3' })),
      ...extra,
    });
    const refused = await admin({ method: 'POST', url: '/api/devices', payload: device(9) });
    expectError(refused, 422, 'PARAMETER_LIMIT_EXHAUSTED');
    expect(refused.json().error.message).toBe(
      'You have exhausted your parameter limit. Please upgrade your subscription or contact partner.',
    );
    expect(await t.db.select().from(devices).where(eq(devices.tenantId, tenant.id))).toHaveLength(0);
    // Eight fit; the device saved again unchanged adds nothing, so it passes at the limit.
    const created = await ok<{ id: number; version: number }>(
      admin({ method: 'POST', url: '/api/devices', payload: device(8) }),
      201,
    );
    const body = device(8);
    await ok(
      admin({
        method: 'PUT',
        url: `/api/devices/${created.id}`,
        payload: { ...body, version: created.version },
      }),
    );
    const check = await ok<{ used: number; limit: number; chargeable: boolean }>(
      admin({ method: 'GET', url: `/api/payment/addon/PARAMETER/check-charge?tenantId=${tenant.id}` }),
    );
    expect(check).toEqual(
      expect.objectContaining({ used: 8, limit: 8, chargeable: true, paymentMode: true }),
    );
  });

  it('answers 404 for an industry outside the caller’s scope, and 400 for a kind it does not know', async () => {
    const a = await industry();
    const b = await industry();
    expectError(
      await a.admin({ method: 'GET', url: `/api/payment/addon/CAMERA/check-charge?tenantId=${b.tenant.id}` }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await a.admin({
        method: 'GET',
        url: `/api/payment/addon/WIDGETS/check-charge?tenantId=${a.tenant.id}`,
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await a.admin({ method: 'GET', url: `/api/subscription/99999999999999999999` }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await a.partnerAdmin({ method: 'GET', url: `/api/tenantPlans?tenantId=${b.tenant.id}` }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('invoices and payments', () => {
  it('lists only the invoices and payments the caller sees, and serves an invoice as a PDF', async () => {
    const a = await industry();
    const b = await industry();
    const order = await ok<{ invoice: Invoice }>(
      a.admin({
        method: 'POST',
        url: '/api/subscription',
        payload: { tenantId: a.tenant.id, planCode: 'T-PRO' },
      }),
      201,
    );
    await ok(
      b.admin({
        method: 'POST',
        url: '/api/subscription',
        payload: { tenantId: b.tenant.id, planCode: 'T-BASIC' },
      }),
      201,
    );
    const own = await ok<{ items: Invoice[] }>(a.partnerAdmin({ method: 'GET', url: '/api/invoices' }));
    expect(own.items.map((i) => i.tenantId)).toEqual([a.tenant.id]);
    const pending = await ok<{ items: Invoice[]; total: number }>(
      site({ method: 'GET', url: `/api/invoices?status=PENDING&tenantId=${b.tenant.id}` }),
    );
    expect(pending.items.map((i) => i.tenantId)).toEqual([b.tenant.id]);
    expectError(
      await a.partnerAdmin({ method: 'GET', url: `/api/invoices/${pending.items[0]!.id}` }),
      404,
      'NOT_FOUND',
    );

    const detail = await ok<InvoiceDetail>(
      a.viewer({ method: 'GET', url: `/api/invoices/${order.invoice.id}` }),
    );
    expect(detail.seller).toMatchObject({ name: 'Vayu Platform', stateCode: 'MH' });
    expect(detail.buyer).toMatchObject({ name: a.tenant.name, stateCode: 'MH' });
    expect(detail.lines).toEqual([
      { description: 'Test PRO plan', quantity: 1, unitPrice: 1_50_000_00, amount: 1_50_000_00 },
    ]);

    const pdf = await a.viewer({ method: 'GET', url: `/api/invoices/${order.invoice.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${order.invoice.number.replaceAll('/', '-')}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1500);

    // A viewer cannot pay; a payment dated in the future is refused on its field.
    const payment = {
      invoiceId: order.invoice.id,
      method: 'CHEQUE',
      reference: 'CHQ 100234',
      paidOn: today(),
    };
    expectError(await a.viewer({ method: 'POST', url: '/api/payments', payload: payment }), 403, 'FORBIDDEN');
    const future = await a.admin({
      method: 'POST',
      url: '/api/payments',
      payload: { ...payment, paidOn: addDays(today(), 2) },
    });
    expectError(future, 400, 'VALIDATION_FAILED');
    expect(future.json().error.details[0].path).toBe('paidOn');
    const paid = await ok<Payment>(a.admin({ method: 'POST', url: '/api/payments', payload: payment }), 201);
    const partnerList = await ok<{ items: Payment[] }>(
      a.partnerAdmin({ method: 'GET', url: '/api/payment/partner' }),
    );
    expect(partnerList.items.map((p) => p.id)).toEqual([paid.id]);
    expect(
      (await ok<{ items: Payment[] }>(b.partnerAdmin({ method: 'GET', url: '/api/payment/partner' }))).items,
    ).toEqual([]);

    const rejected = await ok<{ payment: Payment }>(
      site({
        method: 'POST',
        url: '/api/payment/updatePaymentStatus',
        payload: {
          tenantId: a.tenant.id,
          paymentId: paid.id,
          paymentStatus: 'REJECTED',
          remark: 'Cheque returned',
        },
      }),
    );
    expect(rejected.payment).toMatchObject({ status: 'REJECTED', remark: 'Cheque returned' });
    const twice = await site({
      method: 'POST',
      url: '/api/payment/updatePaymentStatus',
      payload: { tenantId: a.tenant.id, paymentId: paid.id, paymentStatus: 'APPROVED' },
    });
    expectError(twice, 422, 'PAYMENT_STATE');
    const wrongTenant = await site({
      method: 'POST',
      url: '/api/payment/updatePaymentStatus',
      payload: { tenantId: b.tenant.id, paymentId: paid.id, paymentStatus: 'APPROVED' },
    });
    expectError(wrongTenant, 404, 'NOT_FOUND');
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, order.invoice.id)));
    expect(invoice!.status).toBe('REJECTED');
  });

  it('says which payment types there are', async () => {
    const { admin } = await industry();
    expect(await ok(admin({ method: 'GET', url: '/api/payment/paymentTypes' }))).toEqual([
      { id: 'BANK_TRANSFER', provider: 'offline' },
      { id: 'CHEQUE', provider: 'offline' },
    ]);
  });
});
