import { useMutation, useQueryClient } from '@tanstack/react-query';
import { energyParameterSchema, type EnergyParameter, type EnergyParameterInput } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { energyKeys } from './energy-keys';

/** `POST /api/energy/parameters`: 409 'Parameter already exists.' for a name already used. */
export function createEnergyParameter(body: EnergyParameterInput): Promise<EnergyParameter> {
  return apiClient.post('/energy/parameters', body, { schema: energyParameterSchema });
}

/** `PUT /api/energy/parameters/{id}`: 409 for a name already used or a stale version. */
export function updateEnergyParameter({
  id,
  body,
}: {
  id: number;
  body: EnergyParameterInput;
}): Promise<EnergyParameter> {
  return apiClient.put(`/energy/parameters/${id}`, body, { schema: energyParameterSchema });
}

export function useCreateEnergyParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEnergyParameter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: energyKeys.parameters() }),
  });
}

export function useUpdateEnergyParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnergyParameter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: energyKeys.parameters() }),
  });
}
