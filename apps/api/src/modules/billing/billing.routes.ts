import type { FastifyInstance } from 'fastify';
import { billingEndpoints } from '@vayu/domain';
import { attachmentOf } from '../../lib/content-disposition.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { CatalogueService } from './catalogue.service.js';
import type { InvoicesService } from './invoices.service.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export async function billingRoutes(
  app: FastifyInstance,
  {
    catalogue,
    subscriptions,
    invoices,
  }: { catalogue: CatalogueService; subscriptions: SubscriptionsService; invoices: InvoicesService },
) {
  registerEndpoints(app, billingEndpoints, {
    listPlans: (_, request) => catalogue.listPlans(contextOf(request)),
    createPlan: ({ body }, request) => catalogue.createPlan(contextOf(request), body),
    updatePlan: ({ params, body }, request) => catalogue.updatePlan(contextOf(request), params.id, body),
    tenantPlans: ({ query }, request) => catalogue.tenantPlans(contextOf(request), query.tenantId),
    listAddons: () => catalogue.listAddons(),
    createAddon: ({ body }, request) => catalogue.createAddon(contextOf(request), body),
    updateAddon: ({ params, body }, request) => catalogue.updateAddon(contextOf(request), params.id, body),
    paymentTypes: () => invoices.paymentTypes(),

    getSubscription: ({ params }, request) =>
      subscriptions.getSubscription(contextOf(request), params.tenantId),
    updateSubscriptionSettings: ({ params, body }, request) =>
      subscriptions.updateSettings(contextOf(request), params.tenantId, body),
    quoteSubscription: ({ body }, request) => subscriptions.quote(contextOf(request), body),
    makeSubscription: ({ body }, request) => subscriptions.make(contextOf(request), body),
    changeSubscription: ({ body }, request) => subscriptions.change(contextOf(request), body),
    cancelSubscription: ({ params, body }, request) =>
      subscriptions.cancel(contextOf(request), params.id, body.action, body.version),
    renewSubscription: ({ params }, request) => subscriptions.renew(contextOf(request), params.id),

    checkAddonCharge: ({ params, query }, request) =>
      subscriptions.checkCharge(contextOf(request), params.kind, query.tenantId),
    addonUsage: ({ query }, request) => subscriptions.usage(contextOf(request), query.tenantId),

    listInvoices: ({ query }, request) => invoices.listInvoices(contextOf(request), query),
    getInvoice: ({ params }, request) => invoices.getInvoice(contextOf(request), params.id),
    downloadInvoice: async ({ params }, request, reply) => {
      const { fileName, pdf } = await invoices.invoicePdf(contextOf(request), params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentOf(fileName))
        .send(pdf);
    },
    decideInvoice: ({ params, body }, request) => invoices.decideInvoice(contextOf(request), params.id, body),

    checkoutUrl: ({ params }, request) => invoices.checkoutUrl(contextOf(request), params.id),
    recordPayment: ({ body }, request) => invoices.recordPayment(contextOf(request), body),
    listPayments: ({ query }, request) => invoices.listPayments(contextOf(request), query),
    partnerPayments: ({ query }, request) => invoices.partnerPayments(contextOf(request), query),
    updatePaymentStatus: ({ body }, request) => invoices.updatePaymentStatus(contextOf(request), body),
    paymentStatus: ({ query }, request) => invoices.paymentStatus(contextOf(request), query.tenantId),

    listCoupons: (_, request) => catalogue.listCoupons(contextOf(request)),
    createCoupon: ({ body }, request) => catalogue.createCoupon(contextOf(request), body),
    listDiscounts: ({ params }, request) =>
      catalogue.listDiscounts(contextOf(request), params.accountType, params.accountId),
    applyCoupon: ({ body }, request) => catalogue.applyCoupon(contextOf(request), body),
    removeCoupon: ({ body }, request) => catalogue.removeCoupon(contextOf(request), body),
    rebuildDiscounts: ({ params, body }, request) =>
      catalogue.rebuildDiscounts(contextOf(request), params.id, body.planCode),
  });
}
