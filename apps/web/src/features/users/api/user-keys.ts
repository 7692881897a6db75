import type { EndpointQuery, usersEndpoints } from '@vayu/domain';

/** The list's query, as `GET /api/users` defines it. */
export type UserListQuery = EndpointQuery<typeof usersEndpoints.listUsers>;

/** Query keys of the users feature. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userKeys.lists(), query] as const,
  ofAccount: (accountId: number) => [...userKeys.all, 'account', accountId] as const,
};
