import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersEndpoints, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { userKeys, type UserListQuery } from './user-keys';

export type UserPage = EndpointResponse<typeof usersEndpoints.listUsers>;

/** One page of the users the signed-in user may see. */
export function getUsers(query: UserListQuery, signal?: AbortSignal): Promise<UserPage> {
  return callEndpoint(usersEndpoints.listUsers, { query, signal });
}

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
  });

export function useUsers(query: UserListQuery) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
