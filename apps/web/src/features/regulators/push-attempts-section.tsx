import { Badge, Button, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { pushAttemptsQuerySchema, type PushAttempt, type RegulatorTenant } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useLastPageWhenPastEnd, useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatTotal } from '../../i18n';
import { usePushAttempts, useRegulatorDevices } from './api';
import { formatMoment } from './regulator-text';

const PAGE_SIZE = 20;
const LIST_OPTIONS = { fixed: { size: PAGE_SIZE } };
/** Answers longer than this show their start; the whole answer opens on demand. */
const ANSWER_PREVIEW = 80;

const OUTCOME_COLORS: Record<PushAttempt['outcome'], string> = {
  delivered: 'green',
  refused: 'red',
  retry: 'orange',
};

/** Every try to send the industry's slots to the board, newest first, paged on the server. */
export function PushAttemptsSection({ mapping }: { mapping: RegulatorTenant }) {
  const { t } = useTranslation();
  const list = useListState(pushAttemptsQuerySchema, LIST_OPTIONS);
  const attempts = usePushAttempts(mapping.id, list.query);
  const devices = useRegulatorDevices(mapping.id);
  const [shown, setShown] = useState<PushAttempt | null>(null);
  const { data } = attempts;
  const { setPage } = list;

  useLastPageWhenPastEnd(attempts, list.query.page, setPage);

  const deviceName = (id: number) =>
    devices.data?.items.find((row) => row.deviceId === id)?.deviceName ??
    t('regulators.attempts.deviceId', { id });

  const columns: DataTableColumn<PushAttempt>[] = [
    {
      key: 'time',
      header: t('regulators.attempts.time'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (row) => formatMoment(t, row.attemptedAt),
    },
    {
      key: 'slot',
      header: t('regulators.attempts.slot'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (row) => formatMoment(t, row.slot),
    },
    { key: 'device', header: t('regulators.attempts.device'), render: (row) => deviceName(row.deviceId) },
    {
      key: 'outcome',
      header: t('regulators.attempts.outcome'),
      render: (row) => (
        <Badge color={OUTCOME_COLORS[row.outcome]} variant="light" tt="none">
          {t(`regulators.attempts.outcomes.${row.outcome}`)}
        </Badge>
      ),
    },
    {
      key: 'http',
      header: t('regulators.attempts.httpStatus'),
      align: 'right',
      render: (row) => row.httpStatus ?? t('common.notSet'),
    },
    {
      key: 'code',
      header: t('regulators.attempts.boardCode'),
      cellProps: { ff: 'monospace' },
      render: (row) => row.boardCode ?? t('common.notSet'),
    },
    {
      key: 'answer',
      header: t('regulators.attempts.answer'),
      cellProps: { style: { maxWidth: 320 } },
      render: (row) =>
        row.answer.length > ANSWER_PREVIEW ? (
          <Stack gap={4} align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {`${row.answer.slice(0, ANSWER_PREVIEW)}…`}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setShown(row)}
              aria-label={t('regulators.attempts.fullAnswerOf', { requestId: row.requestId })}
            >
              {t('regulators.attempts.fullAnswer')}
            </Button>
          </Stack>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.answer || t('common.notSet')}
          </Text>
        ),
    },
    {
      key: 'request',
      header: t('regulators.attempts.requestId'),
      cellProps: { ff: 'monospace', fz: 'xs', style: { overflowWrap: 'anywhere', maxWidth: 220 } },
      render: (row) => row.requestId,
    },
  ];

  const rows = data?.items;
  const from = rows && rows.length > 0 ? (list.query.page - 1) * PAGE_SIZE + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="attempts-title">
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={2} size="h3" id="attempts-title">
            {t('regulators.attempts.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('regulators.attempts.intro')}
          </Text>
        </Stack>
        <Button variant="default" onClick={() => void attempts.refetch()} loading={attempts.isFetching}>
          {t('regulators.timeline.refresh')}
        </Button>
      </Group>
      <ListResult
        query={attempts}
        rows={rows}
        errorTitle={t('regulators.attempts.loadError')}
        empty={t('regulators.attempts.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.id}
          caption={t('regulators.attempts.caption', { from, to, total: formatTotal(data) })}
          minWidth={1100}
          isRefreshing={attempts.isPlaceholderData}
        />
      </ListResult>
      {data && (
        <Pagination
          page={list.query.page}
          pageCount={data.pageCount}
          total={data}
          disabled={attempts.isFetching}
          onChange={setPage}
          label={t('regulators.attempts.pagination')}
        />
      )}
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t('regulators.attempts.answerTitle')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('dialogs.close') }}
      >
        {shown && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('regulators.attempts.answerOf', {
                requestId: shown.requestId,
                time: formatMoment(t, shown.attemptedAt),
              })}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {shown.answer}
            </Code>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
