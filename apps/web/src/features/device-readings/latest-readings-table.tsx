import { Badge, Group, Text } from '@mantine/core';
import type { LatestReading } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { DataTable, DataTableEmpty, type DataTableColumn } from '../../components/data-table';
import { formatDataTime, FreshnessBadge } from '../../components/freshness-badge';
import { formatReading } from './reading-format';

/** Above the standard's limit (the value and the limit are both in the standard unit). */
export const isAboveLimit = (reading: Pick<LatestReading, 'value' | 'limit'>) =>
  reading.value !== null && reading.limit !== null && reading.value > reading.limit;

/** What the device sent, when it differs from the value shown (another unit, so another number). */
function sentText(reading: LatestReading): string | null {
  if (reading.sentValue === null) return null;
  if (reading.sentUnit === reading.unit && reading.sentValue === reading.value) return null;
  return formatReading(reading.sentValue, reading.sentUnit);
}

/** The latest value of each enabled parameter of a device, its limit, where it came from and how fresh it is. */
export function LatestReadingsTable({ parameters }: { parameters: LatestReading[] }) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  if (parameters.length === 0) return <DataTableEmpty>{t('readings.latest.empty')}</DataTableEmpty>;

  const columns: DataTableColumn<LatestReading>[] = [
    {
      key: 'parameter',
      header: t('readings.latest.parameter'),
      cellProps: { fw: 500 },
      render: (reading) => (
        <Group gap={6} wrap="nowrap">
          <span>{reading.label}</span>
          {reading.isCounter && (
            <Badge size="xs" variant="outline" color="gray">
              {t('readings.latest.counter')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'value',
      header: t('readings.latest.value'),
      align: 'right',
      render: (reading) => {
        if (reading.value === null) return notSet;
        const text = formatReading(reading.value, reading.unit);
        if (!isAboveLimit(reading)) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
        return (
          <Group gap={6} wrap="nowrap" justify="flex-end">
            <Text span fw={700} c="red.8" style={{ whiteSpace: 'nowrap' }}>
              {text}
            </Text>
            <Badge color="red" variant="filled" size="sm">
              {t('readings.latest.aboveLimit')}
            </Badge>
          </Group>
        );
      },
    },
    {
      key: 'sent',
      header: t('readings.latest.sent'),
      align: 'right',
      render: (reading) => <span style={{ whiteSpace: 'nowrap' }}>{sentText(reading) ?? notSet}</span>,
    },
    {
      key: 'limit',
      header: t('readings.latest.limit'),
      align: 'right',
      render: (reading) =>
        reading.limit === null ? (
          notSet
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{formatReading(reading.limit, reading.unit)}</span>
        ),
    },
    {
      key: 'provenance',
      header: t('readings.latest.provenance'),
      render: (reading) =>
        reading.provenance === null ? (
          notSet
        ) : reading.provenance === 'measured' ? (
          <Text span size="sm" c="dimmed">
            {t('readings.provenance.measured')}
          </Text>
        ) : (
          <Badge color="orange" variant="light">
            {t(`readings.provenance.${reading.provenance}`)}
          </Badge>
        ),
    },
    {
      key: 'time',
      header: t('readings.latest.time'),
      render: (reading) =>
        reading.time === null ? (
          notSet
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{formatDataTime(reading.time)}</span>
        ),
    },
    {
      key: 'freshness',
      header: t('readings.latest.freshness'),
      render: (reading) => (
        <FreshnessBadge freshness={reading.freshness} lastDataAt={reading.time} size="sm" />
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={parameters}
      getRowKey={(reading) => reading.parameterId}
      caption={t('readings.latest.caption', { count: parameters.length })}
      minWidth={880}
    />
  );
}
