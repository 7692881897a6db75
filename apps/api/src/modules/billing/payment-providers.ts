import type { PaymentType } from '@vayu/domain';

/**
 * How a payment reaches the platform. The built-in provider is offline
 * payment: the customer pays by bank transfer or cheque and records its
 * reference; a site user approves or rejects it against the bank statement.
 * A card gateway would be another provider: it would answer `approved` (or
 * `rejected`) from the gateway's answer instead of `pending`, and the same
 * settlement (modules/billing/settlement.ts) would follow.
 */
export interface PaymentProvider {
  id: string;
  methods: readonly PaymentType[];
  /** Where the customer pays an invoice: a page of the console, or a gateway's page. */
  checkoutUrl(invoiceId: number): string;
  /** What happens to a payment once recorded: `pending` until someone decides, or the gateway's answer. */
  accept(payment: {
    method: PaymentType;
    reference: string;
    amount: number;
  }): Promise<'pending' | 'approved' | 'rejected'>;
}

export const offlinePayments: PaymentProvider = {
  id: 'offline',
  methods: ['BANK_TRANSFER', 'CHEQUE'],
  checkoutUrl: (invoiceId) => `/checkout/${invoiceId}`,
  accept: () => Promise.resolve('pending'),
};

/** The providers the console offers, in the order shown. */
export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = [offlinePayments];

export function providerOf(method: PaymentType): PaymentProvider {
  const provider = PAYMENT_PROVIDERS.find((p) => p.methods.includes(method));
  if (!provider) throw new Error(`No payment provider takes ${method}`);
  return provider;
}
