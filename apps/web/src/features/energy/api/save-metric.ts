import { useMutation, useQueryClient } from '@tanstack/react-query';
import { energyMetricSchema, type EnergyMetric, type EnergyMetricInput } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { energyKeys } from './energy-keys';

/** `POST /api/energy/metrics`: 409 when the key is already used. */
export function createMetric(body: EnergyMetricInput): Promise<EnergyMetric> {
  return apiClient.post('/energy/metrics', body, { schema: energyMetricSchema });
}

/** `PUT /api/energy/metrics/{id}`: 409 for a key already used or a stale version. */
export function updateMetric({ id, body }: { id: number; body: EnergyMetricInput }): Promise<EnergyMetric> {
  return apiClient.put(`/energy/metrics/${id}`, body, { schema: energyMetricSchema });
}

// Energy parameters list their metrics, so every energy query is refreshed.
export function useCreateMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMetric,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: energyKeys.all }),
  });
}

export function useUpdateMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMetric,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: energyKeys.all }),
  });
}
