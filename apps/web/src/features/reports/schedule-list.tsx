import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { REPORTS_PAGE_SIZE, type ReportSchedule } from '@vayu/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatTotal } from '../../i18n';
import { useDeleteSchedule, useReportSchedules } from './api';
import { formatMoment } from './reports-text';
import { ScheduleAddDialog } from './schedule-add-dialog';

/**
 * Report schedules of the industry chosen (or of every industry the user
 * sees), 20 a page; account administrators add them for the industry chosen
 * and delete them after confirming.
 */
export function ScheduleList({
  tenantId,
  canEdit,
  page,
  onPage,
}: {
  tenantId: number | undefined;
  canEdit: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useReportSchedules({ page, ...(tenantId === undefined ? {} : { tenantId }) });
  const remove = useDeleteSchedule();
  const [adding, setAdding] = useState(false);
  const { data } = query;

  const columns: DataTableColumn<ReportSchedule>[] = [
    ...(tenantId === undefined
      ? [
          {
            key: 'industry',
            header: t('reports.industry'),
            render: (schedule: ReportSchedule) => schedule.tenantName,
          },
        ]
      : []),
    {
      key: 'point',
      header: t('reports.list.point'),
      cellProps: { fw: 500 },
      render: (schedule) => schedule.monitoringPointName,
    },
    {
      key: 'parameters',
      header: t('reports.list.parameters'),
      render: (schedule) => schedule.parameters.map((parameter) => parameter.label).join(', '),
    },
    {
      key: 'frequency',
      header: t('reports.fields.frequency'),
      render: (schedule) => (
        <Stack gap={0}>
          <Text size="sm">{t(`reports.frequencies.${schedule.frequency}`)}</Text>
          <Text size="xs" c="dimmed">
            {t(`reports.resolutions.${schedule.resolution}`)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'recipients',
      header: t('reports.fields.recipients'),
      render: (schedule) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {schedule.recipients.join(', ')}
        </Text>
      ),
    },
    {
      key: 'nextRun',
      header: t('reports.schedules.nextRun'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (schedule) => formatMoment(schedule.nextRunAt),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: t('reports.list.actions'),
            render: (schedule: ReportSchedule) => {
              const names = {
                point: schedule.monitoringPointName,
                frequency: t(`reports.frequencies.${schedule.frequency}`).toLowerCase(),
              };
              return (
                <ConfirmDeleteButton
                  label={t('reports.schedules.delete')}
                  accessibleName={t('reports.schedules.deleteNamed', names)}
                  confirmMessage={t('reports.schedules.deleteConfirm', names)}
                  onDelete={() => remove.mutateAsync(schedule.id)}
                  successMessage={t('reports.schedules.deleted')}
                  failureMessage={t('reports.schedules.deleteFailed')}
                />
              );
            },
          },
        ]
      : []),
  ];

  const rows = data?.items;
  const from = rows && rows.length > 0 ? (page - 1) * REPORTS_PAGE_SIZE + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            {t('reports.schedules.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('reports.schedules.intro')}
          </Text>
        </Stack>
        {canEdit && tenantId !== undefined && (
          <Button onClick={() => setAdding(true)}>{t('reports.schedules.add')}</Button>
        )}
      </Group>
      {canEdit && tenantId === undefined && (
        <Text size="sm" c="dimmed">
          {t('reports.chooseIndustry')}
        </Text>
      )}
      <ListResult
        query={query}
        rows={rows}
        errorTitle={t('reports.schedules.listError')}
        empty={t('reports.schedules.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(schedule) => schedule.id}
          caption={t('reports.schedules.caption', { from, to, total: formatTotal(data) })}
          minWidth={900}
          isRefreshing={query.isPlaceholderData}
        />
      </ListResult>
      {data && <Pagination page={page} pageCount={data.pageCount} total={data} onChange={onPage} />}
      {tenantId !== undefined && (
        <ScheduleAddDialog tenantId={tenantId} opened={adding} onClose={() => setAdding(false)} />
      )}
    </Stack>
  );
}
