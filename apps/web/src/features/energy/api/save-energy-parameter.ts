import { useMutation, useQueryClient } from '@tanstack/react-query';
import { energyEndpoints, type EnergyParameterInput } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { energyKeys } from './energy-keys';

/** Refused with PARAMETER_EXISTS for a name already used. */
export function useCreateEnergyParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnergyParameterInput) => callEndpoint(energyEndpoints.createEnergyParameter, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: energyKeys.parameters() }),
  });
}

/** Refused with PARAMETER_EXISTS for a name already used, or STALE_VERSION. */
export function useUpdateEnergyParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EnergyParameterInput }) =>
      callEndpoint(energyEndpoints.updateEnergyParameter, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: energyKeys.parameters() }),
  });
}
