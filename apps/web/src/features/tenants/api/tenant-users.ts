import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints, type UserSummary } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

/** The users of one account. */
export function getTenantUsers(accountId: number, signal?: AbortSignal): Promise<UserSummary[]> {
  return callEndpoint(usersEndpoints.listAccountUsers, { params: { id: accountId }, signal });
}

export const tenantUsersQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: tenantKeys.users(accountId),
    queryFn: ({ signal }) => getTenantUsers(accountId, signal),
  });

export function useTenantUsers(accountId: number) {
  return useQuery(tenantUsersQueryOptions(accountId));
}

/** Makes a user the account's primary user; the other users' roles flip on the server. */
export function setPrimaryUser(userId: number, tenantId: number): Promise<unknown> {
  return callEndpoint(usersEndpoints.setPrimaryUser, { params: { userId, tenantId } });
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
