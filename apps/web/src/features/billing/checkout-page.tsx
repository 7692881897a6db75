import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { billingEndpoints, isAccessAllowed, type InvoiceDetail } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useSessionUser } from '../../app/session';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { invoicePdfUrl, useInvoice } from './api';
import { InvoiceDocument } from './invoice-document';
import { PaymentForm } from './payment-form';
import { parseId } from './select-plan-page';

/**
 * `/checkout/{invoiceId}` (the header is hidden here): the invoice to pay,
 * its PDF, and the offline payment form; once a payment is recorded the page
 * says it awaits approval.
 */
export function CheckoutPage() {
  const invoiceId = parseId(useParams().invoiceId);
  if (invoiceId === null) return <Navigate to="/" replace />;
  return <CheckoutScreen key={invoiceId} invoiceId={invoiceId} />;
}

function CheckoutScreen({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const invoice = useInvoice(invoiceId);
  useDocumentTitle(`${t('billing.checkout.title')} · ${t('common.appName')}`);
  const data = invoice.data;

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        {data ? (
          <Anchor component={Link} to={`/subscription/${data.tenantId}`} size="sm">
            {t('billing.backToSubscription')}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/invoices" size="sm">
            {t('billing.checkout.backToInvoices')}
          </Anchor>
        )}
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={1}>{t('billing.checkout.title')}</Title>
            {data && (
              <Text c="dimmed" size="sm">
                {data.tenantName}
              </Text>
            )}
          </Stack>
          {data && (
            <Button component="a" href={invoicePdfUrl(data.id)} download variant="default">
              {t('billing.invoice.downloadPdf')}
            </Button>
          )}
        </Group>
        {invoice.isError ? (
          <LoadErrorAlert
            title={t('billing.invoice.loadError')}
            error={invoice.error}
            onRetry={() => void invoice.refetch()}
            retrying={invoice.isFetching}
          />
        ) : !data ? (
          <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
            <Skeleton height={60} />
            <Skeleton height={160} />
          </Stack>
        ) : (
          <>
            <Paper withBorder radius="md" p="md">
              <InvoiceDocument invoice={data} />
            </Paper>
            <PaymentSection invoice={data} />
          </>
        )}
      </Stack>
    </Container>
  );
}

/** What the invoice asks of the person now: a payment, patience while it is approved, or nothing. */
function PaymentSection({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canPay = user !== null && isAccessAllowed(billingEndpoints.recordPayment.access, user);
  if (invoice.status === 'PAID') {
    return (
      <Alert color="green" variant="light" title={t('billing.checkout.paidTitle')}>
        {t('billing.checkout.paid')}
      </Alert>
    );
  }
  if (invoice.status === 'REJECTED') {
    return (
      <Alert color="red" variant="light" title={t('billing.checkout.rejectedTitle')}>
        {t('billing.checkout.rejected')}
      </Alert>
    );
  }
  if (invoice.paymentStatus === 'PENDING') {
    return (
      <Alert color="blue" variant="light" title={t('billing.checkout.awaitingTitle')} role="status">
        {t('billing.checkout.awaiting')}
      </Alert>
    );
  }
  if (invoice.total <= 0) {
    return (
      <Alert color="blue" variant="light" title={t('billing.checkout.nothingDueTitle')}>
        {t('billing.checkout.nothingDue')}
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        {invoice.paymentStatus === 'REJECTED' && (
          <Alert color="orange" variant="light" title={t('billing.checkout.lastRejectedTitle')}>
            {t('billing.checkout.lastRejected')}
          </Alert>
        )}
        {canPay ? (
          <PaymentForm invoice={invoice} />
        ) : (
          <Text size="sm">{t('billing.checkout.adminPays')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
