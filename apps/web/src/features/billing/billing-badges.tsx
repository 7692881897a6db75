import { Badge } from '@mantine/core';
import type { DiscountState, InvoiceStatus, PaymentStatus, SubscriptionStatus } from '@vayu/domain';
import { useTranslation } from 'react-i18next';

const SUBSCRIPTION_COLORS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'green',
  PENDING_PAYMENT: 'orange',
  CANCELLED: 'gray',
  EXPIRED: 'red',
};
const INVOICE_COLORS: Record<InvoiceStatus, string> = { PENDING: 'orange', PAID: 'green', REJECTED: 'red' };
const PAYMENT_COLORS: Record<PaymentStatus, string> = {
  PENDING: 'orange',
  APPROVED: 'green',
  REJECTED: 'red',
};
const DISCOUNT_COLORS: Record<DiscountState, string> = { NONE: 'gray', APPLIED: 'green', REMOVED: 'orange' };

/** Active, Awaiting payment, Cancelled or Expired. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={SUBSCRIPTION_COLORS[status]} variant="light" tt="none">
      {t(`billing.subscriptionStatus.${status}`)}
    </Badge>
  );
}

/** Awaiting payment, Paid or Rejected. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={INVOICE_COLORS[status]} variant="light" tt="none">
      {t(`billing.invoiceStatus.${status}`)}
    </Badge>
  );
}

/** Awaiting approval, Approved or Rejected; "Not paid" when no payment was recorded. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus | null }) {
  const { t } = useTranslation();
  if (status === null) {
    return (
      <Badge color="gray" variant="outline" tt="none">
        {t('billing.paymentStatus.none')}
      </Badge>
    );
  }
  return (
    <Badge color={PAYMENT_COLORS[status]} variant="light" tt="none">
      {t(`billing.paymentStatus.${status}`)}
    </Badge>
  );
}

/** A plan's coupon for an account: none, applied or removed. */
export function DiscountStateBadge({ state }: { state: DiscountState }) {
  const { t } = useTranslation();
  return (
    <Badge color={DISCOUNT_COLORS[state]} variant="light" tt="none">
      {t(`billing.discountState.${state}`)}
    </Badge>
  );
}
