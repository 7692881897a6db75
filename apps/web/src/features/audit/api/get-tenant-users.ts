import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSummarySchema } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { auditKeys } from './audit-keys';

const tenantUsersSchema = z.array(userSummarySchema);

/** `GET /api/tenant/users/{id}`: the users of one industry, for the user filter of `/logs`. */
export function getTenantUsers(tenantId: number, signal?: AbortSignal) {
  return apiClient.get(`/tenant/users/${tenantId}`, { schema: tenantUsersSchema, signal });
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
