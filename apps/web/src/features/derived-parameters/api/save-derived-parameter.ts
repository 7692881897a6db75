import { useMutation, useQueryClient } from '@tanstack/react-query';
import { derivedParameterSchema, type DerivedParameter, type DerivedParameterInput } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { derivedParameterKeys } from './derived-parameter-keys';

/** `POST /api/derivedParameters`: 400 with field details for bad expressions; 409 'Parameter already exists.'. */
export function createDerivedParameter(body: DerivedParameterInput): Promise<DerivedParameter> {
  return apiClient.post('/derivedParameters', body, { schema: derivedParameterSchema });
}

/** `PUT /api/derivedParameters/{id}`: 409 for a duplicate name, a stale version or a series in use. */
export function updateDerivedParameter({
  id,
  body,
}: {
  id: number;
  body: DerivedParameterInput;
}): Promise<DerivedParameter> {
  return apiClient.put(`/derivedParameters/${id}`, body, { schema: derivedParameterSchema });
}

export function useCreateDerivedParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDerivedParameter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: derivedParameterKeys.all }),
  });
}

export function useUpdateDerivedParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDerivedParameter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: derivedParameterKeys.all }),
  });
}
