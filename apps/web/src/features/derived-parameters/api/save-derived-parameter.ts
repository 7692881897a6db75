import { useMutation, useQueryClient } from '@tanstack/react-query';
import { derivedParametersEndpoints, type DerivedParameterInput } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { derivedParameterKeys } from './derived-parameter-keys';

/** Refused with field details for bad expressions, or PARAMETER_EXISTS for a name already used. */
export function useCreateDerivedParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DerivedParameterInput) =>
      callEndpoint(derivedParametersEndpoints.createDerivedParameter, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: derivedParameterKeys.all }),
  });
}

/** Also refused with STALE_VERSION, or DERIVED_PARAMETER_IN_USE for a series another one uses. */
export function useUpdateDerivedParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DerivedParameterInput }) =>
      callEndpoint(derivedParametersEndpoints.updateDerivedParameter, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: derivedParameterKeys.all }),
  });
}
