import { queryOptions, useQuery } from '@tanstack/react-query';
import { telemetryEndpoints, type DeviceReadings } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { readingsKeys } from './readings-keys';

/** New readings arrive every few minutes; an open screen asks again this often while it is visible. */
export const READINGS_REFRESH_MS = 60_000;

export const deviceReadingsQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: readingsKeys.device(deviceId),
    queryFn: ({ signal }): Promise<DeviceReadings> =>
      callEndpoint(telemetryEndpoints.deviceReadings, { params: { id: deviceId }, signal }),
  });

/** A device's latest value of each enabled parameter, with its freshness (`GET /api/devices/{id}/readings`). */
export function useDeviceReadings(deviceId: number) {
  return useQuery({ ...deviceReadingsQueryOptions(deviceId), refetchInterval: READINGS_REFRESH_MS });
}
