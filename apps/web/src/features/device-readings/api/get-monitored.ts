import { queryOptions, useQuery } from '@tanstack/react-query';
import { telemetryEndpoints, type Monitored } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { readingsKeys } from './readings-keys';

export const monitoredQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: readingsKeys.monitored(tenantId),
    queryFn: ({ signal }): Promise<Monitored> =>
      callEndpoint(telemetryEndpoints.monitored, { params: { tenantId }, signal }),
    // Freshness moves in hours; a minute old is fresh enough for the screens that show it.
    staleTime: 60_000,
  });

/**
 * An industry's last data time and freshness, and each monitoring point's and
 * device's (`GET /api/tenants/{id}/monitored`). Nothing is asked when `enabled` is false.
 */
export function useMonitored(tenantId: number, enabled = true) {
  return useQuery({ ...monitoredQueryOptions(tenantId), enabled });
}
