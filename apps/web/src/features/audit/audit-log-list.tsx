import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { AuditLogRow } from '@vayu/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { Pagination } from '../../components/pagination';
import { formatNumber } from '../../i18n';
import { useAuditLogs } from './api/get-audit-logs';
import { getActionLabel } from './audit-action';
import {
  PARAMS,
  readDateRange,
  readPage,
  readPositiveInt,
  readSort,
  withParams,
  type SortField,
} from './audit-filters';
import { formatAuditTime } from './audit-time';
import { DateRangeFields } from './date-range-fields';
import { SortableHeader } from './sortable-header';
import { TenantSelect } from './tenant-select';

const COLUMN_COUNT = 6;
const SKELETON_ROWS = 5;

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
        <Alert color="red" variant="light" title={t('audit.list.loadError')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, list.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()} loading={list.isFetching}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : rows && rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {t('audit.list.empty')}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-busy={!rows || list.isPlaceholderData}>
              <Table.Caption>
                {rows
                  ? t('audit.list.caption', {
                      from: range.startDate,
                      to: range.endDate,
                      total: formatNumber(list.data?.total ?? 0),
                    })
                  : t('common.loading')}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <SortableHeader
                    field="createdAt"
                    label={t('audit.columns.time')}
                    sort={sort}
                    order={order}
                    onSort={onSort}
                  />
                  <SortableHeader
                    field="entity"
                    label={t('audit.columns.entity')}
                    sort={sort}
                    order={order}
                    onSort={onSort}
                  />
                  <SortableHeader
                    field="action"
                    label={t('audit.columns.action')}
                    sort={sort}
                    order={order}
                    onSort={onSort}
                  />
                  <SortableHeader
                    field="actorUserName"
                    label={t('audit.columns.actor')}
                    sort={sort}
                    order={order}
                    onSort={onSort}
                  />
                  <SortableHeader
                    field="tenantName"
                    label={t('audit.columns.tenant')}
                    sort={sort}
                    order={order}
                    onSort={onSort}
                  />
                  <Table.Th scope="col">{t('audit.columns.ip')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                {rows
                  ? rows.map((row) => <AuditRow key={row.id} row={row} />)
                  : Array.from({ length: SKELETON_ROWS }, (_, index) => (
                      <Table.Tr key={index} aria-hidden>
                        {Array.from({ length: COLUMN_COUNT }, (__, column) => (
                          <Table.Td key={column}>
                            <Skeleton height={14} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
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

function AuditRow({ row }: { row: AuditLogRow }) {
  const { t } = useTranslation();
  const notSet = t('common.notSet');
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor component={Link} to={`/auditDetails/${row.id}`} title={t('audit.list.open', { id: row.id })}>
          {formatAuditTime(row.createdAt)}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {row.entity}
        {row.entityId && (
          <Text span c="dimmed" size="sm">
            {' '}
            #{row.entityId}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{getActionLabel(t, row.action)}</Table.Td>
      <Table.Td>{row.actorUserName ?? notSet}</Table.Td>
      <Table.Td>{row.tenantName ?? notSet}</Table.Td>
      <Table.Td>{row.ip ?? notSet}</Table.Td>
    </Table.Tr>
  );
}
