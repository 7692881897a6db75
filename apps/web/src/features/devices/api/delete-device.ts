import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devicesEndpoints, type DeviceSummary } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { deviceKeys } from './device-keys';

/** Deletes a device (marked DELETED) at the version the person saw. */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Pick<DeviceSummary, 'id' | 'version'>) =>
      callEndpoint(devicesEndpoints.deleteDevice, {
        params: { id: device.id },
        query: { version: device.version },
      }),
    onSettled: (_data, _error, device) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
        queryClient.removeQueries({ queryKey: deviceKeys.detail(device.id) }),
      ]),
  });
}
