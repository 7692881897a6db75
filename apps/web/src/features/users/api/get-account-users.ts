import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersEndpoints, type UserSummary } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { userKeys } from './user-keys';

/** Every user of one account, the primary user first. */
export function getAccountUsers(accountId: number, signal?: AbortSignal): Promise<UserSummary[]> {
  return callEndpoint(usersEndpoints.listAccountUsers, { params: { id: accountId }, signal });
}

export const accountUsersQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: userKeys.ofAccount(accountId),
    queryFn: ({ signal }) => getAccountUsers(accountId, signal),
  });

export function useAccountUsers(accountId: number, enabled = true) {
  return useQuery({ ...accountUsersQueryOptions(accountId), enabled: enabled && accountId > 0 });
}
