import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSummarySchema, type UserSummary } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { userKeys } from './user-keys';

const accountUsersSchema = z.array(userSummarySchema);

/** `GET /api/tenant/users/{accountId}`: every user of one account. */
export function getAccountUsers(accountId: number, signal?: AbortSignal): Promise<UserSummary[]> {
  return apiClient.get(`/tenant/users/${accountId}`, { schema: accountUsersSchema, signal });
}

export const accountUsersQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: userKeys.ofAccount(accountId),
    queryFn: ({ signal }) => getAccountUsers(accountId, signal),
  });

export function useAccountUsers(accountId: number, enabled = true) {
  return useQuery({ ...accountUsersQueryOptions(accountId), enabled: enabled && accountId > 0 });
}
