import { useQuery } from '@tanstack/react-query';
import { devicesEndpoints, type Device } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { deviceKeys } from './device-keys';

/** One device with its parameter rows (`GET /api/devices/{id}`). */
export function getDevice(id: number, signal?: AbortSignal): Promise<Device> {
  return callEndpoint(devicesEndpoints.getDevice, { params: { id }, signal });
}

/** One device; nothing is asked without an id. */
export function useDevice(id: number | null) {
  return useQuery({
    queryKey: deviceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getDevice(id!, signal),
    enabled: id !== null,
  });
}
