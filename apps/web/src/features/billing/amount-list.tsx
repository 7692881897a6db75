import { Group, Stack, Table, Text } from '@mantine/core';
import { formatInr, type Quote } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n';

/** Labelled amounts, right-aligned, as a description list (the totals of a quote or an invoice). */
export function AmountList({ items }: { items: { label: string; amount: number; strong?: boolean }[] }) {
  return (
    <Stack component="dl" gap={4} m={0} maw={420} ml="auto" w="100%">
      {items.map((item) => (
        <Group key={item.label} justify="space-between" wrap="nowrap" gap="md">
          <Text component="dt" size="sm" fw={item.strong ? 700 : undefined}>
            {item.label}
          </Text>
          <Text component="dd" m={0} size="sm" fw={item.strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
            {formatInr(item.amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** What a quote and an invoice share: their lines and how the total is made. */
type Priced = Pick<
  Quote,
  'lines' | 'charge' | 'discount' | 'credit' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total' | 'couponCode'
>;

/**
 * The lines of an order or an invoice, then its charge, coupon, credit for
 * the unused period, taxable value, CGST and SGST (same state) or IGST, and
 * total: the order summary and the invoice read the same.
 */
export function PricedLines({
  priced,
  caption,
  minWidth,
}: {
  priced: Priced;
  caption: string;
  minWidth: number;
}) {
  const { t } = useTranslation();
  const isIntraState = priced.igst === 0 && (priced.cgst > 0 || priced.sgst > 0);
  const totals: { label: string; amount: number; strong?: boolean }[] = [
    { label: t('billing.summary.charge'), amount: priced.charge },
    ...(priced.discount > 0
      ? [
          {
            label: t('billing.summary.discount', { code: priced.couponCode ?? '' }),
            amount: -priced.discount,
          },
        ]
      : []),
    ...(priced.credit > 0 ? [{ label: t('billing.summary.credit'), amount: -priced.credit }] : []),
    { label: t('billing.summary.taxable'), amount: priced.taxable },
    ...(isIntraState
      ? [
          { label: t('billing.summary.cgst'), amount: priced.cgst },
          { label: t('billing.summary.sgst'), amount: priced.sgst },
        ]
      : [{ label: t('billing.summary.igst'), amount: priced.igst }]),
    { label: t('billing.summary.total'), amount: priced.total, strong: true },
  ];
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing="xs" withTableBorder>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('billing.lines.description')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('billing.lines.quantity')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('billing.lines.unitPrice')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('billing.lines.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {priced.lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right">{formatNumber(line.quantity)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatInr(line.unitPrice)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatInr(line.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <AmountList items={totals} />
    </>
  );
}
