import { Button, Group } from '@mantine/core';
import {
  billingEndpoints,
  formatInr,
  INVOICE_STATUSES,
  invoiceListQuerySchema,
  isAccessAllowed,
  type Invoice,
} from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { useSessionUser } from '../../app/session';
import type { DataTableColumn } from '../../components/data-table';
import { useListState } from '../../components/list';
import { invoicePdfUrl, useDecideInvoice, useInvoices } from './api';
import { InvoiceStatusBadge, PaymentStatusBadge } from './billing-badges';
import { BillingListPage } from './billing-list-page';
import { BillingDecisionDialog, type DecisionTarget } from './billing-decision-dialog';
import { formatPeriod } from './billing-text';
import { InvoiceViewDialog } from './invoice-view-dialog';
import { parseId } from './select-plan-page';

export const INVOICES_PATH = '/invoices';
export const INVOICE_VIEW_PATTERN = '/invoices/:invoiceId';

/**
 * `/invoices`: the invoices of the industries the user sees, newest first,
 * by status and industry, 20 a page on the server, with the filters and page
 * in the URL; `/invoices/{id}` is the same list with that invoice open. Site
 * administrators approve or reject an invoice awaiting payment.
 */
export function InvoiceList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const location = useLocation();
  const ownTenantId = user?.userType === 'tenant' ? user.account.id : undefined;
  const listOptions = useMemo(
    () => ({ fixed: ownTenantId === undefined ? {} : { tenantId: ownTenantId } }),
    [ownTenantId],
  );
  const list = useListState(invoiceListQuerySchema, listOptions);
  const invoices = useInvoices(list.query);
  const decide = useDecideInvoice();
  const canDecide = user !== null && isAccessAllowed(billingEndpoints.decideInvoice.access, user);
  const [deciding, setDeciding] = useState<DecisionTarget | null>(null);

  const viewMatch = useMatch(INVOICE_VIEW_PATTERN);
  const viewedId = parseId(viewMatch?.params.invoiceId);
  const openView = (id: number) =>
    void navigate({ pathname: `${INVOICES_PATH}/${id}`, search: location.search });
  const closeView = () => void navigate({ pathname: INVOICES_PATH, search: location.search });

  const askDecision = (invoice: Invoice, decision: DecisionTarget['decision']) =>
    setDeciding({
      decision,
      question:
        decision === 'APPROVED'
          ? t('billing.decision.approveInvoice', { number: invoice.number, total: formatInr(invoice.total) })
          : t('billing.decision.rejectInvoice', { number: invoice.number, total: formatInr(invoice.total) }),
      decide: (remark) =>
        decide.mutateAsync({ id: invoice.id, status: decision, remark, version: invoice.version }),
    });

  const tenantId = ownTenantId === undefined ? list.query.tenantId : undefined;
  const columns: DataTableColumn<Invoice>[] = [
    {
      key: 'number',
      header: t('billing.invoice.number'),
      cellProps: { fw: 500, style: { whiteSpace: 'nowrap' } },
      render: (invoice) => invoice.number,
    },
    ...(ownTenantId === undefined && tenantId === undefined
      ? [{ key: 'industry', header: t('billing.industry'), render: (invoice: Invoice) => invoice.tenantName }]
      : []),
    { key: 'plan', header: t('billing.invoice.plan'), render: (invoice) => invoice.planName },
    {
      key: 'period',
      header: t('billing.invoice.period'),
      render: (invoice) => formatPeriod(invoice.periodStart, invoice.periodEnd),
    },
    {
      key: 'total',
      header: t('billing.invoice.total'),
      align: 'right',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (invoice) => formatInr(invoice.total),
    },
    {
      key: 'status',
      header: t('billing.invoice.status'),
      render: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
    },
    {
      key: 'payment',
      header: t('billing.invoice.paymentStatus'),
      render: (invoice) => <PaymentStatusBadge status={invoice.paymentStatus} />,
    },
    {
      key: 'actions',
      header: t('billing.actions'),
      render: (invoice) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => openView(invoice.id)}
            aria-label={t('billing.invoice.viewNamed', { number: invoice.number })}
          >
            {t('billing.view')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            component="a"
            href={invoicePdfUrl(invoice.id)}
            download
            aria-label={t('billing.invoice.pdfNamed', { number: invoice.number })}
          >
            {t('billing.invoice.pdf')}
          </Button>
          {canDecide && invoice.status === 'PENDING' && (
            <>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => askDecision(invoice, 'APPROVED')}
                aria-label={t('billing.decision.approveNamed', { number: invoice.number })}
              >
                {t('billing.decision.approve')}
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={() => askDecision(invoice, 'REJECTED')}
                aria-label={t('billing.decision.rejectNamed', { number: invoice.number })}
              >
                {t('billing.decision.reject')}
              </Button>
            </>
          )}
        </Group>
      ),
    },
  ];

  return (
    <BillingListPage
      title={t('pages.invoices')}
      intro={t('billing.invoice.intro')}
      status={{
        label: t('billing.invoice.status'),
        options: INVOICE_STATUSES.map((status) => ({
          value: status,
          label: t(`billing.invoiceStatus.${status}`),
        })),
        value: list.query.status,
        onChange: (value) => list.change({ status: INVOICE_STATUSES.find((status) => status === value) }),
      }}
      tenantId={ownTenantId === undefined ? tenantId : null}
      onTenantChange={(next) => list.change({ tenantId: next })}
      isFiltered={list.isFiltered}
      onClear={list.clear}
      query={invoices}
      page={list.query.page}
      onPage={list.setPage}
      columns={columns}
      getRowKey={(invoice) => invoice.id}
      minWidth={980}
      texts={{
        listError: t('billing.invoice.listError'),
        noMatch: t('billing.invoice.noMatch'),
        empty: t('billing.invoice.empty'),
        caption: (range) => t('billing.invoice.caption', range),
      }}
    >
      <InvoiceViewDialog invoiceId={viewedId} onClose={closeView} />
      <BillingDecisionDialog target={deciding} onClose={() => setDeciding(null)} />
    </BillingListPage>
  );
}
