import { Button, Group } from '@mantine/core';
import type { DeviceSummary } from '@vayu/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteButton } from '../../components/list';
import { deviceReadingsPath, type DeviceReadingsState } from '../device-readings';
import { useDeleteDevice } from './api/delete-device';
import { deviceEditPath, type DeviceListState } from './device-paths';

export type DeviceRecordsKind = 'documents' | 'calibration';

interface DeviceRowActionsProps {
  device: DeviceSummary;
  /** The list's search, kept on the dialog's address. */
  search: string;
  canEdit: boolean;
  /** Opens the device's documents or calibration records; absent where those screens are not available. */
  onOpenRecords?: ((device: DeviceSummary, kind: DeviceRecordsKind) => void) | undefined;
}

/** Readings, edit, documents, calibration and delete (after confirming) of one device. */
export function DeviceRowActions({ device, search, canEdit, onOpenRecords }: DeviceRowActionsProps) {
  const { t } = useTranslation();
  const deleteDevice = useDeleteDevice();
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component={Link}
        to={deviceReadingsPath(device.id)}
        state={{ fromList: true } satisfies DeviceReadingsState}
        size="compact-sm"
        variant="default"
        aria-label={t('readings.rowActionNamed', { name: device.name })}
      >
        {t('readings.rowAction')}
      </Button>
      {canEdit && (
        <Button
          component={Link}
          to={{ pathname: deviceEditPath(device.id), search }}
          state={{ fromList: true } satisfies DeviceListState}
          size="compact-sm"
          variant="default"
          aria-label={t('deviceRegistry.list.editNamed', { name: device.name })}
        >
          {t('deviceRegistry.list.edit')}
        </Button>
      )}
      {onOpenRecords && (
        <>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onOpenRecords(device, 'documents')}
            aria-label={t('deviceRegistry.list.documentsNamed', { name: device.name })}
          >
            {t('deviceRegistry.list.documents')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onOpenRecords(device, 'calibration')}
            aria-label={t('deviceRegistry.list.calibrationNamed', { name: device.name })}
          >
            {t('deviceRegistry.list.calibration')}
          </Button>
        </>
      )}
      {canEdit && (
        <ConfirmDeleteButton
          label={t('deviceRegistry.list.delete')}
          accessibleName={t('deviceRegistry.list.deleteNamed', { name: device.name })}
          confirmMessage={t('deviceRegistry.list.confirmDelete', {
            name: device.name,
            serial: device.serialNumber,
          })}
          onDelete={() => deleteDevice.mutateAsync(device)}
          successMessage={t('deviceRegistry.messages.deleted')}
          failureMessage={t('deviceRegistry.messages.deleteError')}
        />
      )}
    </Group>
  );
}
