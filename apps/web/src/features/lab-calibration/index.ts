// What the calibration schedule and lab reports share with other features.
export { DeviceCalibrationSchedule } from './device-calibration-schedule';
export { useDeviceParameters, useRecordActionResult } from './api';
