import type { devicesEndpoints, EndpointQuery, NoxConversion } from '@vayu/domain';

/** The list's query, as `GET /api/devices` defines it. */
export type DeviceListQuery = EndpointQuery<typeof devicesEndpoints.listDevices>;

/** Query keys of the devices feature; writes refresh the lists and the device through these. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (query: DeviceListQuery) => [...deviceKeys.lists(), query] as const,
  detail: (id: number) => [...deviceKeys.all, 'detail', id] as const,
  serialCheck: (tenantId: number, deviceId: number | null, serialNumber: string) =>
    [...deviceKeys.all, 'serial-check', tenantId, deviceId, serialNumber] as const,
  sensorCheck: (tenantId: number, deviceId: number | null, serialNumber: string, sensorId: string) =>
    [...deviceKeys.all, 'sensor-check', tenantId, deviceId, serialNumber, sensorId] as const,
  types: ['device-types'] as const,
  ndirTypes: (conversion: NoxConversion | null) => ['device-types', 'ndir', conversion ?? 'all'] as const,
  vendors: ['device-vendors'] as const,
};
