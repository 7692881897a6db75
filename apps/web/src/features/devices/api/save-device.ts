import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devicesEndpoints, type Device, type DeviceBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { deviceKeys } from './device-keys';

/**
 * Adds a device (`id` null) or changes one from the version the edit started
 * from, with its parameter rows.
 */
export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DeviceBody }): Promise<Device> =>
      id === null
        ? callEndpoint(devicesEndpoints.createDevice, { body })
        : callEndpoint(devicesEndpoints.updateDevice, { params: { id }, body }),
    onSuccess: (device) => queryClient.setQueryData(deviceKeys.detail(device.id), device),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
  });
}
