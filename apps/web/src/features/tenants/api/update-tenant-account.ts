import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { tenantsEndpoints, type EndpointBody, type TenantPatchBody } from '@vayu/domain';
import { apiClient, callEndpoint } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

export function usePatchTenant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operations: TenantPatchBody) =>
      callEndpoint(tenantsEndpoints.patchAccount, { params: { id }, body: operations }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

type WorkingStatusChange = Omit<EndpointBody<typeof tenantsEndpoints.changeWorkingStatus>, 'tenantId'>;

export function useChangeWorkingStatus(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkingStatusChange) =>
      callEndpoint(tenantsEndpoints.changeWorkingStatus, { body: { tenantId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}

const messageSchema = z.object({ message: z.string() });

/**
 * `POST /api/tenants/{id}/resendActivation`: mails the primary user's
 * activation link again (an endpoint of the users area, not yet defined in
 * the domain).
 */
export function resendActivation(id: number) {
  return apiClient.post(`/tenants/${id}/resendActivation`, undefined, { schema: messageSchema });
}

export function useResendActivation(id: number) {
  return useMutation({ mutationFn: () => resendActivation(id) });
}
