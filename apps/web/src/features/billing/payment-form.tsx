import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatInr, paymentBodySchema, todayInIndia, type InvoiceDetail } from '@vayu/domain';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifySuccess } from '../../app/notifications';
import { SelectField, TextField } from '../../components/form';
import { usePaymentTypes, useRecordPayment } from './api';
import { billingResolver, showBillingSaveError } from './billing-form';
import { billingMessage } from './billing-text';

type PaymentValues = Omit<z.input<typeof paymentBodySchema>, 'method'> & { method: string | null };
type PaymentBody = z.output<typeof paymentBodySchema>;
const FIELDS = ['method', 'reference', 'paidOn'] as const;

/**
 * The offline payment of an invoice: how it was paid (bank transfer or
 * cheque), its reference and the day it was paid. A site administrator then
 * approves or rejects it.
 */
export function PaymentForm({ invoice, onRecorded }: { invoice: InvoiceDetail; onRecorded?: () => void }) {
  const { t } = useTranslation();
  const types = usePaymentTypes();
  const record = useRecordPayment();
  const today = todayInIndia();
  const { control, handleSubmit, setError } = useForm<PaymentValues, unknown, PaymentBody>({
    resolver: billingResolver(
      zodResolver(paymentBodySchema) as unknown as Resolver<PaymentValues, unknown, PaymentBody>,
      t,
    ),
    defaultValues: { invoiceId: invoice.id, method: null, reference: '', paidOn: today },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((body) =>
    record.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('billing.checkout.recorded'));
        onRecorded?.();
      },
      onError: (error) =>
        showBillingSaveError(error, setError, t, {
          fields: FIELDS,
          onConflict: () => undefined,
          failureMessage: t('billing.checkout.recordError'),
        }),
    }),
  );

  const options = (types.data ?? []).map((type) => ({
    value: type.id,
    label: t(`billing.paymentTypes.${type.id}`),
  }));

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      autoComplete="off"
      aria-labelledby="payment-title"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="payment-title">
            {t('billing.checkout.payTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('billing.checkout.payIntro', { total: formatInr(invoice.total), number: invoice.number })}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SelectField
            control={control}
            name="method"
            label={t('billing.payments.method')}
            placeholder={t('billing.checkout.methodPlaceholder')}
            data={options}
            loadError={types.isError ? t('billing.checkout.typesError') : undefined}
            translateError={(message) => message && billingMessage(t, message)}
            required
          />
          <TextField
            control={control}
            name="reference"
            label={t('billing.payments.reference')}
            description={t('billing.checkout.referenceHelp')}
            maxLength={40}
            spellCheck={false}
            required
          />
          <TextField
            control={control}
            name="paidOn"
            type="date"
            label={t('billing.payments.paidOn')}
            max={today}
            required
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending}>
            {t('billing.checkout.record')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
