import {
  BILLING_MESSAGES,
  UNIT_OF_CHECK_KIND,
  effectiveStatus,
  financialYearOf,
  formatInr,
  invoiceNumber,
  isRenewable,
  type AddonCheck,
  type AddonCheckKind,
  type CancelAction,
  type CurrentSubscription,
  type Invoice,
  type InvoiceKind,
  type Quote,
  type SubscriptionView,
  type UnitUsage,
  todayInIndia,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { canChangeAccount, scopeOf, type DataScope } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, forbidden, notFound, staleVersion } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.service.js';
import { countCouponUse, findCoupon } from './catalogue.repository.js';
import { applyOrder, rejectOrder } from './settlement.js';
import { isLimited, usageOf } from './limits.js';
import {
  couponUsable,
  priceOf,
  quoteOf,
  subscriptionState,
  type OrderInput,
  type PricedOrder,
} from './orders.js';
import {
  findBillingAccount,
  findCurrentSubscription,
  findInvoice,
  findPendingInvoice,
  findSubscriptionById,
  insertInvoice,
  insertSubscription,
  setAccountPlanCode,
  setInvoiceDecision,
  takeInvoiceNumber,
  updateBillingSettings,
  updateSubscriptionRow,
  type BillingAccount,
  type SubscriptionRow,
} from './subscriptions.repository.js';

const REFUSAL = 'You are not allowed to change the subscription of this industry.';

/** The industry within the scope (404 for one outside it, and for an account that is not an industry). */
export async function billedIndustry(
  exec: Executor,
  scope: DataScope,
  tenantId: number,
  forUpdate = false,
): Promise<BillingAccount> {
  const tenant = await findBillingAccount(exec, scope, tenantId, forUpdate);
  if (tenant?.type !== 'tenant') throw notFound('Industry');
  return tenant;
}

export function toCurrentSubscription(row: SubscriptionRow, today: string): CurrentSubscription {
  const status = effectiveStatus(row.status, row.periodEnd, today, row.cancelAtPeriodEnd);
  return {
    id: row.id,
    planCode: row.planCode,
    planName: row.planName,
    period: row.period,
    status,
    startedOn: row.startedOn,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    renewsOn: status === 'ACTIVE' && !row.cancelAtPeriodEnd ? row.periodEnd : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    credit: row.credit,
    addons: row.addons,
    version: row.version,
  };
}

const KIND_ACTION = { NEW: 'CREATE', CHANGE: 'PLAN_CHANGE', RENEWAL: 'RENEWAL' } as const;

export function createSubscriptionsService({ db, mailer }: { db: Database; mailer: Mailer }) {
  /** The state an order of this kind needs, checked on the held rows. */
  async function checkOrderState(
    exec: Executor,
    kind: InvoiceKind,
    current: SubscriptionRow | undefined,
    today: string,
  ) {
    const status = current
      ? effectiveStatus(current.status, current.periodEnd, today, current.cancelAtPeriodEnd)
      : undefined;
    const pending = current ? await findPendingInvoice(exec, current.id) : undefined;
    if (kind === 'NEW') {
      if (status === 'ACTIVE' || status === 'PENDING_PAYMENT') throw subscriptionState('exists');
      return;
    }
    if (!current) throw subscriptionState('none');
    if (pending) throw subscriptionState('pendingChange');
    if (kind === 'CHANGE' && status !== 'ACTIVE') throw subscriptionState('notChangeable');
    if (kind === 'RENEWAL' && !isRenewable({ ...current, status: status! }, today)) {
      throw subscriptionState('notRenewable');
    }
  }

  function orderOf(
    kind: InvoiceKind,
    body: { planCode: string; addons: OrderInput['addons']; startDate?: string | undefined },
    current: SubscriptionRow | undefined,
  ): OrderInput {
    return kind === 'RENEWAL'
      ? { kind, planCode: current!.planCode, addons: [] }
      : { kind, planCode: body.planCode, addons: body.addons, startDate: body.startDate };
  }

  /** Whether an order changes nothing: the plan held with the same add-ons. */
  function changesNothing(current: SubscriptionRow, priced: PricedOrder) {
    if (priced.plan.id !== current.planId) return false;
    const held = new Map(current.addons.map((a) => [a.addOnId, a.quantity]));
    return priced.order.addons.every((a) => (held.get(a.addonId) ?? 0) === a.quantity);
  }
  /** An order of this kind priced, once the subscription's state allows it and when it changes something. */
  async function checkedOrder(
    exec: Executor,
    kind: InvoiceKind,
    tenant: BillingAccount,
    body: { planCode: string; addons: OrderInput['addons']; startDate?: string | undefined },
    current: SubscriptionRow | undefined,
    today: string,
  ): Promise<PricedOrder> {
    await checkOrderState(exec, kind, current, today);
    const priced = await priceOf(exec, tenant, orderOf(kind, body, current), current, today);
    if (kind === 'CHANGE' && changesNothing(current!, priced)) {
      throw subscriptionState('nothingToChange', 'planCode');
    }
    return priced;
  }

  async function issueInvoice(
    exec: Executor,
    ctx: RequestContext,
    tenant: BillingAccount,
    current: SubscriptionRow | undefined,
    priced: PricedOrder,
  ): Promise<{ invoiceId: number; subscriptionId: number }> {
    const today = todayInIndia();
    if (priced.coupon) {
      // Counted under the coupon's lock: the last use of a limited coupon goes to one order only.
      const coupon = await findCoupon(exec, priced.coupon.couponId, true);
      if (!coupon || couponUsable(coupon, today) !== 'ok')
        throw new AppError('COUPON_INVALID', BILLING_MESSAGES.couponUsedUp, undefined, { reason: 'usedUp' });
      await countCouponUse(exec, coupon.couponId, 1);
    }
    const subscriptionId =
      priced.kind === 'NEW'
        ? await insertSubscription(exec, {
            tenantId: tenant.id,
            planId: priced.plan.id,
            startedOn: priced.billed.start,
            planPrice: priced.plan.price,
            periodMonths: priced.order.periodMonths,
          })
        : current!.id;
    if (current && current.credit > 0 && priced.kind !== 'NEW') {
      // The credit moves into this invoice (used, or carried to the subscription once it is paid).
      await updateSubscriptionRow(exec, current.id, { credit: 0 });
    }
    const now = new Date();
    const financialYear = financialYearOf(now);
    const sequence = await takeInvoiceNumber(exec, financialYear);
    const { price } = priced;
    const invoiceId = await insertInvoice(exec, {
      number: invoiceNumber(financialYear, sequence),
      financialYear,
      kind: priced.kind,
      tenantId: tenant.id,
      subscriptionId,
      planId: priced.plan.id,
      couponId: priced.coupon?.couponId ?? null,
      order: priced.kind === 'NEW' ? priced.order : { ...priced.order, creditTaken: current?.credit ?? 0 },
      seller: priced.seller,
      buyer: priced.buyer,
      periodStart: priced.billed.start,
      periodEnd: priced.billed.end,
      charge: price.charge,
      discount: price.discount,
      credit: price.credit,
      taxable: price.taxable,
      cgst: price.gst.cgst,
      sgst: price.gst.sgst,
      igst: price.gst.igst,
      total: price.total,
      issuedBy: ctx.principal.userId,
      lines: price.lines,
    });
    await recordAudit(exec, ctx, {
      entity: 'subscription',
      entityId: subscriptionId,
      action: KIND_ACTION[priced.kind],
      tenantId: tenant.id,
      oldValue: current
        ? {
            planCode: current.planCode,
            addons: current.addons.map((a) => ({ addOnId: a.addOnId, quantity: a.quantity })),
          }
        : null,
      newValue: { planCode: priced.plan.code, addons: priced.order.addons, invoiceId },
    });
    await recordAudit(exec, ctx, {
      entity: 'invoice',
      entityId: invoiceId,
      action: 'CREATE',
      tenantId: tenant.id,
      newValue: { kind: priced.kind, total: price.total, couponId: priced.coupon?.couponId ?? null },
    });
    if (price.total === 0) {
      // Nothing to pay (a credit covers it): paid as issued, and the order takes effect now.
      await setInvoiceDecision(exec, invoiceId, {
        status: 'PAID',
        decidedBy: null,
        remark: BILLING_MESSAGES.invoicePaidInFull,
      });
      await applyOrder(exec, { subscriptionId, tenantId: tenant.id, order: priced.order });
    } else if (tenant.contactEmail) {
      await mailer.queue(exec, {
        to: tenant.contactEmail,
        kind: 'INVOICE',
        subject: `Invoice ${invoiceNumber(financialYear, sequence)} for ${priced.plan.name}`,
        text: [
          `Dear ${tenant.name},`,
          '',
          `Invoice ${invoiceNumber(financialYear, sequence)} for the ${priced.plan.name} plan, ${priced.billed.start} to ${priced.billed.end}, is issued: ${formatInr(price.total)} including GST.`,
          'Pay by bank transfer or cheque and record the payment with its reference on the checkout page of the console; the subscription takes effect once the payment is approved.',
        ].join('\n'),
      });
    }
    return { invoiceId, subscriptionId };
  }

  async function placeOrder(
    ctx: RequestContext,
    kind: InvoiceKind,
    tenantId: number,
    body: { planCode: string; addons: OrderInput['addons']; startDate?: string | undefined },
  ) {
    const scope = scopeOf(ctx.principal);
    return db.transaction(async (tx) => {
      const tenant = await billedIndustry(tx, scope, tenantId, true);
      if (!canChangeAccount(ctx.principal, tenant)) throw forbidden(REFUSAL);
      const today = todayInIndia();
      const current = await findCurrentSubscription(tx, tenant.id, true);
      const priced = await checkedOrder(tx, kind, tenant, body, current, today);
      const { invoiceId, subscriptionId } = await issueInvoice(tx, ctx, tenant, current, priced);
      const invoice = (await findInvoice(tx, scope, invoiceId))!;
      const subscription = (await findSubscriptionById(tx, scope, subscriptionId))!;
      const {
        order: _order,
        seller: _seller,
        buyer: _buyer,
        subscriptionId: _s,
        couponId: _c,
        remark: _r,
        ...summary
      } = invoice;
      return {
        message: kind === 'NEW' ? BILLING_MESSAGES.subscriptionEnabled : BILLING_MESSAGES.planChanged,
        invoice: summary satisfies Invoice,
        subscription: toCurrentSubscription(subscription, today),
      };
    });
  }

  async function view(exec: Executor, scope: DataScope, tenant: BillingAccount): Promise<SubscriptionView> {
    const today = todayInIndia();
    const current = await findCurrentSubscription(exec, tenant.id);
    const pending = current ? await findPendingInvoice(exec, current.id) : undefined;
    return {
      tenantId: tenant.id,
      tenantName: tenant.name,
      partnerId: tenant.partnerId,
      paymentMode: tenant.paymentMode,
      granted: {
        users: tenant.grantedUsers,
        parameters: tenant.grantedParameters,
        cameras: tenant.grantedCameras,
      },
      subscription: current ? toCurrentSubscription(current, today) : null,
      pendingInvoice: pending
        ? {
            id: pending.id,
            number: pending.number,
            kind: pending.kind,
            status: pending.status,
            total: pending.total,
            planCode: pending.planCode,
          }
        : null,
      usage: await usageOf(exec, scope, tenant),
      version: tenant.version,
    };
  }

  return {
    async getSubscription(ctx: RequestContext, tenantId: number): Promise<SubscriptionView> {
      const scope = scopeOf(ctx.principal);
      return view(db, scope, await billedIndustry(db, scope, tenantId));
    },

    /** The site's settings of an industry: payment mode and the units granted free (the access table admits site admins only). */
    async updateSettings(
      ctx: RequestContext,
      tenantId: number,
      body: {
        paymentMode: boolean;
        grantedUsers: number;
        grantedParameters: number;
        grantedCameras: number;
        version: number;
      },
    ): Promise<SubscriptionView> {
      const scope = scopeOf(ctx.principal);
      return db.transaction(async (tx) => {
        const before = await billedIndustry(tx, scope, tenantId, true);
        const { version, ...values } = body;
        if (before.version !== version || !(await updateBillingSettings(tx, tenantId, version, values))) {
          throw staleVersion();
        }
        const after = await billedIndustry(tx, scope, tenantId);
        const settings = (a: BillingAccount) => ({
          paymentMode: a.paymentMode,
          grantedUsers: a.grantedUsers,
          grantedParameters: a.grantedParameters,
          grantedCameras: a.grantedCameras,
        });
        await recordAudit(tx, ctx, {
          entity: 'account',
          entityId: tenantId,
          action: 'SUBSCRIPTION_UPDATE',
          tenantId,
          oldValue: settings(before),
          newValue: settings(after),
        });
        return view(tx, scope, after);
      });
    },

    async quote(
      ctx: RequestContext,
      body: {
        tenantId: number;
        planCode: string;
        addons: OrderInput['addons'];
        startDate?: string | undefined;
      },
    ): Promise<Quote> {
      const scope = scopeOf(ctx.principal);
      const tenant = await billedIndustry(db, scope, body.tenantId);
      if (!canChangeAccount(ctx.principal, tenant)) throw forbidden(REFUSAL);
      const today = todayInIndia();
      const current = await findCurrentSubscription(db, tenant.id);
      const status = current
        ? effectiveStatus(current.status, current.periodEnd, today, current.cancelAtPeriodEnd)
        : undefined;
      const kind: InvoiceKind = status === 'ACTIVE' ? 'CHANGE' : 'NEW';
      const priced = await checkedOrder(db, kind, tenant, body, current, today);
      return quoteOf(tenant.id, priced);
    },

    make: (
      ctx: RequestContext,
      body: {
        tenantId: number;
        planCode: string;
        addons: OrderInput['addons'];
        startDate?: string | undefined;
      },
    ) => placeOrder(ctx, 'NEW', body.tenantId, body),
    change: (
      ctx: RequestContext,
      body: { tenantId: number; planCode: string; addons: OrderInput['addons'] },
    ) => placeOrder(ctx, 'CHANGE', body.tenantId, body),
    renew: (ctx: RequestContext, tenantId: number) =>
      placeOrder(ctx, 'RENEWAL', tenantId, { planCode: '', addons: [] }),

    async cancel(ctx: RequestContext, subscriptionId: number, action: CancelAction, version: number) {
      const scope = scopeOf(ctx.principal);
      return db.transaction(async (tx) => {
        const found = await findSubscriptionById(tx, scope, subscriptionId);
        if (!found) throw notFound('Subscription');
        const tenant = await billedIndustry(tx, scope, found.tenantId, true);
        if (!canChangeAccount(ctx.principal, tenant)) throw forbidden(REFUSAL);
        const current = (await findSubscriptionById(tx, scope, subscriptionId, true))!;
        if (current.version !== version) throw staleVersion();
        const latest = await findCurrentSubscription(tx, tenant.id);
        const today = todayInIndia();
        const status = effectiveStatus(current.status, current.periodEnd, today, current.cancelAtPeriodEnd);
        const notCancellable = () => subscriptionState('notCancellable', 'action');
        if (latest?.id !== current.id) throw notCancellable();
        if (action === 'AT_PERIOD_END') {
          if (status !== 'ACTIVE' || current.cancelAtPeriodEnd) throw notCancellable();
          await updateSubscriptionRow(tx, current.id, { cancelAtPeriodEnd: true, cancelledAt: new Date() });
        } else if (action === 'RESUME') {
          if (status !== 'ACTIVE' || !current.cancelAtPeriodEnd) throw notCancellable();
          await updateSubscriptionRow(tx, current.id, { cancelAtPeriodEnd: false, cancelledAt: null });
        } else {
          if (status !== 'ACTIVE' && status !== 'PENDING_PAYMENT') throw notCancellable();
          // The service ends today; what was paid for the days after is not refunded (docs/decisions/0016-billing.md).
          await updateSubscriptionRow(tx, current.id, {
            status: 'CANCELLED',
            cancelledAt: new Date(),
            cancelAtPeriodEnd: false,
            periodEnd: current.periodEnd !== null && current.periodEnd > today ? today : current.periodEnd,
          });
          await setAccountPlanCode(tx, tenant.id, null);
          // An invoice awaiting payment is void once the subscription is cancelled.
          const pending = await findPendingInvoice(tx, current.id);
          if (pending) {
            await rejectOrder(tx, ctx, scope, pending.id, BILLING_MESSAGES.voidedByCancel);
          }
        }
        await recordAudit(tx, ctx, {
          entity: 'subscription',
          entityId: current.id,
          action: 'CANCEL',
          tenantId: tenant.id,
          oldValue: { status, cancelAtPeriodEnd: current.cancelAtPeriodEnd },
          newValue: { action },
        });
        return {
          message: action === 'RESUME' ? BILLING_MESSAGES.resumed : BILLING_MESSAGES.cancelled,
          subscription: await view(tx, scope, tenant),
        };
      });
    },

    async usage(ctx: RequestContext, tenantId: number): Promise<UnitUsage[]> {
      const scope = scopeOf(ctx.principal);
      return usageOf(db, scope, await billedIndustry(db, scope, tenantId));
    },

    async checkCharge(ctx: RequestContext, kind: AddonCheckKind, tenantId: number): Promise<AddonCheck> {
      const scope = scopeOf(ctx.principal);
      const tenant = await billedIndustry(db, scope, tenantId);
      const unit = UNIT_OF_CHECK_KIND[kind];
      const usage = (await usageOf(db, scope, tenant)).find((u) => u.addOnUnit === unit)!;
      return {
        ...usage,
        paymentMode: tenant.paymentMode,
        chargeable: isLimited(tenant) && usage.used + 1 > usage.limit,
      };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
