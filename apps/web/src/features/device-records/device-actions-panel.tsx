import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { DEVICE_ACTIONS, type DeviceAction, type DeviceActionKind } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ListResult } from '../../components/list';
import { dialogs } from '../../components/dialogs';
import { useRecordActionResult } from '../lab-calibration';
import { deviceRecordKeys, useDeviceActions, useRequestDeviceAction } from './api';
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
  const recordResult = useRecordActionResult(deviceId, deviceRecordKeys.actions(deviceId));

  /** Records what came of a request the gateway did not report (after confirming). */
  const markResult = async (item: DeviceAction, result: 'DONE' | 'FAILED') => {
    const confirmed = await dialogs.confirm({
      message: t(`labCalibration.actions.confirm.${result}`, {
        action: t(`deviceRecords.actions.names.${item.action}`),
        when: formatMoment(item.requestedAt),
      }),
      confirmLabel: t(`labCalibration.actions.mark.${result}`),
    });
    if (!confirmed) return;
    try {
      await recordResult.mutateAsync({ actionId: item.id, result });
      notifySuccess(t('labCalibration.actions.recorded'));
    } catch (error) {
      const isExplained = isApiError(error) && error.status >= 400 && error.status < 500;
      notifyFailure(
        isApiError(error) && error.params.reason === 'actionCompleted'
          ? t('labCalibration.actions.alreadyCompleted')
          : isExplained
            ? getErrorMessage(t, error)
            : t('labCalibration.actions.recordError'),
      );
    }
  };

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
    ...(canEdit
      ? [
          {
            key: 'record',
            header: t('labCalibration.actions.column'),
            render: (item: DeviceAction) =>
              item.result === 'REQUESTED' ? (
                <Group gap="xs" wrap="nowrap">
                  {(['DONE', 'FAILED'] as const).map((result) => (
                    <Button
                      key={result}
                      size="compact-sm"
                      variant={result === 'DONE' ? 'light' : 'default'}
                      color={result === 'DONE' ? 'green' : 'red'}
                      onClick={() => void markResult(item, result)}
                      loading={
                        recordResult.isPending &&
                        recordResult.variables?.actionId === item.id &&
                        recordResult.variables.result === result
                      }
                      aria-label={t(`labCalibration.actions.markNamed.${result}`, {
                        action: t(`deviceRecords.actions.names.${item.action}`),
                        when: formatMoment(item.requestedAt),
                      })}
                    >
                      {t(`labCalibration.actions.mark.${result}`)}
                    </Button>
                  ))}
                </Group>
              ) : null,
          },
        ]
      : []),
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
      <ListResult
        query={actions}
        rows={actions.data}
        errorTitle={t('deviceRecords.actions.loadError')}
        empty={t('deviceRecords.actions.empty')}
      >
        <DataTable
          columns={columns}
          rows={actions.data}
          getRowKey={(item) => item.id}
          caption={t('deviceRecords.actions.caption')}
          minWidth={canEdit ? 820 : 640}
          skeletonRows={2}
        />
      </ListResult>
    </Stack>
  );
}
