import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  OFFLINE_REMARK_PAGE_SIZE,
  OFFLINE_REMARK_STATES,
  offlineRemarkListQuerySchema,
  type OfflineRemark,
  type OfflineRemarkState,
} from '@vayu/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { dialogs } from '../../components/dialogs';
import { useListState, ListResult } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { SegmentedChoice } from '../../components/segmented-choice';
import { formatTotal } from '../../i18n';
import { useOfflineRemarks, useResolveOfflineRemark } from './api';
import { IndustryPicker } from './industry-picker';
import { OfflineRemarkAddDialog } from './offline-remark-add-dialog';
import { formatDay, formatMoment, reasonLabel } from './remark-text';

const ALL = 'all';
type StateChoice = OfflineRemarkState | typeof ALL;

/**
 * `/devices/offline/remark`: why devices went offline and when their data is
 * expected back, newest first, paged on the server. Site, partner, corporate
 * and board users pick the industry (kept in the URL with the page and the
 * status); an industry's own users see theirs. Those who look after an
 * industry add remarks and mark the data restored.
 */
export function OfflineRemarkList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isOwnIndustry = user?.userType === 'tenant';
  const canWrite = user?.userType === 'site' || user?.userType === 'partner' || isOwnIndustry;
  const fixed = useMemo(
    () => ({
      pageSize: OFFLINE_REMARK_PAGE_SIZE,
      ...(isOwnIndustry && user ? { tenantId: user.account.id } : {}),
    }),
    [isOwnIndustry, user],
  );
  const { query, change, setPage } = useListState(offlineRemarkListQuerySchema, { fixed });
  const remarks = useOfflineRemarks(query);
  const resolve = useResolveOfflineRemark();
  const [isAdding, setIsAdding] = useState(false);
  useDocumentTitle(`${t('cameras.remarks.title')} · ${t('common.appName')}`);

  const markRestored = async (remark: OfflineRemark) => {
    const confirmed = await dialogs.confirm({
      message: t('cameras.remarks.resolveConfirm', { device: remark.device.name }),
      confirmLabel: t('cameras.remarks.resolve'),
    });
    if (!confirmed) return;
    resolve.mutate(remark.id, {
      onSuccess: () => notifySuccess(t('cameras.remarks.resolveDone')),
      onError: (error) =>
        notifyFailure(
          isApiError(error) && error.status < 500
            ? getErrorMessage(t, error)
            : t('cameras.remarks.resolveError'),
        ),
    });
  };

  const notSet = t('common.notSet');
  const columns: DataTableColumn<OfflineRemark>[] = [
    {
      key: 'device',
      header: t('cameras.remarks.columns.device'),
      render: (remark) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {remark.device.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('cameras.remarks.serial', { serial: remark.device.serialNumber })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'point',
      header: t('cameras.remarks.columns.monitoringPoint'),
      render: (remark) => remark.monitoringPoint.name,
    },
    ...(query.tenantId === undefined
      ? [
          {
            key: 'industry',
            header: t('cameras.remarks.columns.industry'),
            render: (remark: OfflineRemark) => remark.tenant.name,
          },
        ]
      : []),
    {
      key: 'reason',
      header: t('cameras.remarks.columns.reason'),
      render: (remark) => reasonLabel(t, remark.reason),
    },
    {
      key: 'remark',
      header: t('cameras.remarks.columns.remark'),
      render: (remark) => remark.remark ?? notSet,
    },
    {
      key: 'restoration',
      header: t('cameras.remarks.columns.expectedRestoration'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (remark) => (remark.expectedRestoration ? formatDay(remark.expectedRestoration) : notSet),
    },
    { key: 'by', header: t('cameras.remarks.columns.by'), render: (remark) => remark.createdBy ?? notSet },
    {
      key: 'when',
      header: t('cameras.remarks.columns.when'),
      cellProps: { style: { whiteSpace: 'nowrap' } },
      render: (remark) => formatMoment(remark.createdAt),
    },
    {
      key: 'status',
      header: t('cameras.remarks.columns.status'),
      render: (remark) =>
        remark.resolvedAt ? (
          <Stack gap={2} align="flex-start">
            <Badge variant="light" color="teal">
              {t('cameras.remarks.resolved')}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('cameras.remarks.resolvedOn', { when: formatMoment(remark.resolvedAt) })}
            </Text>
          </Stack>
        ) : (
          <Badge variant="light" color="orange">
            {t('cameras.remarks.open')}
          </Badge>
        ),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('cameras.remarks.columns.actions'),
            render: (remark: OfflineRemark) =>
              remark.resolvedAt ? null : (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => void markRestored(remark)}
                  loading={resolve.isPending && resolve.variables === remark.id}
                  aria-label={t('cameras.remarks.resolveNamed', { device: remark.device.name })}
                >
                  {t('cameras.remarks.resolve')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  const rows = remarks.data?.items;
  const from = rows && rows.length > 0 ? (query.page - 1) * query.pageSize + 1 : 0;
  const to = rows ? from + Math.max(0, rows.length - 1) : 0;
  const states: { value: StateChoice; label: string }[] = [
    { value: ALL, label: t('cameras.remarks.allStates') },
    ...OFFLINE_REMARK_STATES.map((state) => ({ value: state, label: t(`cameras.remarks.${state}`) })),
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('cameras.remarks.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('cameras.remarks.intro')}
          </Text>
        </Stack>
        {canWrite && (
          <Button
            onClick={() => setIsAdding(true)}
            disabled={query.tenantId === undefined}
            title={query.tenantId === undefined ? t('cameras.remarks.chooseIndustry') : undefined}
          >
            {t('cameras.remarks.add')}
          </Button>
        )}
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="lg" wrap="wrap">
          {!isOwnIndustry && (
            <IndustryPicker
              value={query.tenantId}
              onChange={(tenantId) => change({ tenantId, deviceId: undefined })}
            />
          )}
          <Stack gap={4}>
            <Text id="offline-remark-state" size="sm" fw={500}>
              {t('cameras.remarks.state')}
            </Text>
            <SegmentedChoice
              aria-labelledby="offline-remark-state"
              value={query.state ?? ALL}
              onChange={(state) => change({ state: state === ALL ? undefined : state })}
              data={states}
            />
          </Stack>
        </Group>
      </Paper>

      <ListResult
        query={remarks}
        rows={rows}
        errorTitle={t('cameras.remarks.loadError')}
        empty={t('cameras.remarks.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(remark) => remark.id}
          caption={t('cameras.remarks.caption', { from, to, total: formatTotal(remarks.data) })}
          minWidth={1040}
          isRefreshing={remarks.isPlaceholderData}
        />
      </ListResult>

      {remarks.data && (
        <Pagination
          page={query.page}
          pageCount={remarks.data.pageCount}
          total={remarks.data}
          disabled={remarks.isFetching}
          onChange={setPage}
        />
      )}

      {query.tenantId !== undefined && (
        <OfflineRemarkAddDialog
          opened={isAdding}
          tenantId={query.tenantId}
          onClose={() => setIsAdding(false)}
        />
      )}
    </Stack>
  );
}
