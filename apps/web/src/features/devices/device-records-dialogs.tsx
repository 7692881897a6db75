import type { DeviceSummary } from '@vayu/domain';
import { DeviceCalibrationDialog, DeviceDocumentsDialog } from '../device-records';
import type { DeviceRecordsKind } from './device-row-actions';

export interface DeviceRecordsTarget {
  device: DeviceSummary;
  kind: DeviceRecordsKind;
}

interface DeviceRecordsDialogsProps {
  target: DeviceRecordsTarget | null;
  canEdit: boolean;
  onClose: () => void;
}

/** A device's supporting documents or calibration records, opened from its row. */
export function DeviceRecordsDialogs({ target, canEdit, onClose }: DeviceRecordsDialogsProps) {
  const deviceId = target?.device.id ?? 0;
  const deviceName = target?.device.name ?? '';
  return (
    <>
      <DeviceDocumentsDialog
        deviceId={deviceId}
        deviceName={deviceName}
        canEdit={canEdit}
        opened={target?.kind === 'documents'}
        onClose={onClose}
      />
      <DeviceCalibrationDialog
        deviceId={deviceId}
        deviceName={deviceName}
        canEdit={canEdit}
        opened={target?.kind === 'calibration'}
        onClose={onClose}
      />
    </>
  );
}
