import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { AuditLogRow } from '@vayu/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifyFailure } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { DataTable, DataTableEmpty, DataTableError, type DataTableColumn } from '../../components/data-table';
import { Pagination } from '../../components/pagination';
import { formatNumber } from '../../i18n';
import { useAuditLogs } from './api/get-audit-logs';
import { getActionLabel } from './audit-action';
import { AuditEntity, AuditTimeLink } from './audit-cells';
import {
  PARAMS,
  readDateRange,
  readPage,
  readPositiveInt,
  readSort,
  withParams,
  type SortField,
} from './audit-filters';
import { DateRangeFields } from './date-range-fields';
import { TenantSelect } from './tenant-select';

/**
 * `/auditLog`: the audit trail in a date range (default the last 7 days),
 * optionally of one industry, sorted and paged on the server. Every filter,
 * the sort and the page live in the URL.
 */
export function AuditLogList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(`${t('audit.list.title')} · ${t('common.appName')}`);

  const range = readDateRange(searchParams);
  const tenantId = readPositiveInt(searchParams, PARAMS.tenantId);
  const page = readPage(searchParams);
  const { sort, order } = readSort(searchParams);
  const list = useAuditLogs(
    { startDate: range.startDate, endDate: range.endDate, tenantId, pageNum: page, sort, order },
    { enabled: range.error === null },
  );

  useEffect(() => {
    if (list.isError) notifyFailure(t('audit.list.loadError'));
  }, [list.isError, list.errorUpdatedAt, t]);

  const update = (changes: Parameters<typeof withParams>[1]) =>
    setSearchParams((params) => withParams(params, changes));

  const onSort = (field: SortField) => {
    const nextOrder =
      field === sort ? (order === 'asc' ? 'desc' : 'asc') : field === 'createdAt' ? 'desc' : 'asc';
    update({ [PARAMS.sort]: field, [PARAMS.order]: nextOrder });
  };

  const sortable = (
    field: SortField,
    label: string,
  ): Pick<DataTableColumn<AuditLogRow>, 'key' | 'header' | 'sort'> => ({
    key: field,
    header: label,
    sort: {
      direction: field !== sort ? 'none' : order === 'asc' ? 'ascending' : 'descending',
      onSort: () => onSort(field),
      title: t('audit.sort.sortBy', { column: label }),
    },
  });
  const notSet = t('common.notSet');
  const columns: DataTableColumn<AuditLogRow>[] = [
    {
      ...sortable('createdAt', t('audit.columns.time')),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (row) => <AuditTimeLink id={row.id} createdAt={row.createdAt} />,
    },
    {
      ...sortable('entity', t('audit.columns.entity')),
      render: (row) => <AuditEntity entity={row.entity} entityId={row.entityId} />,
    },
    { ...sortable('action', t('audit.columns.action')), render: (row) => getActionLabel(t, row.action) },
    { ...sortable('actorUserName', t('audit.columns.actor')), render: (row) => row.actorUserName ?? notSet },
    { ...sortable('tenantName', t('audit.columns.tenant')), render: (row) => row.tenantName ?? notSet },
    { key: 'ip', header: t('audit.columns.ip'), render: (row) => row.ip ?? notSet },
  ];

  const rows = list.data?.items;
  const tenantLabel =
    tenantId === undefined ? undefined : rows?.find((r) => r.tenantId === tenantId)?.tenantName;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('audit.list.title')}</Title>
        {user?.userType === 'site' && (
          <Anchor component={Link} to="/mongo/auditLog">
            {t('audit.list.documentView')}
          </Anchor>
        )}
      </Group>

      <Paper withBorder radius="md" p="md" component="section" aria-label={t('audit.filters.title')}>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <DateRangeFields
            range={range}
            onChange={(change) => update(change)}
            onReset={() => update({ [PARAMS.startDate]: null, [PARAMS.endDate]: null })}
          />
          <TenantSelect
            value={tenantId}
            valueLabel={tenantLabel}
            onChange={(id) => update({ [PARAMS.tenantId]: id })}
          />
        </Group>
      </Paper>

      {range.error !== null ? null : list.isError ? (
        <DataTableError title={t('audit.list.loadError')} query={list} />
      ) : rows && rows.length === 0 ? (
        <DataTableEmpty>{t('audit.list.empty')}</DataTableEmpty>
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.id}
          caption={t('audit.list.caption', {
            from: range.startDate,
            to: range.endDate,
            total: formatNumber(list.data?.total ?? 0),
          })}
          minWidth={860}
          isRefreshing={list.isPlaceholderData}
        />
      )}

      {list.data && (
        <Pagination
          page={page}
          pageCount={list.data.pageCount}
          disabled={list.isFetching}
          onChange={(next) => update({ [PARAMS.page]: next })}
        />
      )}
    </Stack>
  );
}
