import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isAccessAllowed, regulatorsEndpoints, type Board } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { useBoards } from './api';
import { BoardDialog } from './board-dialog';
import { FreshnessCounts, PushBadge } from './regulator-badges';
import { boardPath, protocolLabel } from './regulator-text';

/**
 * `/regulator`: the state boards, one a state, each with its board account,
 * protocol, server and push, and its industries counted LIVE / DELAYED /
 * OFFLINE. The platform's administrators add and edit boards; a board's own
 * users see their board only, read-only.
 */
export function BoardList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const boards = useBoards();
  const canWrite = user !== null && isAccessAllowed(regulatorsEndpoints.createBoard.access, user);
  const [dialog, setDialog] = useState<{ board: Board | null } | null>(null);
  useDocumentTitle(`${t('pages.regulators')} · ${t('common.appName')}`);

  const columns: DataTableColumn<Board>[] = [
    {
      key: 'name',
      header: t('regulators.boards.name'),
      cellProps: { fw: 500 },
      render: (board) => (
        <Anchor component={Link} to={boardPath(board.statId)} inherit>
          {board.name}
        </Anchor>
      ),
    },
    { key: 'state', header: t('regulators.boards.state'), render: (board) => board.stateName },
    { key: 'account', header: t('regulators.boards.account'), render: (board) => board.statutoryName },
    {
      key: 'protocol',
      header: t('regulators.boards.protocol'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (board) => protocolLabel(t, board.config.protocol),
    },
    {
      key: 'server',
      header: t('regulators.boards.server'),
      cellProps: { style: { overflowWrap: 'anywhere' } },
      render: (board) => board.config.baseUrl ?? t('regulators.boards.noServer'),
    },
    {
      key: 'push',
      header: t('regulators.boards.push'),
      render: (board) => <PushBadge enabled={board.config.pushEnabled} />,
    },
    {
      key: 'industries',
      header: t('regulators.boards.industries'),
      render: (board) => <FreshnessCounts counts={board.accountCounts} />,
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('regulators.actions'),
            render: (board: Board) => (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setDialog({ board })}
                aria-label={t('regulators.boards.editNamed', { name: board.name })}
              >
                {t('regulators.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Title order={1}>{t('pages.regulators')}</Title>
          <Text c="dimmed" size="sm">
            {canWrite ? t('regulators.boards.intro') : t('regulators.boards.introReadOnly')}
          </Text>
        </Stack>
        {canWrite && <Button onClick={() => setDialog({ board: null })}>{t('regulators.boards.add')}</Button>}
      </Group>
      <ListResult
        query={boards}
        rows={boards.data?.items}
        errorTitle={t('regulators.boards.loadError')}
        empty={canWrite ? t('regulators.boards.empty') : t('regulators.boards.emptyOwn')}
      >
        <DataTable
          columns={columns}
          rows={boards.data?.items}
          getRowKey={(board) => board.statId}
          caption={t('regulators.boards.caption', { count: boards.data?.items.length ?? 0 })}
          minWidth={1080}
        />
      </ListResult>
      {canWrite && (
        <BoardDialog opened={dialog !== null} board={dialog?.board ?? null} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
