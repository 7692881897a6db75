import { useMutation, useQueryClient } from '@tanstack/react-query';
import { energyEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { energyKeys } from './energy-keys';

/** Marks the energy parameter DELETED. */
export function useDeleteEnergyParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(energyEndpoints.deleteEnergyParameter, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: energyKeys.parameters() }),
  });
}
