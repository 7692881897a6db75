import { useMutation, useQueryClient } from '@tanstack/react-query';
import { derivedParametersEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { derivedParameterKeys } from './derived-parameter-keys';

/** Marks it DELETED; refused (DERIVED_PARAMETER_IN_USE) while another derived parameter uses its series. */
export function useDeleteDerivedParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint(derivedParametersEndpoints.deleteDerivedParameter, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: derivedParameterKeys.all }),
  });
}
