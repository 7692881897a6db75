import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../app/api-client';
import { diagnosticKeys } from './diagnostic-keys';

/** `DELETE /api/diagnosticParams/{id}`: marks the set-up DELETED. */
export function deleteDiagnosticParam(id: number): Promise<unknown> {
  return apiClient.delete(`/diagnosticParams/${id}`);
}

export function useDeleteDiagnosticParam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiagnosticParam,
    onSettled: () => queryClient.invalidateQueries({ queryKey: diagnosticKeys.all }),
  });
}
