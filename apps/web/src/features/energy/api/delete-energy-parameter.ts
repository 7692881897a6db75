import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../app/api-client';
import { energyKeys } from './energy-keys';

/** `DELETE /api/energy/parameters/{id}`: marks the energy parameter DELETED. */
export function deleteEnergyParameter(id: number): Promise<unknown> {
  return apiClient.delete(`/energy/parameters/${id}`);
}

export function useDeleteEnergyParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnergyParameter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: energyKeys.parameters() }),
  });
}
