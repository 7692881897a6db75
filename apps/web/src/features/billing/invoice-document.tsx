import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatInr, SAC_CODE, type InvoiceDetail } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { InvoiceStatusBadge, PaymentStatusBadge } from './billing-badges';
import { formatDay, formatMoment, formatPeriod } from './billing-text';
import { PricedLines } from './amount-list';

type Party = InvoiceDetail['seller'];

/**
 * An invoice as the tax rules ask it to be read: its number and dates, the
 * seller and the buyer with their GSTINs and states, the lines, the coupon
 * and credit, CGST and SGST (same state) or IGST, the total, and its payments.
 */
export function InvoiceDocument({
  invoice,
  headingLevel = 2,
}: {
  invoice: InvoiceDetail;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={headingLevel} size="h4">
            {t('billing.invoice.numbered', { number: invoice.number })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('billing.invoice.issued', {
              date: formatMoment(invoice.issuedAt),
              kind: t(`billing.invoiceKinds.${invoice.kind}`),
            })}
          </Text>
        </Stack>
        <Group gap="xs">
          <InvoiceStatusBadge status={invoice.status} />
          <PaymentStatusBadge status={invoice.paymentStatus} />
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PartyCard title={t('billing.invoice.seller')} party={invoice.seller} />
        <PartyCard title={t('billing.invoice.buyer')} party={invoice.buyer} />
      </SimpleGrid>

      <Text size="sm">
        {t('billing.invoice.planPeriod', {
          plan: invoice.planName,
          period: formatPeriod(invoice.periodStart, invoice.periodEnd),
          sac: SAC_CODE,
        })}
      </Text>

      <PricedLines
        priced={invoice}
        caption={t('billing.invoice.linesCaption', { number: invoice.number })}
        minWidth={480}
      />

      {invoice.payments.length > 0 && (
        <Stack gap="xs">
          <Title order={headingLevel === 2 ? 3 : 4} size="h5">
            {t('billing.invoice.payments')}
          </Title>
          <Table.ScrollContainer minWidth={520} type="native">
            <Table verticalSpacing="xs" withTableBorder>
              <Table.Caption>{t('billing.invoice.paymentsCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('billing.payments.method')}</Table.Th>
                  <Table.Th scope="col">{t('billing.payments.reference')}</Table.Th>
                  <Table.Th scope="col">{t('billing.payments.paidOn')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('billing.payments.amount')}
                  </Table.Th>
                  <Table.Th scope="col">{t('billing.payments.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{t(`billing.paymentTypes.${payment.method}`)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{payment.reference}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(payment.paidOn)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatInr(payment.amount)}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <PaymentStatusBadge status={payment.status} />
                        {payment.remark && <Text size="xs">{payment.remark}</Text>}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}

function PartyCard({ title, party }: { title: string; party: Party }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {title}
        </Text>
        <Text fw={600}>{party.name}</Text>
        {party.address && <Text size="sm">{party.address}</Text>}
        <Text size="sm">{t('billing.invoice.state', { name: party.stateName, code: party.stateCode })}</Text>
        <Text size="sm">
          {t('billing.invoice.gstin', { gstin: party.gstin ?? t('billing.invoice.noGstin') })}
        </Text>
      </Stack>
    </Paper>
  );
}
