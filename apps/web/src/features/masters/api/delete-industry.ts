import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../app/api-client';
import { masterKeys } from './master-keys';

/** `DELETE /api/industry/{id}`: the category is marked DELETED, never removed. */
export function deleteIndustry(id: number): Promise<unknown> {
  return apiClient.delete(`/industry/${id}`);
}

export function useDeleteIndustry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIndustry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: masterKeys.industries }),
  });
}
