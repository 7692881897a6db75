import { useMutation, useQueryClient } from '@tanstack/react-query';
import { energyEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { energyKeys } from './energy-keys';

/** Marks it DELETED; refused (METRIC_IN_USE) while an energy parameter computes it. */
export function useDeleteMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(energyEndpoints.deleteMetric, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: energyKeys.metrics() }),
  });
}
