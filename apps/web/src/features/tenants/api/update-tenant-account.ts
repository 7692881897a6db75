import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TenantPatchBody, WorkingStatus } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

/** `PATCH /api/tenants/{id}` with a list of `{ op: 'replace', att, value }`. */
export function patchTenant(id: number, operations: TenantPatchBody): Promise<unknown> {
  return apiClient.patch(`/tenants/${id}`, operations);
}

export function usePatchTenant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operations: TenantPatchBody) => patchTenant(id, operations),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

/** `POST /api/changeWorkingStatus`. */
export function changeWorkingStatus(body: {
  tenantId: number;
  workingStatus: WorkingStatus;
  remark: string | null;
}): Promise<unknown> {
  return apiClient.post('/changeWorkingStatus', body);
}

export function useChangeWorkingStatus(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { workingStatus: WorkingStatus; remark: string | null }) =>
      changeWorkingStatus({ tenantId, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

const messageSchema = z.object({ message: z.string() });

/** `POST /api/tenants/{id}/resendActivation`: mails the primary user's activation link again. */
export function resendActivation(id: number) {
  return apiClient.post(`/tenants/${id}/resendActivation`, undefined, { schema: messageSchema });
}

export function useResendActivation(id: number) {
  return useMutation({ mutationFn: () => resendActivation(id) });
}
