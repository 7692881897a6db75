import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userSummarySchema, type UserSummary } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

/** `GET /api/tenant/users/{id}`: the users of one account. */
export function getTenantUsers(accountId: number, signal?: AbortSignal): Promise<UserSummary[]> {
  return apiClient.get(`/tenant/users/${accountId}`, { schema: z.array(userSummarySchema), signal });
}

export const tenantUsersQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: tenantKeys.users(accountId),
    queryFn: ({ signal }) => getTenantUsers(accountId, signal),
  });

export function useTenantUsers(accountId: number) {
  return useQuery(tenantUsersQueryOptions(accountId));
}

/** `POST /api/setPrimaryUserForTenant/{userId}/{tenantId}`: the other users' roles flip on the server. */
export function setPrimaryUser(userId: number, tenantId: number): Promise<unknown> {
  return apiClient.post(`/setPrimaryUserForTenant/${userId}/${tenantId}`);
}

export function useSetPrimaryUser(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => setPrimaryUser(userId, tenantId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantKeys.users(tenantId) }),
        queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenantId) }),
      ]);
    },
  });
}
