import { Button, Stack, Text, Title } from '@mantine/core';
import { DATA_MIGRATIONS_PAGE_SIZE, type DataMigration, type DataMigrationStatus } from '@vayu/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDataTime } from '../../components/freshness-badge';
import { useLastPageWhenPastEnd, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatNumber, formatTotal } from '../../i18n';
import { useDataMigrations } from './api';
import { DataMigrationStatusCell, useSourceText } from './data-migration-status';

/**
 * Migrations, newest first, 20 a page on the server, each with its status
 * and, while it checks or imports, its progress (the list is asked again
 * until none on it is under way).
 */
export function DataMigrationList({
  tenantId,
  status,
  page,
  onPage,
  onOpen,
}: {
  tenantId: number | undefined;
  status: DataMigrationStatus | undefined;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const sourceText = useSourceText();
  const query = useDataMigrations({
    page,
    ...(tenantId === undefined ? {} : { tenantId }),
    ...(status === undefined ? {} : { status }),
  });
  const { data } = query;

  useLastPageWhenPastEnd(query, page, onPage);

  const columns: DataTableColumn<DataMigration>[] = [
    {
      key: 'created',
      header: t('dataMigrations.list.created'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (migration) => (
        <Stack gap={0}>
          <Text size="sm">{formatDataTime(migration.createdAt)}</Text>
          <Text size="xs" c="dimmed">
            {migration.createdBy ?? ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'industry',
      header: t('dataMigrations.industry'),
      cellProps: { fw: 500 },
      render: (migration) => migration.tenantName,
    },
    { key: 'source', header: t('dataMigrations.list.source'), render: sourceText },
    {
      key: 'rows',
      header: t('dataMigrations.list.rows'),
      render: (migration) =>
        migration.totalRows === null
          ? '—'
          : t('dataMigrations.list.rowsSummary', {
              total: formatNumber(migration.totalRows),
              errors: formatNumber(migration.errorCount),
            }),
    },
    {
      key: 'status',
      header: t('dataMigrations.list.status'),
      render: (migration) => <DataMigrationStatusCell migration={migration} />,
    },
    {
      key: 'actions',
      header: t('dataMigrations.list.actions'),
      render: (migration) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onOpen(migration.id)}
          aria-label={t('dataMigrations.list.openNamed', { id: migration.id })}
        >
          {t('dataMigrations.list.open')}
        </Button>
      ),
    },
  ];

  const rows = data?.items;
  const from = rows && rows.length > 0 ? (page - 1) * DATA_MIGRATIONS_PAGE_SIZE + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('dataMigrations.list.title')}
      </Title>
      <ListResult
        query={query}
        rows={rows}
        errorTitle={t('dataMigrations.list.listError')}
        empty={t('dataMigrations.list.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(migration) => migration.id}
          caption={t('dataMigrations.list.caption', { from, to, total: formatTotal(data) })}
          minWidth={900}
          isRefreshing={query.isPlaceholderData}
        />
      </ListResult>
      {data && (
        <Pagination
          page={page}
          pageCount={data.pageCount}
          total={data}
          disabled={query.isFetching && query.isPlaceholderData}
          onChange={onPage}
        />
      )}
    </Stack>
  );
}
