import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ActivityLogRow } from '@vayu/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyFailure } from '../../app/notifications';
import { DataTable, DataTableEmpty, DataTableError, type DataTableColumn } from '../../components/data-table';
import { Pagination } from '../../components/pagination';
import { formatNumber } from '../../i18n';
import { useActivityLogs } from './api/get-activity-logs';
import { useTenantUsers } from './api/get-tenant-users';
import { getActionLabel } from './audit-action';
import { AuditEntity, AuditTimeLink } from './audit-cells';
import { PARAMS, readDateRange, readPage, readPositiveInt, withParams } from './audit-filters';
import { DateRangeFields } from './date-range-fields';
import { TenantSelect } from './tenant-select';

/**
 * `/logs`: who signed in and what they changed, per industry and user, in a
 * date range (default the last 7 days); paged on the server, state in the URL.
 */
export function ActivityLogList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(`${t('audit.logs.title')} · ${t('common.appName')}`);

  const range = readDateRange(searchParams);
  const tenantId = readPositiveInt(searchParams, PARAMS.tenantId);
  const userId = tenantId === undefined ? undefined : readPositiveInt(searchParams, PARAMS.userId);
  const page = readPage(searchParams);
  const activity = useActivityLogs(
    { tenantId, userId, startDate: range.startDate, endDate: range.endDate, pageNum: page },
    { enabled: range.error === null },
  );
  const users = useTenantUsers(tenantId);

  useEffect(() => {
    if (activity.isError) notifyFailure(t('audit.logs.loadError'));
  }, [activity.isError, activity.errorUpdatedAt, t]);

  const update = (changes: Parameters<typeof withParams>[1]) =>
    setSearchParams((params) => withParams(params, changes));

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
        <Title order={1}>{t('audit.logs.title')}</Title>
        <Text c="dimmed">{t('audit.logs.intro')}</Text>
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-label={t('audit.filters.title')}>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <TenantSelect
            value={tenantId}
            valueLabel={tenantLabel}
            onChange={(id) => update({ [PARAMS.tenantId]: id, [PARAMS.userId]: null })}
          />
          <Select
            label={t('audit.filters.user')}
            placeholder={
              tenantId === undefined ? t('audit.filters.userNeedsTenant') : t('audit.filters.userPlaceholder')
            }
            description={t('audit.filters.userHint')}
            data={userOptions}
            value={userId === undefined ? null : String(userId)}
            onChange={(next) => update({ [PARAMS.userId]: next })}
            disabled={tenantId === undefined || users.isPending}
            error={users.isError ? t('audit.filters.usersLoadError') : undefined}
            searchable
            clearable
            w={300}
          />
          <DateRangeFields
            range={range}
            onChange={(change) => update(change)}
            onReset={() => update({ [PARAMS.startDate]: null, [PARAMS.endDate]: null })}
          />
        </Group>
      </Paper>

      {range.error !== null ? null : activity.isError ? (
        <DataTableError title={t('audit.logs.loadError')} query={activity} />
      ) : rows && rows.length === 0 ? (
        <DataTableEmpty>{t('audit.logs.empty')}</DataTableEmpty>
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.id}
          caption={t('audit.logs.caption', {
            from: range.startDate,
            to: range.endDate,
            total: formatNumber(activity.data?.total ?? 0),
          })}
          minWidth={820}
          isRefreshing={activity.isPlaceholderData}
        />
      )}

      {activity.data && (
        <Pagination
          page={page}
          pageCount={activity.data.pageCount}
          disabled={activity.isFetching}
          onChange={(next) => update({ [PARAMS.page]: next })}
        />
      )}
    </Stack>
  );
}
