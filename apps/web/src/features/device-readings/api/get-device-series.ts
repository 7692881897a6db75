import { useQuery } from '@tanstack/react-query';
import { READING_RANGES, telemetryEndpoints, type EntityData, type ReadingRange } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { rangeWindow } from '../chart-data';
import { READINGS_REFRESH_MS } from './get-device-readings';
import { readingsKeys } from './readings-keys';

export interface SeriesTarget {
  tenantId: number;
  entityId: number;
  deviceId: number;
}

/** The range ending now, asked for at the moment of each fetch. */
export function getDeviceSeries(
  { tenantId, entityId, deviceId }: SeriesTarget,
  range: ReadingRange,
  signal?: AbortSignal,
  now = Date.now(),
): Promise<EntityData> {
  const { ms, dim } = READING_RANGES[range];
  return callEndpoint(telemetryEndpoints.entityData, {
    params: { tenantId, entityId },
    body: { dim, deviceId, ...rangeWindow(ms, dim, now) },
    signal,
  });
}

/**
 * A device's 15-minute values of each parameter over the range ending now
 * (`POST /api/tenants/{id}/entities/{id}/data` with the device). The last 24
 * hours are asked again every minute while shown; longer ranges when asked.
 */
export function useDeviceSeries(target: SeriesTarget, range: ReadingRange) {
  return useQuery({
    queryKey: readingsKeys.series(target.deviceId, target.entityId, range),
    queryFn: ({ signal }) => getDeviceSeries(target, range, signal),
    refetchInterval: range === '24h' ? READINGS_REFRESH_MS : false,
  });
}
