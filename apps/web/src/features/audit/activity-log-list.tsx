import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { activityLogQuerySchema, type ActivityLogRow } from '@vayu/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../app/notifications';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatTotal } from '../../i18n';
import type { ActivityLogListQuery } from './api/audit-keys';
import { useActivityLogs } from './api/get-activity-logs';
import { useTenantUsers } from './api/get-tenant-users';
import { AuditEntity, AuditTimeLink } from './audit-cells';
import { getDateRange } from './audit-filters';
import { getActionLabel } from './audit-labels';
import { DateRangeFields } from './date-range-fields';
import { TenantSelect } from './tenant-select';
import { useLastValidRange } from './use-last-valid-range';

/**
 * `/logs`: who signed in and what they changed, per industry and user, in a
 * date range (default the last 7 days); paged on the server, state in the URL.
 */
export function ActivityLogList() {
  const { t } = useTranslation();
  const { query, change } = useListState(activityLogQuerySchema);
  // Another filter shows its first page.
  const changeFilters = (filters: Omit<ActivityLogListQuery, 'pageNum'>) =>
    change({ ...filters, pageNum: undefined });
  useDocumentTitle(`${t('pages.logs')} · ${t('common.appName')}`);

  const range = getDateRange(query);
  // A wrong range keeps the results of the last valid one in view (its error shows on the date field).
  const shownRange = useLastValidRange(range);
  const { startDate, endDate } = shownRange ?? range;
  const { tenantId } = query;
  // A user is chosen among the users of the chosen industry only.
  const userId = tenantId === undefined ? undefined : query.userId;
  const activity = useActivityLogs(
    { ...query, userId, startDate, endDate },
    { enabled: shownRange !== undefined },
  );
  const users = useTenantUsers(tenantId);

  useEffect(() => {
    if (activity.isError) notifyFailure(t('audit.logs.loadError'));
  }, [activity.isError, activity.errorUpdatedAt, t]);

  const notSet = t('common.notSet');
  const columns: DataTableColumn<ActivityLogRow>[] = [
    {
      key: 'time',
      header: t('audit.columns.time'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (row) => <AuditTimeLink id={row.id} createdAt={row.createdAt} />,
    },
    { key: 'user', header: t('audit.columns.user'), render: (row) => row.userName ?? notSet },
    { key: 'tenant', header: t('audit.columns.tenant'), render: (row) => row.tenantName ?? notSet },
    { key: 'action', header: t('audit.columns.action'), render: (row) => getActionLabel(t, row.action) },
    {
      key: 'entity',
      header: t('audit.columns.entity'),
      render: (row) => <AuditEntity entity={row.entity} entityId={row.entityId} />,
    },
    { key: 'ip', header: t('audit.columns.ip'), render: (row) => row.ip ?? notSet },
  ];

  const rows = activity.data?.items;
  const tenantLabel =
    tenantId === undefined ? undefined : rows?.find((r) => r.tenantId === tenantId)?.tenantName;
  const userOptions = (users.data ?? []).map((user) => ({
    value: String(user.id),
    label: user.name ? `${user.name} (${user.userName})` : user.userName,
  }));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.logs')}</Title>
        <Text c="dimmed">{t('audit.logs.intro')}</Text>
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-label={t('audit.filters.title')}>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <TenantSelect
            value={tenantId}
            valueLabel={tenantLabel}
            onChange={(next) => changeFilters({ tenantId: next, userId: undefined })}
          />
          <Select
            label={t('audit.filters.user')}
            placeholder={
              tenantId === undefined ? t('audit.filters.userNeedsTenant') : t('audit.filters.userPlaceholder')
            }
            description={t('audit.filters.userHint')}
            data={userOptions}
            value={userId === undefined ? null : String(userId)}
            onChange={(next) => changeFilters({ userId: next ? Number(next) : undefined })}
            disabled={tenantId === undefined || users.isPending}
            error={users.isError ? t('audit.filters.usersLoadError') : undefined}
            searchable
            clearable
            w={300}
          />
          <DateRangeFields
            range={range}
            onChange={changeFilters}
            onReset={() => changeFilters({ startDate: undefined, endDate: undefined })}
          />
        </Group>
      </Paper>

      {shownRange === undefined ? null : (
        <ListResult
          query={activity}
          rows={rows}
          errorTitle={t('audit.logs.loadError')}
          empty={t('audit.logs.empty')}
        >
          <DataTable
            columns={columns}
            rows={rows}
            getRowKey={(row) => row.id}
            caption={t('audit.logs.caption', {
              from: shownRange.startDate,
              to: shownRange.endDate,
              total: formatTotal(activity.data),
            })}
            minWidth={820}
            isRefreshing={activity.isPlaceholderData}
          />
        </ListResult>
      )}

      {shownRange !== undefined && activity.data && (
        <Pagination
          page={query.pageNum}
          pageCount={activity.data.pageCount}
          total={activity.data}
          disabled={activity.isFetching}
          onChange={(pageNum) => change({ pageNum })}
        />
      )}
    </Stack>
  );
}
