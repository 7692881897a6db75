import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenantsEndpoints, usersEndpoints, type EndpointBody, type TenantPatchBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
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

/** Mails the primary user's activation link again. */
export function resendActivation(id: number) {
  return callEndpoint(usersEndpoints.resendActivation, { params: { id } });
}

export function useResendActivation(id: number) {
  return useMutation({ mutationFn: () => resendActivation(id) });
}
