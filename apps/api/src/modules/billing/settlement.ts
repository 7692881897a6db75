import type { DataScope } from '../../auth/scope.js';
import type { RequestContext } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import { recordAudit } from '../audit/audit.service.js';
import { countCouponUse } from './catalogue.repository.js';
import {
  decidePendingPayment,
  findInvoice,
  findSubscriptionById,
  replaceHeldAddons,
  setAccountPlanCode,
  setInvoiceDecision,
  updateSubscriptionRow,
  type InvoiceRecord,
} from './subscriptions.repository.js';

/**
 * What becomes of an invoice's order when it is decided: paid, the order is
 * the subscription; rejected (or voided), what the invoice took is given
 * back. Both run in the deciding transaction, on held rows.
 */

/** Makes a paid invoice's order the subscription: plan, add-ons and period, active, with the credit it left over. */
export async function applyOrder(
  exec: Executor,
  invoice: Pick<InvoiceRecord, 'subscriptionId' | 'tenantId' | 'order'>,
): Promise<void> {
  const { order } = invoice;
  await updateSubscriptionRow(exec, invoice.subscriptionId, {
    planId: order.planId,
    planPrice: order.planPrice,
    periodMonths: order.periodMonths,
    status: 'ACTIVE',
    periodStart: order.periodStart,
    periodEnd: order.periodEnd,
    cancelAtPeriodEnd: false,
    cancelledAt: null,
    credit: order.creditCarried,
  });
  await replaceHeldAddons(exec, invoice.subscriptionId, order.addons);
  await setAccountPlanCode(exec, invoice.tenantId, order.planCode);
}

/**
 * Decides an invoice awaiting payment, and its payment awaiting approval,
 * audited. Approved: the order becomes the subscription. Rejected: the credit
 * it took goes back to the subscription, its coupon use is given back, and a
 * first subscription that was never paid ends (CANCELLED), so that another
 * can be made.
 */
async function decideOrder(
  exec: Executor,
  ctx: RequestContext,
  scope: DataScope,
  invoiceId: number,
  decision: 'APPROVED' | 'REJECTED',
  remark: string | null,
): Promise<InvoiceRecord> {
  const invoice = (await findInvoice(exec, scope, invoiceId, true))!;
  const status = decision === 'APPROVED' ? 'PAID' : 'REJECTED';
  const decidedBy = ctx.principal.userId;
  await setInvoiceDecision(exec, invoice.id, { status, decidedBy, remark });
  await decidePendingPayment(exec, invoice.id, { status: decision, decidedBy, remark });
  if (decision === 'APPROVED') {
    await applyOrder(exec, invoice);
  } else {
    if (invoice.couponId !== null) await countCouponUse(exec, invoice.couponId, -1);
    const subscription = await findSubscriptionById(exec, scope, invoice.subscriptionId, true);
    if (subscription?.status === 'PENDING_PAYMENT') {
      await updateSubscriptionRow(exec, subscription.id, { status: 'CANCELLED', cancelledAt: new Date() });
    } else if (subscription && invoice.order.creditTaken > 0) {
      await updateSubscriptionRow(exec, subscription.id, {
        credit: subscription.credit + invoice.order.creditTaken,
      });
    }
  }
  await recordAudit(exec, ctx, {
    entity: 'invoice',
    entityId: invoice.id,
    action: 'PAYMENT_DECIDED',
    tenantId: invoice.tenantId,
    oldValue: { status: invoice.status },
    newValue: { status, remark },
  });
  return invoice;
}

/** Approves an invoice awaiting payment: the order takes effect. */
export const approveOrder = (
  exec: Executor,
  ctx: RequestContext,
  scope: DataScope,
  invoiceId: number,
  remark: string | null,
) => decideOrder(exec, ctx, scope, invoiceId, 'APPROVED', remark);

/** Rejects (or voids) an invoice awaiting payment: what it took is given back. */
export const rejectOrder = (
  exec: Executor,
  ctx: RequestContext,
  scope: DataScope,
  invoiceId: number,
  remark: string | null,
) => decideOrder(exec, ctx, scope, invoiceId, 'REJECTED', remark);
