import { useMutation, useQueryClient } from '@tanstack/react-query';
import { diagnosticsEndpoints, type DiagnosticParamBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { diagnosticKeys } from './diagnostic-keys';

/** Refused with DIAGNOSTIC_MODEL_TAKEN or DIAGNOSTIC_TENANT_TAKEN when the owner already has a set-up. */
export function useCreateDiagnosticParam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiagnosticParamBody) =>
      callEndpoint(diagnosticsEndpoints.createDiagnosticParam, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagnosticKeys.all }),
  });
}

/** Also refused with STALE_VERSION. */
export function useUpdateDiagnosticParam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DiagnosticParamBody }) =>
      callEndpoint(diagnosticsEndpoints.updateDiagnosticParam, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagnosticKeys.all }),
  });
}
