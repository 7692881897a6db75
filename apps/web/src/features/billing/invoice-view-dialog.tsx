import { Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { invoicePdfUrl, useInvoice } from './api';
import { InvoiceDocument } from './invoice-document';

export interface InvoiceViewDialogProps {
  /** The invoice shown; null: closed. */
  invoiceId: number | null;
  onClose: () => void;
}

/** One invoice in full, with its PDF and, while it awaits payment, the way to its checkout. */
export function InvoiceViewDialog({ invoiceId, onClose }: InvoiceViewDialogProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  const invoice = useInvoice(invoiceId);
  const data = invoice.data;
  return (
    <Modal
      opened={invoiceId !== null}
      onClose={onClose}
      title={t('billing.invoice.viewTitle')}
      size="xl"
      fullScreen={isNarrow}
      centered
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {invoice.isError ? (
        <LoadErrorAlert
          title={t('billing.invoice.loadError')}
          error={invoice.error}
          onRetry={() => void invoice.refetch()}
          retrying={invoice.isFetching}
        />
      ) : !data || data.id !== invoiceId ? (
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
          <Skeleton height={40} />
          <Skeleton height={160} />
        </Stack>
      ) : (
        <Stack gap="md">
          <InvoiceDocument invoice={data} />
          <Group justify="flex-end" gap="sm">
            <Button component="a" href={invoicePdfUrl(data.id)} download variant="default">
              {t('billing.invoice.downloadPdf')}
            </Button>
            {data.status === 'PENDING' && (
              <Button component={Link} to={`/checkout/${data.id}`}>
                {t('billing.invoice.openCheckout')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
