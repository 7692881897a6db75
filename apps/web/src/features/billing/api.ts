import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingEndpoints,
  buildEndpointPath,
  partnersEndpoints,
  tenantsEndpoints,
  type CancelAction,
  type DiscountAccountType,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
  type PaymentDecision,
} from '@vayu/domain';
import { useNavigate } from 'react-router';
import { buildApiUrl, callEndpoint } from '../../app/api-client';

export type SubscriptionView = EndpointResponse<typeof billingEndpoints.getSubscription>;
export type TenantPlan = EndpointResponse<typeof billingEndpoints.tenantPlans>[number];
export type InvoiceListQuery = EndpointQuery<typeof billingEndpoints.listInvoices>;
export type PaymentListQuery = EndpointQuery<typeof billingEndpoints.listPayments>;
export type OrderBody = EndpointBody<typeof billingEndpoints.makeSubscription>;
export type OrderResult = EndpointResponse<typeof billingEndpoints.makeSubscription>;
export type SettingsBody = EndpointBody<typeof billingEndpoints.updateSubscriptionSettings>;
export type PlanCreateBody = EndpointBody<typeof billingEndpoints.createPlan>;
export type PlanUpdateBody = EndpointBody<typeof billingEndpoints.updatePlan>;
export type AddonCreateBody = EndpointBody<typeof billingEndpoints.createAddon>;
export type AddonUpdateBody = EndpointBody<typeof billingEndpoints.updateAddon>;
export type CouponBody = EndpointBody<typeof billingEndpoints.createCoupon>;
export type PaymentBody = EndpointBody<typeof billingEndpoints.recordPayment>;

/**
 * Query keys of subscriptions, plans, invoices, payments, coupons and
 * discounts. An order, a payment or a decision changes what several screens
 * show (the subscription, its invoice, the lists), so writes refresh through
 * `all` unless only one catalogue changed.
 */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: (tenantId: number) => [...billingKeys.all, 'subscription', tenantId] as const,
  tenantPlans: (tenantId: number) => [...billingKeys.all, 'tenant-plans', tenantId] as const,
  quote: (body: OrderBody) => [...billingKeys.all, 'quote', body] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  addons: () => [...billingKeys.all, 'addons'] as const,
  paymentTypes: () => [...billingKeys.all, 'payment-types'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  invoiceList: (query: InvoiceListQuery) => [...billingKeys.invoices(), 'list', query] as const,
  invoice: (id: number) => [...billingKeys.invoices(), 'detail', id] as const,
  payments: () => [...billingKeys.all, 'payments'] as const,
  paymentList: (scope: 'all' | 'partner', query: PaymentListQuery) =>
    [...billingKeys.payments(), scope, query] as const,
  coupons: () => [...billingKeys.all, 'coupons'] as const,
  discounts: (accountType: DiscountAccountType, accountId: number) =>
    [...billingKeys.all, 'discounts', accountType, accountId] as const,
  partners: () => [...billingKeys.all, 'partners'] as const,
  industryName: (tenantId: number) => [...billingKeys.all, 'industry-name', tenantId] as const,
};

/** Everything billing shows is asked again (an order, a payment or a decision touches several screens). */
function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingKeys.all });
}

// ── Subscriptions ──────────────────────────────────────────────────────────

export const subscriptionQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: billingKeys.subscription(tenantId),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.getSubscription, { params: { tenantId }, signal }),
  });

/** An industry's plan, period, status, invoice awaiting payment and usage against its limits. */
export function useSubscriptionView(tenantId: number, enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(tenantId), enabled: enabled && tenantId > 0 });
}

/** The plans the industry may choose, with its coupon on each. */
export function useTenantPlans(tenantId: number) {
  return useQuery({
    queryKey: billingKeys.tenantPlans(tenantId),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.tenantPlans, { query: { tenantId }, signal }),
  });
}

/** What the order would cost; nothing is written. Asked again whenever the order changes. */
export function useQuote(body: OrderBody | null) {
  return useQuery({
    queryKey: billingKeys.quote(body ?? { tenantId: 0, planCode: '' }),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.quoteSubscription, { body: body!, signal }),
    enabled: body !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Places the order: a first subscription (`makeSubscription`) or a change of the one held. */
export function usePlaceOrder() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ isFirst, body }: { isFirst: boolean; body: OrderBody }) =>
      isFirst
        ? callEndpoint(billingEndpoints.makeSubscription, { body })
        : callEndpoint(billingEndpoints.changeSubscription, {
            body: { tenantId: body.tenantId, planCode: body.planCode, addons: body.addons ?? [] },
          }),
    onSettled: refresh,
  });
}

export function useRenewSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (tenantId: number) =>
      callEndpoint(billingEndpoints.renewSubscription, { params: { id: tenantId } }),
    onSettled: refresh,
  });
}

/** Cancels (at the period's end or at once) or resumes, from the version the page showed. */
export function useCancelSubscription(tenantId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ id, action, version }: { id: number; action: CancelAction; version: number }) =>
      callEndpoint(billingEndpoints.cancelSubscription, { params: { id }, body: { action, version } }),
    onSuccess: (answer) => queryClient.setQueryData(billingKeys.subscription(tenantId), answer.subscription),
    onSettled: refresh,
  });
}

/** The site's settings of an industry (payment mode and units granted free). */
export function useUpdateSubscriptionSettings(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) =>
      callEndpoint(billingEndpoints.updateSubscriptionSettings, { params: { tenantId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.subscription(tenantId), saved),
  });
}

/** The name of the industry chosen in a list's URL, for its filter before any search has run. */
export function useIndustryName(tenantId: number | undefined) {
  return useQuery({
    queryKey: billingKeys.industryName(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(tenantsEndpoints.getTenant, { params: { id: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
    select: (tenant) => tenant.name,
  });
}

// ── Plans and add-ons ──────────────────────────────────────────────────────

/** Every plan (site users also see withdrawn ones). */
export function usePlans() {
  return useQuery({
    queryKey: billingKeys.plans(),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.listPlans, { signal }),
  });
}

/** The add-ons, in the spec's order. */
export function useAddons() {
  return useQuery({
    queryKey: billingKeys.addons(),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.listAddons, { signal }),
  });
}

export function useSavePlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: { id: null; body: PlanCreateBody } | { id: number; body: PlanUpdateBody }) =>
      input.id === null
        ? callEndpoint(billingEndpoints.createPlan, { body: input.body })
        : callEndpoint(billingEndpoints.updatePlan, { params: { id: input.id }, body: input.body }),
    onSettled: refresh,
  });
}

export function useSaveAddon() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: { id: null; body: AddonCreateBody } | { id: number; body: AddonUpdateBody }) =>
      input.id === null
        ? callEndpoint(billingEndpoints.createAddon, { body: input.body })
        : callEndpoint(billingEndpoints.updateAddon, { params: { id: input.id }, body: input.body }),
    onSettled: refresh,
  });
}

// ── Invoices and payments ──────────────────────────────────────────────────

export function useInvoices(query: InvoiceListQuery) {
  return useQuery({
    queryKey: billingKeys.invoiceList(query),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.listInvoices, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** An invoice with seller, buyer, lines and payments. */
export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: billingKeys.invoice(id ?? 0),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.getInvoice, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** Where the browser downloads an invoice as a PDF (the session cookie goes with it). */
export function invoicePdfUrl(id: number): string {
  const path = buildEndpointPath(billingEndpoints.downloadInvoice.path, { id });
  return buildApiUrl(path.slice('/api'.length));
}

/** Approves or rejects an invoice (and its payment awaiting approval) at the version shown. */
export function useDecideInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({
      id,
      status,
      remark,
      version,
    }: {
      id: number;
      status: PaymentDecision;
      remark: string;
      version: number;
    }) => callEndpoint(billingEndpoints.decideInvoice, { params: { id }, body: { status, remark, version } }),
    onSettled: refresh,
  });
}

/**
 * Goes to where an invoice is paid, as its payment provider says
 * (`GET /api/payment/checkout/{id}`): the console's checkout page for offline
 * payment, a gateway's https page for a card provider. When the API cannot say,
 * the console's own checkout page.
 */
export function useGoToCheckout() {
  const navigate = useNavigate();
  return async (invoiceId: number) => {
    let url = `/checkout/${invoiceId}`;
    try {
      url = (await callEndpoint(billingEndpoints.checkoutUrl, { params: { id: invoiceId } })).url;
    } catch {
      // The console's own page shows the invoice and why it cannot be paid, if it cannot.
    }
    if (url.startsWith('/') && !url.startsWith('//')) void navigate(url);
    else if (url.startsWith('https://')) window.location.assign(url);
    else void navigate(`/checkout/${invoiceId}`);
  };
}

export function usePaymentTypes() {
  return useQuery({
    queryKey: billingKeys.paymentTypes(),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.paymentTypes, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRecordPayment() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: PaymentBody) => callEndpoint(billingEndpoints.recordPayment, { body }),
    onSettled: refresh,
  });
}

/** Payments the user sees; a partner's users ask for their industries' payments (`/api/payment/partner`). */
export function usePayments(query: PaymentListQuery, scope: 'all' | 'partner') {
  return useQuery({
    queryKey: billingKeys.paymentList(scope, query),
    queryFn: ({ signal }) =>
      scope === 'partner'
        ? callEndpoint(billingEndpoints.partnerPayments, { query, signal })
        : callEndpoint(billingEndpoints.listPayments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdatePaymentStatus() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof billingEndpoints.updatePaymentStatus>) =>
      callEndpoint(billingEndpoints.updatePaymentStatus, { body }),
    onSettled: refresh,
  });
}

// ── Coupons and discounts ──────────────────────────────────────────────────

export function useCoupons(enabled = true) {
  return useQuery({
    queryKey: billingKeys.coupons(),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.listCoupons, { signal }),
    enabled,
  });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponBody) => callEndpoint(billingEndpoints.createCoupon, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.coupons() }),
  });
}

/** The partners, to name a partner's coupon and to choose one for a new coupon (site users only). */
export function usePartnerNames(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.partners(),
    queryFn: ({ signal }) => callEndpoint(partnersEndpoints.listPartners, { query: {}, signal }),
    enabled,
    staleTime: 5 * 60_000,
    select: (partners) => partners.map((partner) => ({ id: partner.id, name: partner.name })),
  });
}

export function useDiscounts(accountType: DiscountAccountType, accountId: number) {
  return useQuery({
    queryKey: billingKeys.discounts(accountType, accountId),
    queryFn: ({ signal }) =>
      callEndpoint(billingEndpoints.listDiscounts, { params: { accountType, accountId }, signal }),
  });
}

export function useApplyCoupon() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof billingEndpoints.applyCoupon>) =>
      callEndpoint(billingEndpoints.applyCoupon, { body }),
    onSettled: refresh,
  });
}

export function useRemoveCoupon() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof billingEndpoints.removeCoupon>) =>
      callEndpoint(billingEndpoints.removeCoupon, { body }),
    onSettled: refresh,
  });
}

export function useRebuildDiscounts() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ partnerId, planCode }: { partnerId: number; planCode: string }) =>
      callEndpoint(billingEndpoints.rebuildDiscounts, { params: { id: partnerId }, body: { planCode } }),
    onSettled: refresh,
  });
}
