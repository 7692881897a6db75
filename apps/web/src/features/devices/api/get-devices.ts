import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { devicesEndpoints, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { deviceKeys, type DeviceListQuery } from './device-keys';

export type DevicePage = EndpointResponse<typeof devicesEndpoints.listDevices>;

export const devicesQueryOptions = (query: DeviceListQuery) =>
  queryOptions({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(devicesEndpoints.listDevices, { query, signal }),
  });

/** One page of the devices the signed-in user may see; the page before stays while the next loads. */
export function useDevices(query: DeviceListQuery) {
  return useQuery({ ...devicesQueryOptions(query), placeholderData: keepPreviousData });
}
