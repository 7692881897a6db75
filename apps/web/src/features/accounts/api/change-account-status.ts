import { useMutation } from '@tanstack/react-query';
import { tenantsEndpoints, type EndpointBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

export type AccountStatusChange = EndpointBody<typeof tenantsEndpoints.changeAccountStatus>['status'];

/** Enables or disables an account (tenant or partner); the caller refreshes its own list. */
export function useChangeAccountStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: AccountStatusChange }) =>
      callEndpoint(tenantsEndpoints.changeAccountStatus, { params: { id }, body: { status } }),
  });
}
