import type { CurrentSubscription, Invoice, InvoiceDetail, Quote, UnitUsage } from '@vayu/domain';
import type { OrderResult, SubscriptionView, TenantPlan } from './api';

/** The tests' API stand-ins: Deccan Cement Works (21) on the BASIC plan, with PRO and ENTERPRISE on sale. */
export const TENANT_ID = 21;

export const USAGE: UnitUsage[] = [
  { addOnUnit: 'User', included: 3, purchased: 0, granted: 1, limit: 4, used: 2 },
  { addOnUnit: 'Parameter', included: 10, purchased: 2, granted: 0, limit: 12, used: 11 },
  { addOnUnit: 'Camera', included: 1, purchased: 0, granted: 0, limit: 1, used: 1 },
];

export function currentSubscription(overrides: Partial<CurrentSubscription> = {}): CurrentSubscription {
  return {
    id: 5,
    planCode: 'BASIC',
    planName: 'Basic',
    period: 'MONTHLY',
    status: 'ACTIVE',
    startedOn: '2026-10-01',
    periodStart: '2026-11-01',
    periodEnd: '2026-12-01',
    renewsOn: '2026-12-01',
    cancelAtPeriodEnd: false,
    cancelledAt: null,
    credit: 0,
    addons: [
      {
        addOnId: 1,
        addOnName: 'Parameter add-on',
        addOnUnit: 'Parameter',
        quantity: 2,
        monthlyPrice: 50_000,
      },
    ],
    version: 3,
    ...overrides,
  };
}

export function subscriptionView(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    tenantId: TENANT_ID,
    tenantName: 'Deccan Cement Works',
    partnerId: 4,
    paymentMode: true,
    granted: { users: 1, parameters: 0, cameras: 0 },
    subscription: currentSubscription(),
    pendingInvoice: null,
    usage: USAGE,
    version: 7,
    ...overrides,
  };
}

const planAddon = (
  addOnId: number,
  addOnUnit: 'Parameter' | 'Camera' | 'User',
  quantity: number,
  minimumAddons = 0,
  suggestedAddons: number | null = null,
) => ({
  addOnId,
  addOnName: `${addOnUnit} add-on`,
  addOnUnit,
  quantity,
  minimumAddons,
  suggestedAddons,
  monthlyPrice: addOnUnit === 'Camera' ? 150_000 : 50_000,
});

export const PLANS: TenantPlan[] = [
  {
    id: 1,
    code: 'BASIC',
    name: 'Basic',
    description: 'Up to ten parameters',
    period: 'MONTHLY',
    price: 500_000,
    active: true,
    addons: [planAddon(1, 'Parameter', 10), planAddon(3, 'User', 3)],
    version: 1,
    couponCode: null,
    discountedPrice: 500_000,
    current: true,
  },
  {
    id: 2,
    code: 'PRO',
    name: 'Pro',
    description: null,
    period: 'MONTHLY',
    price: 1_200_000,
    active: true,
    addons: [planAddon(1, 'Parameter', 25), planAddon(2, 'Camera', 2), planAddon(3, 'User', 5)],
    version: 1,
    couponCode: 'DIWALI10',
    discountedPrice: 1_080_000,
    current: false,
  },
  {
    id: 3,
    code: 'ENTERPRISE',
    name: 'Enterprise',
    description: null,
    period: 'YEARLY',
    price: 12_000_000,
    active: true,
    addons: [planAddon(1, 'Parameter', 50), planAddon(2, 'Camera', 4, 2, 3)],
    version: 1,
    couponCode: null,
    discountedPrice: 12_000_000,
    current: false,
  },
];

export function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    tenantId: TENANT_ID,
    planCode: 'PRO',
    planName: 'Pro',
    kind: 'CHANGE',
    periodStart: '2026-11-15',
    periodEnd: '2026-12-01',
    lines: [
      { description: 'Pro plan (16 of 30 days)', quantity: 1, unitPrice: 640_000, amount: 640_000 },
      { description: 'Coupon DIWALI10', quantity: 1, unitPrice: -64_000, amount: -64_000 },
      { description: 'Unused part of Basic', quantity: 1, unitPrice: -266_667, amount: -266_667 },
    ],
    charge: 640_000,
    discount: 64_000,
    credit: 266_667,
    creditCarried: 0,
    taxable: 309_333,
    cgst: 27_840,
    sgst: 27_840,
    igst: 0,
    total: 365_013,
    couponCode: 'DIWALI10',
    ...overrides,
  };
}

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 42,
    number: 'VY/2026-27/00042',
    financialYear: '2026-27',
    kind: 'CHANGE',
    status: 'PENDING',
    tenantId: TENANT_ID,
    tenantName: 'Deccan Cement Works',
    partnerId: 4,
    planCode: 'PRO',
    planName: 'Pro',
    periodStart: '2026-11-15',
    periodEnd: '2026-12-01',
    issuedAt: '2026-11-15T06:30:00.000Z',
    decidedAt: null,
    charge: 640_000,
    discount: 64_000,
    credit: 266_667,
    taxable: 309_333,
    cgst: 27_840,
    sgst: 27_840,
    igst: 0,
    total: 365_013,
    couponCode: 'DIWALI10',
    paymentStatus: null,
    version: 1,
    ...overrides,
  };
}

export function invoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...invoice(),
    seller: {
      name: 'Vayu Platform',
      gstin: '27AABCV1234F1Z5',
      stateCode: 'MH',
      stateName: 'Maharashtra',
      address: 'Pune 411001',
    },
    buyer: {
      name: 'Deccan Cement Works',
      gstin: '27AADCD4821K1Z2',
      stateCode: 'MH',
      stateName: 'Maharashtra',
      address: 'Chandrapur 442401',
    },
    lines: quote().lines,
    payments: [],
    ...overrides,
  };
}

export function orderResult(invoiceOverrides: Partial<Invoice> = {}): OrderResult {
  return {
    message: 'Your plan has been changed successfully',
    invoice: invoice(invoiceOverrides),
    subscription: currentSubscription(),
  };
}
