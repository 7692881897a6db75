import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parametersEndpoints, type ParameterInput } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { parameterKeys } from './parameter-keys';

export function useCreateParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParameterInput) => callEndpoint(parametersEndpoints.createParameter, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parameterKeys.all }),
  });
}

export function useUpdateParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ParameterInput }) =>
      callEndpoint(parametersEndpoints.updateParameter, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parameterKeys.all }),
  });
}
