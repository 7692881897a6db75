// What the devices feature shares with other features.
export { deviceKeys } from './api/device-keys';
export { DEVICES_PATH } from './device-paths';
