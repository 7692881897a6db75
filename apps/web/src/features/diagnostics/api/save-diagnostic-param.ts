import { useMutation, useQueryClient } from '@tanstack/react-query';
import { diagnosticParamSchema, type DiagnosticParam, type DiagnosticParamBody } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { diagnosticKeys } from './diagnostic-keys';

/** `POST /api/diagnosticParams`: 409 when the model or industry already has a set-up. */
export function createDiagnosticParam(body: DiagnosticParamBody): Promise<DiagnosticParam> {
  return apiClient.post('/diagnosticParams', body, { schema: diagnosticParamSchema });
}

/** `PUT /api/diagnosticParams/{id}`: 409 for a stale version or an owner that has a set-up. */
export function updateDiagnosticParam({
  id,
  body,
}: {
  id: number;
  body: DiagnosticParamBody;
}): Promise<DiagnosticParam> {
  return apiClient.put(`/diagnosticParams/${id}`, body, { schema: diagnosticParamSchema });
}

export function useCreateDiagnosticParam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiagnosticParam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagnosticKeys.all }),
  });
}

export function useUpdateDiagnosticParam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiagnosticParam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagnosticKeys.all }),
  });
}
