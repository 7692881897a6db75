import {
  BILLING_MESSAGES,
  effectiveStatus,
  type Invoice,
  type InvoiceDetail,
  type InvoiceStatus,
  type Page,
  type Payment,
  type PaymentDecision,
  type PaymentStatus,
  type PaymentType,
  todayInIndia,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { canChangeAccount, scopeOf } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, forbidden, notFound, staleVersion } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.service.js';
import { violatedUniqueIndex } from '../cameras/cameras.repository.js';
import { discountsOf, findCoupon } from './catalogue.repository.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { PAYMENT_PROVIDERS, providerOf } from './payment-providers.js';
import { approveOrder, rejectOrder } from './settlement.js';
import {
  findBillingAccount,
  findCurrentSubscription,
  findInvoice,
  findPayment,
  insertPayment,
  invoiceLinesOf,
  latestPaymentStatusOf,
  listInvoices,
  listPayments,
  paymentsOfInvoice,
  type BillingAccount,
  type InvoiceRecord,
} from './subscriptions.repository.js';
import { billedIndustry } from './subscriptions.service.js';

export type PaymentStateReason = 'invoiceDecided' | 'paymentDecided' | 'paymentPending' | 'paidInFull';
const PAYMENT_STATE_MESSAGES: Record<PaymentStateReason, string> = {
  invoiceDecided: BILLING_MESSAGES.invoiceDecided,
  paymentDecided: BILLING_MESSAGES.paymentDecided,
  paymentPending: BILLING_MESSAGES.paymentPending,
  paidInFull: BILLING_MESSAGES.invoicePaidInFull,
};
const paymentState = (reason: PaymentStateReason) =>
  new AppError('PAYMENT_STATE', PAYMENT_STATE_MESSAGES[reason], undefined, { reason });

const PENDING_PAYMENT_INDEX = 'payments_pending_uq';

const summaryOf = (invoice: InvoiceRecord): Invoice => {
  const {
    order: _o,
    seller: _s,
    buyer: _b,
    subscriptionId: _i,
    couponId: _c,
    remark: _r,
    ...summary
  } = invoice;
  return summary;
};

export function createInvoicesService({ db, mailer }: { db: Database; mailer: Mailer }) {
  async function detailOf(exec: Executor, invoice: InvoiceRecord): Promise<InvoiceDetail> {
    const [lines, payments] = await Promise.all([
      invoiceLinesOf(exec, invoice.id),
      paymentsOfInvoice(exec, invoice.id),
    ]);
    return {
      ...summaryOf(invoice),
      seller: invoice.seller,
      buyer: invoice.buyer,
      lines,
      payments: payments.map((p) => ({
        id: p.id,
        method: p.method,
        reference: p.reference,
        amount: p.amount,
        paidOn: p.paidOn,
        status: p.status,
        remark: p.remark,
        decidedAt: p.decidedAt,
      })),
    };
  }

  /** Tells the industry what became of its payment. */
  async function mailDecision(
    exec: Executor,
    tenant: BillingAccount,
    invoice: InvoiceRecord,
    decision: PaymentDecision,
    remark: string | null,
  ) {
    if (!tenant.contactEmail) return;
    const approved = decision === 'APPROVED';
    await mailer.queue(exec, {
      to: tenant.contactEmail,
      kind: 'PAYMENT',
      subject: `Invoice ${invoice.number}: payment ${approved ? 'approved' : 'rejected'}`,
      text: [
        `Dear ${tenant.name},`,
        '',
        approved
          ? `The payment of invoice ${invoice.number} is approved: the ${invoice.planName} plan is in effect until ${invoice.order.periodEnd}.`
          : `The payment of invoice ${invoice.number} was not accepted${remark ? `: ${remark}` : ''}. Please contact your partner or the platform.`,
      ].join('\n'),
    });
  }

  /** Approves or rejects an invoice awaiting payment, with its payment awaiting approval. */
  async function decide(
    ctx: RequestContext,
    invoiceId: number,
    decision: PaymentDecision,
    remark: string | null,
    check: (invoice: InvoiceRecord) => void,
  ): Promise<InvoiceRecord> {
    const scope = scopeOf(ctx.principal);
    return db.transaction(async (tx) => {
      const held = await findInvoice(tx, scope, invoiceId);
      if (!held) throw notFound('Invoice');
      // The industry first, then the invoice: the order every change of an industry's billing takes.
      const tenant = await billedIndustry(tx, scope, held.tenantId, true);
      const invoice = (await findInvoice(tx, scope, invoiceId, true))!;
      check(invoice);
      if (invoice.status !== 'PENDING') throw paymentState('invoiceDecided');
      if (decision === 'APPROVED') await approveOrder(tx, ctx, scope, invoice.id, remark);
      else await rejectOrder(tx, ctx, scope, invoice.id, remark);
      await mailDecision(tx, tenant, invoice, decision, remark);
      return (await findInvoice(tx, scope, invoiceId))!;
    });
  }

  return {
    paymentTypes: () =>
      PAYMENT_PROVIDERS.flatMap((provider) => provider.methods.map((id) => ({ id, provider: provider.id }))),

    /** Where an invoice awaiting payment is paid (the first provider's page; offline payment today). */
    async checkoutUrl(ctx: RequestContext, id: number) {
      const invoice = await findInvoice(db, scopeOf(ctx.principal), id);
      if (!invoice) throw notFound('Invoice');
      if (invoice.status !== 'PENDING') throw paymentState('invoiceDecided');
      if (invoice.total === 0) throw paymentState('paidInFull');
      return {
        url: PAYMENT_PROVIDERS[0]!.checkoutUrl(invoice.id),
        providers: PAYMENT_PROVIDERS.map((p) => p.id),
      };
    },

    listInvoices(
      ctx: RequestContext,
      query: { page: number; status?: InvoiceStatus | undefined; tenantId?: number | undefined },
    ): Promise<Page<Invoice>> {
      return listInvoices(db, scopeOf(ctx.principal), query);
    },

    async getInvoice(ctx: RequestContext, id: number): Promise<InvoiceDetail> {
      const invoice = await findInvoice(db, scopeOf(ctx.principal), id);
      if (!invoice) throw notFound('Invoice');
      return detailOf(db, invoice);
    },

    async invoicePdf(ctx: RequestContext, id: number): Promise<{ fileName: string; pdf: Buffer }> {
      const invoice = await findInvoice(db, scopeOf(ctx.principal), id);
      if (!invoice) throw notFound('Invoice');
      const pdf = await renderInvoicePdf(await detailOf(db, invoice));
      return { fileName: `${invoice.number.replaceAll('/', '-')}.pdf`, pdf };
    },

    async decideInvoice(
      ctx: RequestContext,
      id: number,
      body: { status: PaymentDecision; remark: string | null; version: number },
    ): Promise<Invoice> {
      const decided = await decide(ctx, id, body.status, body.remark, (invoice) => {
        if (invoice.version !== body.version) throw staleVersion();
      });
      return summaryOf(decided);
    },

    async updatePaymentStatus(
      ctx: RequestContext,
      body: { tenantId: number; paymentId: number; paymentStatus: PaymentDecision; remark: string | null },
    ): Promise<{ message: string; payment: Payment }> {
      const scope = scopeOf(ctx.principal);
      const payment = await findPayment(db, scope, body.paymentId);
      if (!payment || payment.tenantId !== body.tenantId) throw notFound('Payment');
      if (payment.status !== 'PENDING') throw paymentState('paymentDecided');
      await decide(ctx, payment.invoiceId, body.paymentStatus, body.remark, () => undefined);
      return {
        message: BILLING_MESSAGES.paymentStatusUpdated,
        payment: (await findPayment(db, scope, payment.id))!,
      };
    },

    async recordPayment(
      ctx: RequestContext,
      body: { invoiceId: number; method: PaymentType; reference: string; paidOn: string },
    ): Promise<Payment> {
      const scope = scopeOf(ctx.principal);
      if (body.paidOn > todayInIndia()) {
        throw new AppError('VALIDATION_FAILED', 'The payment date cannot be after today.', [
          { path: 'paidOn', message: 'The payment date cannot be after today.', code: 'FIELD_RULE' },
        ]);
      }
      try {
        return await db.transaction(async (tx) => {
          const found = await findInvoice(tx, scope, body.invoiceId);
          if (!found) throw notFound('Invoice');
          const tenant = await billedIndustry(tx, scope, found.tenantId, true);
          if (!canChangeAccount(ctx.principal, tenant))
            throw forbidden('You are not allowed to pay the invoices of this industry.');
          const invoice = (await findInvoice(tx, scope, body.invoiceId, true))!;
          if (invoice.status !== 'PENDING') throw paymentState('invoiceDecided');
          if (invoice.total === 0) throw paymentState('paidInFull');
          if ((await paymentsOfInvoice(tx, invoice.id)).some((p) => p.status === 'PENDING')) {
            throw paymentState('paymentPending');
          }
          const provider = providerOf(body.method);
          const paymentId = await insertPayment(tx, {
            invoiceId: invoice.id,
            tenantId: invoice.tenantId,
            provider: provider.id,
            method: body.method,
            reference: body.reference,
            amount: invoice.total,
            paidOn: body.paidOn,
            recordedBy: ctx.principal.userId,
          });
          await recordAudit(tx, ctx, {
            entity: 'payment',
            entityId: paymentId,
            action: 'PAYMENT_RECORDED',
            tenantId: invoice.tenantId,
            newValue: {
              invoiceId: invoice.id,
              method: body.method,
              reference: body.reference,
              amount: invoice.total,
              paidOn: body.paidOn,
            },
          });
          const outcome = await provider.accept({
            method: body.method,
            reference: body.reference,
            amount: invoice.total,
          });
          if (outcome === 'approved') await approveOrder(tx, ctx, scope, invoice.id, null);
          if (outcome === 'rejected') await rejectOrder(tx, ctx, scope, invoice.id, null);
          return (await findPayment(tx, scope, paymentId))!;
        });
      } catch (error) {
        if (violatedUniqueIndex(error) === PENDING_PAYMENT_INDEX) throw paymentState('paymentPending');
        throw error;
      }
    },

    listPayments(
      ctx: RequestContext,
      query: { page: number; status?: PaymentStatus | undefined; tenantId?: number | undefined },
    ): Promise<Page<Payment>> {
      return listPayments(db, scopeOf(ctx.principal), query);
    },

    async partnerPayments(
      ctx: RequestContext,
      query: {
        page: number;
        status?: PaymentStatus | undefined;
        tenantId?: number | undefined;
        partnerId?: number | undefined;
      },
    ): Promise<Page<Payment>> {
      const scope = scopeOf(ctx.principal);
      const partnerId = ctx.principal.userType === 'partner' ? ctx.principal.accountId : query.partnerId;
      if (partnerId !== undefined) {
        const partner = await findBillingAccount(db, scope, partnerId);
        if (partner?.type !== 'partner') throw notFound('Partner');
      }
      return listPayments(db, scope, { ...query, partnerId });
    },

    async paymentStatus(ctx: RequestContext, tenantId: number) {
      const tenant = await billedIndustry(db, scopeOf(ctx.principal), tenantId);
      const current = await findCurrentSubscription(db, tenant.id);
      let coupon: string | null = null;
      if (current) {
        const discount = (await discountsOf(db, tenant.id)).get(current.planId);
        if (discount?.state === 'APPLIED')
          coupon = (await findCoupon(db, discount.couponId))?.couponCode ?? null;
      }
      return {
        tenantId: tenant.id,
        plan: current?.planName ?? null,
        coupon,
        paymentStatus: await latestPaymentStatusOf(db, tenant.id),
        subscriptionStatus: current
          ? effectiveStatus(current.status, current.periodEnd, todayInIndia(), current.cancelAtPeriodEnd)
          : null,
      };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
