import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Board, RegulatorDevice, RegulatorTenant } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isApiError } from '../../app/api-client';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmDeleteButton, ListResult } from '../../components/list';
import { useDeleteRegulatorDevice, useRegulatorDevices } from './api';
import { DeviceMappingDialog } from './device-mapping-dialog';

/** The industry's device parameters mapped to the board's device, parameter and unit ids. */
export function DeviceMappingsSection({
  board,
  mapping,
  canWrite,
}: {
  board: Board;
  mapping: RegulatorTenant;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const devices = useRegulatorDevices(mapping.id);
  const remove = useDeleteRegulatorDevice();
  const [adding, setAdding] = useState(false);
  const rows = devices.data?.items;

  // Whatever stops the delete, the spec words it one way.
  const deleteMapping = async (id: number) => {
    try {
      return await remove.mutateAsync(id);
    } catch (error) {
      const status = isApiError(error) && error.status >= 400 ? error.status : 0;
      throw new ApiError(status, 'BUSINESS_RULE', t('regulators.devices.deleteFailed'));
    }
  };

  const columns: DataTableColumn<RegulatorDevice>[] = [
    {
      key: 'station',
      header: t('regulators.devices.station'),
      cellProps: { ff: 'monospace' },
      render: (row) => row.spcbEntityId,
    },
    {
      key: 'device',
      header: t('regulators.devices.device'),
      cellProps: { fw: 500 },
      render: (row) => row.deviceName,
    },
    { key: 'parameter', header: t('regulators.devices.parameter'), render: (row) => row.parameterLabel },
    {
      key: 'unit',
      header: t('regulators.devices.unit'),
      cellProps: { ff: 'monospace' },
      render: (row) => row.unit,
    },
    {
      key: 'boardParameter',
      header: t('regulators.devices.boardParameter'),
      cellProps: { ff: 'monospace' },
      render: (row) => row.spcbParameterId,
    },
    {
      key: 'boardUnit',
      header: t('regulators.devices.boardUnit'),
      cellProps: { ff: 'monospace' },
      render: (row) => row.spcbUnit,
    },
    {
      key: 'boardDevice',
      header: t('regulators.devices.spcbDeviceId'),
      cellProps: { ff: 'monospace', style: { overflowWrap: 'anywhere' } },
      render: (row) => row.spcbDeviceId,
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('regulators.actions'),
            render: (row: RegulatorDevice) => (
              <ConfirmDeleteButton
                label={t('regulators.delete')}
                accessibleName={t('regulators.devices.deleteNamed', {
                  device: row.deviceName,
                  parameter: row.parameterLabel,
                })}
                confirmMessage={t('regulators.devices.deleteConfirm', {
                  device: row.deviceName,
                  parameter: row.parameterLabel,
                })}
                onDelete={() => deleteMapping(row.id)}
                successMessage={t('regulators.devices.deleted')}
                failureMessage={t('regulators.devices.deleteFailed')}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby="device-mappings-title">
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={2} size="h3" id="device-mappings-title">
            {t('regulators.devices.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('regulators.devices.intro')}
          </Text>
        </Stack>
        {canWrite && <Button onClick={() => setAdding(true)}>{t('regulators.devices.add')}</Button>}
      </Group>
      <ListResult
        query={devices}
        rows={rows}
        errorTitle={t('regulators.devices.loadError')}
        empty={t('regulators.devices.empty')}
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.id}
          caption={t('regulators.devices.caption', { count: rows?.length ?? 0 })}
          minWidth={960}
          skeletonRows={3}
        />
      </ListResult>
      {canWrite && (
        <DeviceMappingDialog
          opened={adding}
          board={board}
          mapping={mapping}
          mapped={rows ?? []}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
