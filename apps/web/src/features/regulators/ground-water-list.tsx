import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { groundWaterQuerySchema, type GroundWaterPoint } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FreshnessBadge } from '../../components/freshness-badge';
import { useLastPageWhenPastEnd, useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatNumber, formatTotal } from '../../i18n';
import { useGroundWater } from './api';

const PAGE_SIZE = 20;
const LIST_OPTIONS = { fixed: { size: PAGE_SIZE } };

/**
 * `/regulator/groundWater` (the spec's CGWA view): ground water points with
 * the Central Ground Water Authority's NOC number, the permitted abstraction,
 * the borewell depth and the freshness of their devices' data, paged on the
 * server. The platform's people see every one; a board's users those of the
 * industries under their board.
 */
export function GroundWaterList() {
  const { t } = useTranslation();
  const list = useListState(groundWaterQuerySchema, LIST_OPTIONS);
  const points = useGroundWater(list.query);
  const { data } = points;
  const { setPage } = list;
  useDocumentTitle(`${t('pages.groundWater')} · ${t('common.appName')}`);

  useLastPageWhenPastEnd(points, list.query.page, setPage);

  const notSet = t('common.notSet');
  const columns: DataTableColumn<GroundWaterPoint>[] = [
    {
      key: 'point',
      header: t('regulators.groundWater.point'),
      cellProps: { fw: 500 },
      render: (row) => row.name,
    },
    {
      key: 'industry',
      header: t('regulators.groundWater.industry'),
      render: (row) => (
        <Anchor component={Link} to={`/accounts/tenant/${row.tenantId}/view`} inherit>
          {row.tenantName}
        </Anchor>
      ),
    },
    { key: 'state', header: t('regulators.groundWater.state'), render: (row) => row.stateCode ?? notSet },
    {
      key: 'noc',
      header: t('regulators.groundWater.noc'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (row) => row.cgwaNocNumber ?? notSet,
    },
    {
      key: 'abstraction',
      header: t('regulators.groundWater.abstraction'),
      align: 'right',
      render: (row) => (row.abstractionLimit === null ? notSet : formatNumber(row.abstractionLimit)),
    },
    {
      key: 'depth',
      header: t('regulators.groundWater.depth'),
      align: 'right',
      render: (row) => (row.borewellDepth === null ? notSet : formatNumber(row.borewellDepth)),
    },
    {
      key: 'freshness',
      header: t('regulators.groundWater.freshness'),
      render: (row) => <FreshnessBadge freshness={row.freshness} lastDataAt={row.lastDataAt} size="sm" />,
    },
  ];

  const rows = data?.items;
  const from = rows && rows.length > 0 ? (list.query.page - 1) * PAGE_SIZE + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.groundWater')}</Title>
        <Text size="sm" c="dimmed">
          {t('regulators.groundWater.intro')}
        </Text>
      </Stack>
      <ListResult
        query={points}
        rows={rows}
        errorTitle={t('regulators.groundWater.loadError')}
        empty={t('regulators.groundWater.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.monitoringPointId}
          caption={t('regulators.groundWater.caption', { from, to, total: formatTotal(data) })}
          minWidth={900}
          isRefreshing={points.isPlaceholderData}
        />
      </ListResult>
      {data && (
        <Pagination
          page={list.query.page}
          pageCount={data.pageCount}
          total={data}
          disabled={points.isFetching}
          onChange={setPage}
          label={t('regulators.groundWater.pagination')}
        />
      )}
    </Stack>
  );
}
