import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../app/api-client';
import { energyKeys } from './energy-keys';

/** `DELETE /api/energy/metrics/{id}`: marks it DELETED; 409 while an energy parameter computes it. */
export function deleteMetric(id: number): Promise<unknown> {
  return apiClient.delete(`/energy/metrics/${id}`);
}

export function useDeleteMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMetric,
    onSettled: () => queryClient.invalidateQueries({ queryKey: energyKeys.metrics() }),
  });
}
