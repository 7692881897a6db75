import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parametersEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { parameterKeys } from './parameter-keys';

/** Marks the parameter DELETED; refused (PARAMETER_IN_USE) while something uses it. */
export function useDeleteParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(parametersEndpoints.deleteParameter, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: parameterKeys.all }),
  });
}
