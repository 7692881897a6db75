import { useMutation, useQueryClient } from '@tanstack/react-query';
import { diagnosticsEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { diagnosticKeys } from './diagnostic-keys';

/** Marks the set-up DELETED. */
export function useDeleteDiagnosticParam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(diagnosticsEndpoints.deleteDiagnosticParam, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: diagnosticKeys.all }),
  });
}
