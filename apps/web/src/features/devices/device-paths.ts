/** The device list; its search (industry, page, search, status) travels with the dialog's addresses. */
export const DEVICES_PATH = '/devices';
export const DEVICE_ADD_PATH = `${DEVICES_PATH}/add`;
export const DEVICE_EDIT_PATTERN = `${DEVICES_PATH}/:deviceId/edit`;

export const deviceEditPath = (id: number) => `${DEVICES_PATH}/${id}/edit`;

/** Set on the way to a dialog's address from the list, so closing it steps back rather than forward. */
export interface DeviceListState {
  fromList?: boolean;
}

/** The device id of an address, or null when it is not one (`/devices/abc/edit`). */
export function parseDeviceId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}
