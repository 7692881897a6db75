import { useMutation, useQueryClient } from '@tanstack/react-query';
import { energyEndpoints, type EnergyMetricInput } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { energyKeys } from './energy-keys';

// Energy parameters list their metrics, so every energy query is refreshed.

/** Refused with METRIC_EXISTS when the key is already used. */
export function useCreateMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnergyMetricInput) => callEndpoint(energyEndpoints.createMetric, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: energyKeys.all }),
  });
}

/** Refused with METRIC_EXISTS for a key already used, or STALE_VERSION. */
export function useUpdateMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EnergyMetricInput }) =>
      callEndpoint(energyEndpoints.updateMetric, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: energyKeys.all }),
  });
}
