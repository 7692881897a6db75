import { Badge, Stack, Text } from '@mantine/core';
import type { CalibrationMarker, CalibrationScheduleItem, Page } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { formatTotal } from '../../i18n';
import { formatMoment } from './lab-format';

export const MARKER_COLORS: Record<CalibrationMarker, string> = {
  OVERDUE: 'red',
  NEVER: 'grape',
  DUE: 'orange',
  OK: 'teal',
};

/** A check's marker as a badge: Overdue, Never done, Due soon, OK. */
export function CalibrationMarkerBadge({ marker }: { marker: CalibrationMarker }) {
  const { t } = useTranslation();
  return (
    <Badge color={MARKER_COLORS[marker]} variant={marker === 'OK' ? 'light' : 'filled'}>
      {t(`labCalibration.markers.${marker}`)}
    </Badge>
  );
}

interface ScheduleTableProps {
  schedule: {
    data: Page<CalibrationScheduleItem> | undefined;
    isError: boolean;
    isPlaceholderData: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  page: number;
  /** Shows the industry and device columns (the page across devices), not on one device's screen. */
  showDevice: boolean;
  emptyText: string;
}

/** The schedule's rows: what is checked, the last time it was done and by whom, when it is due. */
export function CalibrationScheduleTable({ schedule, page, showDevice, emptyText }: ScheduleTableProps) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  const columns: DataTableColumn<CalibrationScheduleItem>[] = [
    ...(showDevice
      ? [
          {
            key: 'device',
            header: t('labCalibration.schedule.columns.device'),
            render: (item: CalibrationScheduleItem) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {item.device.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.tenant.name} · {item.monitoringPoint.name}
                </Text>
              </Stack>
            ),
          },
        ]
      : []),
    {
      key: 'parameter',
      header: t('labCalibration.schedule.columns.parameter'),
      cellProps: { fw: 500 },
      render: (item) => item.parameter.label,
    },
    {
      key: 'check',
      header: t('labCalibration.schedule.columns.check'),
      render: (item) => (
        <Stack gap={0}>
          <Text size="sm">{t(`labCalibration.checks.${item.check}`)}</Text>
          <Text size="xs" c="dimmed">
            {t(`labCalibration.intervals.${item.interval}`)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'lastDone',
      header: t('labCalibration.schedule.columns.lastDone'),
      render: (item) =>
        item.lastDone ? (
          <Stack gap={0}>
            <Text size="sm">{formatMoment(item.lastDone.at)}</Text>
            <Text size="xs" c="dimmed">
              {item.lastDone.by ?? notSet}
            </Text>
          </Stack>
        ) : (
          notSet
        ),
    },
    {
      key: 'dueAt',
      header: t('labCalibration.schedule.columns.dueAt'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (item) => (item.dueAt ? formatMoment(item.dueAt) : t('labCalibration.schedule.dueNow')),
    },
    {
      key: 'marker',
      header: t('labCalibration.schedule.columns.marker'),
      render: (item) => <CalibrationMarkerBadge marker={item.marker} />,
    },
  ];

  const rows = schedule.data?.items;
  const pageSize = schedule.data?.pageSize ?? 0;
  const from = rows && rows.length > 0 ? (page - 1) * pageSize + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;
  return (
    <ListResult
      query={schedule}
      rows={rows}
      errorTitle={t('labCalibration.schedule.loadError')}
      empty={emptyText}
    >
      <DataTable
        columns={columns}
        rows={rows}
        getRowKey={(item) => `${item.device.id}-${item.parameter.id}-${item.check}`}
        caption={t('labCalibration.schedule.caption', { from, to, total: formatTotal(schedule.data) })}
        minWidth={showDevice ? 900 : 640}
        isRefreshing={schedule.isPlaceholderData}
      />
    </ListResult>
  );
}
