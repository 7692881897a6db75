import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parameterSchema, type Parameter, type ParameterInput } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { parameterKeys } from './parameter-keys';

/** `POST /api/parameters`: 409 'Parameter already exists.' for a duplicate name. */
export function createParameter(body: ParameterInput): Promise<Parameter> {
  return apiClient.post('/parameters', body, { schema: parameterSchema });
}

/** `PUT /api/parameters/{id}`: 409 for a duplicate name or a stale version. */
export function updateParameter({ id, body }: { id: number; body: ParameterInput }): Promise<Parameter> {
  return apiClient.put(`/parameters/${id}`, body, { schema: parameterSchema });
}

export function useCreateParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createParameter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parameterKeys.all }),
  });
}

export function useUpdateParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParameter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parameterKeys.all }),
  });
}
