import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf, userSummarySchema, type Page, type UserSummary } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { userKeys, type UserListFilters } from './user-keys';

const userPageSchema = pageOf(userSummarySchema);

/** `GET /api/users`: one page of the users the signed-in user may see. */
export function getUsers(filters: UserListFilters, signal?: AbortSignal): Promise<Page<UserSummary>> {
  return apiClient.get('/users', {
    query: {
      page: filters.page,
      pageSize: filters.pageSize,
      accountId: filters.accountId,
      corporateId: filters.corporateId,
      status: filters.status,
      search: filters.search,
    },
    schema: userPageSchema,
    signal,
  });
}

export const usersQueryOptions = (filters: UserListFilters) =>
  queryOptions({
    queryKey: userKeys.list(filters),
    queryFn: ({ signal }) => getUsers(filters, signal),
  });

export function useUsers(filters: UserListFilters) {
  return useQuery({ ...usersQueryOptions(filters), placeholderData: keepPreviousData });
}
