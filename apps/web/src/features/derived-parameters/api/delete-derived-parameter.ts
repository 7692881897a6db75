import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../app/api-client';
import { derivedParameterKeys } from './derived-parameter-keys';

/** `DELETE /api/derivedParameters/{id}`: marks it DELETED; 409 while another derived parameter uses its series. */
export function deleteDerivedParameter(id: number): Promise<unknown> {
  return apiClient.delete(`/derivedParameters/${id}`);
}

export function useDeleteDerivedParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDerivedParameter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: derivedParameterKeys.all }),
  });
}
