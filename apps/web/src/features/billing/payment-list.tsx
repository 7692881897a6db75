import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  billingEndpoints,
  formatInr,
  isAccessAllowed,
  PAYMENT_STATUSES,
  paymentListQuerySchema,
  type Payment,
} from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../app/session';
import type { DataTableColumn } from '../../components/data-table';
import { useListState } from '../../components/list';
import { usePayments, useUpdatePaymentStatus } from './api';
import { PaymentStatusBadge } from './billing-badges';
import { BillingListPage } from './billing-list-page';
import { BillingDecisionDialog, type DecisionTarget } from './billing-decision-dialog';
import { formatDay, formatMoment } from './billing-text';

/**
 * `/payments`: the offline payments of the industries the user sees (a
 * partner's users: their industries', `/api/payment/partner`), newest first,
 * by status and industry, paged on the server with the filters in the URL.
 * Site administrators approve or reject a payment awaiting approval.
 */
export function PaymentList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const scope = user?.userType === 'partner' ? 'partner' : 'all';
  const listOptions = useMemo(
    () => ({ fixed: ownTenantId === undefined ? {} : { tenantId: ownTenantId } }),
    [ownTenantId],
  );
  const list = useListState(paymentListQuerySchema, listOptions);
  const payments = usePayments(list.query, scope);
  const updateStatus = useUpdatePaymentStatus();
  const canDecide = user !== null && isAccessAllowed(billingEndpoints.updatePaymentStatus.access, user);
  const [deciding, setDeciding] = useState<DecisionTarget | null>(null);

  const tenantId = ownTenantId === undefined ? list.query.tenantId : undefined;

  const askDecision = (payment: Payment, decision: DecisionTarget['decision']) => {
    const values = { number: payment.invoiceNumber, amount: formatInr(payment.amount) };
    setDeciding({
      decision,
      question:
        decision === 'APPROVED'
          ? t('billing.decision.approvePayment', values)
          : t('billing.decision.rejectPayment', values),
      decide: (remark) =>
        updateStatus.mutateAsync({
          tenantId: payment.tenantId,
          paymentId: payment.id,
          paymentStatus: decision,
          remark,
        }),
    });
  };

  const columns: DataTableColumn<Payment>[] = [
    {
      key: 'invoice',
      header: t('billing.payments.invoice'),
      cellProps: { fw: 500, style: { whiteSpace: 'nowrap' } },
      render: (payment) => (
        <Anchor component={Link} to={`/invoices/${payment.invoiceId}`} size="sm">
          {payment.invoiceNumber}
        </Anchor>
      ),
    },
    ...(ownTenantId === undefined && tenantId === undefined
      ? [{ key: 'industry', header: t('billing.industry'), render: (payment: Payment) => payment.tenantName }]
      : []),
    {
      key: 'method',
      header: t('billing.payments.method'),
      render: (payment) => t(`billing.paymentTypes.${payment.method}`),
    },
    {
      key: 'reference',
      header: t('billing.payments.reference'),
      cellProps: { style: { overflowWrap: 'anywhere' } },
      render: (payment) => payment.reference,
    },
    {
      key: 'amount',
      header: t('billing.payments.amount'),
      align: 'right',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (payment) => formatInr(payment.amount),
    },
    {
      key: 'paidOn',
      header: t('billing.payments.paidOn'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (payment) => formatDay(payment.paidOn),
    },
    {
      key: 'status',
      header: t('billing.payments.status'),
      render: (payment) => (
        <Stack gap={2}>
          <PaymentStatusBadge status={payment.status} />
          {payment.remark && <Text size="xs">{payment.remark}</Text>}
        </Stack>
      ),
    },
    {
      key: 'recorded',
      header: t('billing.payments.recorded'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (payment) => formatMoment(payment.recordedAt),
    },
    ...(canDecide
      ? [
          {
            key: 'actions',
            header: t('billing.actions'),
            render: (payment: Payment) =>
              payment.status === 'PENDING' ? (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => askDecision(payment, 'APPROVED')}
                    aria-label={t('billing.decision.approvePaymentNamed', { number: payment.invoiceNumber })}
                  >
                    {t('billing.decision.approve')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => askDecision(payment, 'REJECTED')}
                    aria-label={t('billing.decision.rejectPaymentNamed', { number: payment.invoiceNumber })}
                  >
                    {t('billing.decision.reject')}
                  </Button>
                </Group>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <BillingListPage
      title={t('pages.payments')}
      intro={t('billing.payments.intro')}
      status={{
        label: t('billing.payments.status'),
        options: PAYMENT_STATUSES.map((status) => ({
          value: status,
          label: t(`billing.paymentStatus.${status}`),
        })),
        value: list.query.status,
        onChange: (value) => list.change({ status: PAYMENT_STATUSES.find((status) => status === value) }),
      }}
      tenantId={ownTenantId === undefined ? tenantId : null}
      onTenantChange={(next) => list.change({ tenantId: next })}
      isFiltered={list.isFiltered}
      onClear={list.clear}
      query={payments}
      page={list.query.page}
      onPage={list.setPage}
      columns={columns}
      getRowKey={(payment) => payment.id}
      minWidth={1000}
      texts={{
        listError: t('billing.payments.listError'),
        noMatch: t('billing.payments.noMatch'),
        empty: t('billing.payments.empty'),
        caption: (range) => t('billing.payments.caption', range),
      }}
    >
      <BillingDecisionDialog target={deciding} onClose={() => setDeciding(null)} />
    </BillingListPage>
  );
}
