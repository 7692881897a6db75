/** The readings screen of one device. */
export const DEVICE_READINGS_PATTERN = '/devices/:deviceId/readings';

export const deviceReadingsPath = (id: number) => `/devices/${id}/readings`;

/** Set on the way from the device list, so "Back to devices" steps back to the list as it was. */
export interface DeviceReadingsState {
  fromList?: boolean;
}

/** The device id of an address, or null when it is not one (`/devices/abc/readings`). */
export function parseReadingsDeviceId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
