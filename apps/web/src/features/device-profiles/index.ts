// What the device profiles share with other features (a device's settings start from a profile).
export { deviceProfileKeys, useDeviceProfiles, type ProfileListType } from './api';
