import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../app/api-client';
import { parameterKeys } from './parameter-keys';

/** `DELETE /api/parameters/{id}`: marks the parameter DELETED; 409 while a device uses it. */
export function deleteParameter(id: number): Promise<unknown> {
  return apiClient.delete(`/parameters/${id}`);
}

export function useDeleteParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParameter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: parameterKeys.all }),
  });
}
