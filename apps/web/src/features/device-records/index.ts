// What the device records feature shares: the dialogs the devices list opens from each device row.
export { DeviceDocumentsDialog, type DeviceRecordsDialogProps } from './device-documents-dialog';
export { DeviceCalibrationDialog } from './device-calibration-dialog';
