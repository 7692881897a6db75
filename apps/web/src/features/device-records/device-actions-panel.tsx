import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { DEVICE_ACTIONS, type DeviceAction, type DeviceActionKind } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { DataTable, DataTableEmpty, DataTableError, type DataTableColumn } from '../../components/data-table';
import { dialogs } from '../../components/dialogs';
import { useDeviceActions, useRequestDeviceAction } from './api';
import { formatMoment } from './record-format';

const RESULT_COLORS = { REQUESTED: 'blue', DONE: 'green', FAILED: 'red' } as const;

/**
 * Auto clean and calibrate: those who may change the device ask for one
 * (after confirming); everyone sees who asked for what, when, and the result
 * the device's gateway reported.
 */
export function DeviceActionsPanel({
  deviceId,
  deviceName,
  canEdit,
}: {
  deviceId: number;
  deviceName: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const actions = useDeviceActions(deviceId);
  const request = useRequestDeviceAction(deviceId);
  const [pending, setPending] = useState<DeviceActionKind | null>(null);

  const ask = async (action: DeviceActionKind) => {
    const confirmed = await dialogs.confirm({
      message: t(`deviceRecords.actions.confirm.${action}`, { name: deviceName }),
      confirmLabel: t(`deviceRecords.actions.names.${action}`),
    });
    if (!confirmed) return;
    setPending(action);
    try {
      await request.mutateAsync(action);
      notifySuccess(t(`deviceRecords.actions.requested.${action}`));
    } catch (error) {
      if (isApiError(error) && error.params.reason === 'deviceDisabled') {
        notifyFailure(t('deviceRecords.actions.deviceDisabled'));
      } else {
        const isExplained = isApiError(error) && error.status >= 400 && error.status < 500;
        notifyFailure(isExplained ? getErrorMessage(t, error) : t('deviceRecords.actions.requestError'));
      }
    } finally {
      setPending(null);
    }
  };

  const columns: DataTableColumn<DeviceAction>[] = [
    {
      key: 'action',
      header: t('deviceRecords.actions.columns.action'),
      cellProps: { fw: 500 },
      render: (item) => t(`deviceRecords.actions.names.${item.action}`),
    },
    {
      key: 'requestedBy',
      header: t('deviceRecords.actions.columns.requestedBy'),
      render: (item) => item.requestedBy ?? t('common.notSet'),
    },
    {
      key: 'requestedAt',
      header: t('deviceRecords.actions.columns.requestedAt'),
      render: (item) => formatMoment(item.requestedAt),
    },
    {
      key: 'result',
      header: t('deviceRecords.actions.columns.result'),
      render: (item) => (
        <Badge color={RESULT_COLORS[item.result]} variant="light">
          {t(`deviceRecords.actions.results.${item.result}`)}
        </Badge>
      ),
    },
    {
      key: 'completedAt',
      header: t('deviceRecords.actions.columns.completedAt'),
      render: (item) => (item.completedAt ? formatMoment(item.completedAt) : t('common.notSet')),
    },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('deviceRecords.actions.hint')}
      </Text>
      {canEdit && (
        <Group gap="sm">
          {DEVICE_ACTIONS.map((action) => (
            <Button
              key={action}
              variant={action === 'CALIBRATE' ? 'filled' : 'light'}
              onClick={() => void ask(action)}
              loading={pending === action}
              disabled={pending !== null && pending !== action}
            >
              {t(`deviceRecords.actions.names.${action}`)}
            </Button>
          ))}
        </Group>
      )}
      {actions.isError ? (
        <DataTableError title={t('deviceRecords.actions.loadError')} query={actions} />
      ) : actions.data && actions.data.length === 0 ? (
        <DataTableEmpty>{t('deviceRecords.actions.empty')}</DataTableEmpty>
      ) : (
        <DataTable
          columns={columns}
          rows={actions.data}
          getRowKey={(item) => item.id}
          caption={t('deviceRecords.actions.caption')}
          minWidth={640}
          skeletonRows={2}
        />
      )}
    </Stack>
  );
}
