import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { auditKeys } from './audit-keys';

/** The users of one industry, for the user filter of `/logs`. */
export function getTenantUsers(tenantId: number, signal?: AbortSignal) {
  return callEndpoint(usersEndpoints.listAccountUsers, { params: { id: tenantId }, signal });
}

export const tenantUsersQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: auditKeys.tenantUsers(tenantId),
    queryFn: ({ signal }) => getTenantUsers(tenantId, signal),
    staleTime: 60_000,
  });

export function useTenantUsers(tenantId: number | undefined) {
  return useQuery({
    ...tenantUsersQueryOptions(tenantId ?? 0),
    enabled: tenantId !== undefined,
  });
}
