import { Anchor, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  auditLogQuerySchema,
  exportAuditLogsEndpoint,
  type AuditLogRow,
} from '@vayu/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyFailure } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ExportCsvButton, useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatTotal } from '../../i18n';
import type { AuditLogListQuery } from './api/audit-keys';
import { useAuditLogs } from './api/get-audit-logs';
import { AuditEntity, AuditTimeLink } from './audit-cells';
import { getDateRange, getNextSort, type SortField } from './audit-filters';
import { actionOptions, entityOptions, getActionLabel } from './audit-labels';
import { DateRangeFields } from './date-range-fields';
import { TenantSelect } from './tenant-select';
import { useLastValidRange } from './use-last-valid-range';

const ALL = 'all';

/**
 * `/auditLog`: the audit trail in a date range (default the last 7 days),
 * optionally of one industry, record kind or action, sorted and paged on the
 * server. Every filter, the sort and the page live in the URL.
 */
export function AuditLogList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { query, change } = useListState(auditLogQuerySchema);
  // Another filter or sort shows its first page.
  const changeFilters = (filters: Omit<AuditLogListQuery, 'pageNum'>) =>
    change({ ...filters, pageNum: undefined });
  useDocumentTitle(`${t('pages.auditLog')} · ${t('common.appName')}`);

  const range = getDateRange(query);
  // A wrong range keeps the results of the last valid one in view (its error shows on the date field).
  const shownRange = useLastValidRange(range);
  const { startDate, endDate } = shownRange ?? range;
  const request: AuditLogListQuery = { ...query, startDate, endDate };
  const audit = useAuditLogs(request, { enabled: shownRange !== undefined });

  useEffect(() => {
    if (audit.isError) notifyFailure(t('audit.list.loadError'));
  }, [audit.isError, audit.errorUpdatedAt, t]);

  const sortable = (
    field: SortField,
    label: string,
  ): Pick<DataTableColumn<AuditLogRow>, 'key' | 'header' | 'sort'> => ({
    key: field,
    header: label,
    sort: {
      direction: field !== query.sort ? 'none' : query.order === 'asc' ? 'ascending' : 'descending',
      onSort: () => changeFilters(getNextSort(query, field)),
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

  const rows = audit.data?.items;
  const tenantLabel =
    query.tenantId === undefined ? undefined : rows?.find((r) => r.tenantId === query.tenantId)?.tenantName;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('pages.auditLog')}</Title>
        <Group gap="md">
          {user?.userType === 'site' && (
            <Anchor component={Link} to="/mongo/auditLog">
              {t('audit.list.documentView')}
            </Anchor>
          )}
          <ExportCsvButton endpoint={exportAuditLogsEndpoint} query={request} />
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md" component="section" aria-label={t('audit.filters.title')}>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <DateRangeFields
            range={range}
            onChange={changeFilters}
            onReset={() => changeFilters({ startDate: undefined, endDate: undefined })}
          />
          <TenantSelect
            value={query.tenantId}
            valueLabel={tenantLabel}
            onChange={(tenantId) => changeFilters({ tenantId })}
          />
          <Select
            label={t('audit.filters.entity')}
            data={[{ value: ALL, label: t('audit.filters.allEntities') }, ...entityOptions(t)]}
            value={query.entity ?? ALL}
            onChange={(value) => changeFilters({ entity: AUDIT_ENTITIES.find((entity) => entity === value) })}
            allowDeselect={false}
            searchable
            w={220}
          />
          <Select
            label={t('audit.filters.action')}
            data={[{ value: ALL, label: t('audit.filters.allActions') }, ...actionOptions(t)]}
            value={query.action ?? ALL}
            onChange={(value) => changeFilters({ action: AUDIT_ACTIONS.find((action) => action === value) })}
            allowDeselect={false}
            searchable
            w={240}
          />
        </Group>
      </Paper>

      {shownRange === undefined ? null : (
        <ListResult
          query={audit}
          rows={rows}
          errorTitle={t('audit.list.loadError')}
          empty={t('audit.list.empty')}
        >
          <DataTable
            columns={columns}
            rows={rows}
            getRowKey={(row) => row.id}
            caption={t('audit.list.caption', {
              from: shownRange.startDate,
              to: shownRange.endDate,
              total: formatTotal(audit.data),
            })}
            minWidth={860}
            isRefreshing={audit.isPlaceholderData}
          />
        </ListResult>
      )}

      {shownRange !== undefined && audit.data && (
        <Pagination
          page={query.pageNum}
          pageCount={audit.data.pageCount}
          total={audit.data}
          disabled={audit.isFetching}
          onChange={(pageNum) => change({ pageNum })}
        />
      )}
    </Stack>
  );
}
