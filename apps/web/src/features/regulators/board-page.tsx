import { Anchor, Button, Group, Paper, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isAccessAllowed, regulatorsEndpoints, type Board } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { useSessionUser } from '../../app/session';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { formatNumber } from '../../i18n';
import { useBoard } from './api';
import { BoardDialog } from './board-dialog';
import { BoardParametersSection } from './board-parameters-section';
import { BoardTenantsSection } from './board-tenants-section';
import { DetailsList, FreshnessCounts, PushBadge } from './regulator-badges';
import { parseRouteId, protocolLabel, REGULATORS_PATH } from './regulator-text';
import { useTabParam } from './use-tab-param';
import { StateAccountsSection } from './state-accounts-section';

const TABS = ['industries', 'parameters', 'accounts'] as const;

/** `/viewRegulator/{statId}`: a board's details and, in tabs, its industries, its ids and the state's accounts. */
export function BoardPage() {
  const { statId } = useParams();
  const id = parseRouteId(statId);
  if (id === null) return <Navigate to={REGULATORS_PATH} replace />;
  return <BoardScreen key={id} statId={id} />;
}

export function BackToBoards() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={REGULATORS_PATH} size="sm">
      <span aria-hidden>← </span>
      {t('regulators.board.back')}
    </Anchor>
  );
}

function BoardScreen({ statId }: { statId: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const board = useBoard(statId);
  const canWrite = user !== null && isAccessAllowed(regulatorsEndpoints.updateBoard.access, user);
  const [editing, setEditing] = useState(false);
  const data = board.data;
  useDocumentTitle(`${data?.name ?? t('regulators.board.title')} · ${t('common.appName')}`);

  if (board.isError && !data) {
    const missing = isApiError(board.error) && board.error.status === 404;
    return (
      <Stack gap="md">
        <BackToBoards />
        <Title order={1}>{t('regulators.board.title')}</Title>
        <LoadErrorAlert
          title={missing ? t('regulators.board.notFound') : t('regulators.board.loadError')}
          error={board.error}
          onRetry={() => void board.refetch()}
          retrying={board.isFetching}
        />
      </Stack>
    );
  }
  if (!data) {
    return (
      <Stack gap="md" role="status" aria-busy aria-label={t('common.loading')}>
        <Skeleton height={16} width={140} />
        <Skeleton height={40} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <BackToBoards />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1} style={{ flex: '1 1 320px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {data.name}
        </Title>
        {canWrite && (
          <Button variant="default" onClick={() => setEditing(true)}>
            {t('regulators.board.edit')}
          </Button>
        )}
      </Group>
      <BoardDetails board={data} />
      <BoardTabs board={data} canWrite={canWrite} />
      {canWrite && <BoardDialog opened={editing} board={data} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

function BoardDetails({ board }: { board: Board }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('regulators.board.details')}>
      <DetailsList
        items={[
          { label: t('regulators.boards.state'), value: board.stateName },
          { label: t('regulators.boards.account'), value: board.statutoryName },
          { label: t('regulators.boards.protocol'), value: protocolLabel(t, board.config.protocol) },
          {
            label: t('regulators.boards.server'),
            value: board.config.baseUrl ?? t('regulators.boards.noServer'),
          },
          {
            label: t('regulators.board.timeout'),
            value: t('regulators.board.timeoutValue', { ms: formatNumber(board.config.timeoutMs) }),
          },
          { label: t('regulators.boards.push'), value: <PushBadge enabled={board.config.pushEnabled} /> },
          {
            label: t('regulators.boards.industries'),
            value: <FreshnessCounts counts={board.accountCounts} />,
          },
        ]}
      />
    </Paper>
  );
}

function BoardTabs({ board, canWrite }: { board: Board; canWrite: boolean }) {
  const { t } = useTranslation();
  const [tab, choose] = useTabParam(TABS);
  return (
    <Tabs value={tab} onChange={choose} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="industries">{t('regulators.board.tabs.industries')}</Tabs.Tab>
        <Tabs.Tab value="parameters">{t('regulators.board.tabs.parameters')}</Tabs.Tab>
        <Tabs.Tab value="accounts">
          {canWrite ? t('regulators.board.tabs.accounts') : t('regulators.board.tabs.boardAccounts')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="industries" pt="md">
        <BoardTenantsSection board={board} canWrite={canWrite} />
      </Tabs.Panel>
      <Tabs.Panel value="parameters" pt="md">
        <BoardParametersSection statId={board.statId} canWrite={canWrite} />
      </Tabs.Panel>
      <Tabs.Panel value="accounts" pt="md">
        <StateAccountsSection board={board} />
      </Tabs.Panel>
    </Tabs>
  );
}
