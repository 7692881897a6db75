import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import {
  isAccessAllowed,
  regulatorsEndpoints,
  stateAccountsQuerySchema,
  type Board,
  type RegulatoryIndustry,
} from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FreshnessBadge } from '../../components/freshness-badge';
import { useLastPageWhenPastEnd, useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatNumber, formatTotal } from '../../i18n';
import { useRegulatoryView, useStateAccounts } from './api';
import { FreshnessCounts, KeyStatusBadge } from './regulator-badges';
import { formatMoment, formatShare, industryPath } from './regulator-text';

const PAGE_SIZE = 20;
const LIST_OPTIONS = { fixed: { size: PAGE_SIZE } };

/**
 * The industries of the board's state, paged on the server (the page in the
 * address): each one's freshness and whether the board has it, with the state
 * counted LIVE / DELAYED / OFFLINE. The platform's administrators see every
 * industry of the state; others see those under the board.
 */
export function StateAccountsSection({ board }: { board: Board }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const list = useListState(stateAccountsQuerySchema, LIST_OPTIONS);
  const wholeState = user !== null && isAccessAllowed(regulatorsEndpoints.listStateAccounts.access, user);
  const stateAccounts = useStateAccounts(board.stateCode, list.query, wholeState);
  const boardView = useRegulatoryView(
    { statId: board.statId, page: list.query.page, size: PAGE_SIZE },
    !wholeState,
  );
  const accounts = wholeState ? stateAccounts : boardView;
  const { data } = accounts;
  const { setPage } = list;

  useLastPageWhenPastEnd(accounts, list.query.page, setPage);

  const columns: DataTableColumn<RegulatoryIndustry>[] = [
    {
      key: 'industry',
      header: t('regulators.accounts.industry'),
      cellProps: { fw: 500 },
      render: (row) => (
        <Anchor component={Link} to={`/accounts/tenant/${row.tenantId}/view`} inherit>
          {row.tenantName}
        </Anchor>
      ),
    },
    { key: 'city', header: t('regulators.accounts.city'), render: (row) => row.city ?? t('common.notSet') },
    {
      key: 'freshness',
      header: t('regulators.accounts.freshness'),
      render: (row) => <FreshnessBadge freshness={row.freshness} lastDataAt={row.lastDataAt} size="sm" />,
    },
    {
      key: 'mapped',
      header: t('regulators.accounts.atBoard'),
      render: (row) =>
        row.regulatorTenantId === null ? (
          <Text size="sm" c="dimmed">
            {t('regulators.accounts.notMapped')}
          </Text>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Anchor component={Link} to={industryPath(board.statId, row.regulatorTenantId)} size="sm">
              {row.spcbTenantId ?? t('regulators.accounts.mapped')}
            </Anchor>
            {row.keyStatus && <KeyStatusBadge keyStatus={row.keyStatus} />}
          </Group>
        ),
    },
    {
      key: 'share',
      header: t('regulators.accounts.delivered24h'),
      align: 'right',
      render: (row) =>
        row.deliveredShare24h === null ? t('common.notSet') : formatShare(row.deliveredShare24h),
    },
    {
      key: 'lastDelivered',
      header: t('regulators.tenants.lastDelivered'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (row) => formatMoment(t, row.lastDeliveredAt),
    },
  ];

  const rows = data?.items;
  const from = rows && rows.length > 0 ? (list.query.page - 1) * PAGE_SIZE + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="state-accounts-title">
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={2} size="h3" id="state-accounts-title">
            {wholeState
              ? t('regulators.accounts.title', { state: board.stateName })
              : t('regulators.accounts.boardTitle')}
          </Title>
          {data && (
            <Text size="sm" c="dimmed">
              {t('regulators.accounts.total', { total: formatNumber(data.counts.total) })}
            </Text>
          )}
        </Stack>
        {data && <FreshnessCounts counts={data.counts} />}
      </Group>
      <ListResult
        query={accounts}
        rows={rows}
        errorTitle={t('regulators.accounts.loadError')}
        empty={t('regulators.accounts.empty', { state: board.stateName })}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.tenantId}
          caption={t('regulators.accounts.caption', { from, to, total: formatTotal(data) })}
          minWidth={900}
          isRefreshing={accounts.isPlaceholderData}
        />
      </ListResult>
      {data && (
        <Pagination
          page={list.query.page}
          pageCount={data.pageCount}
          total={data}
          disabled={accounts.isFetching}
          onChange={setPage}
          label={t('regulators.accounts.pagination')}
        />
      )}
    </Stack>
  );
}
