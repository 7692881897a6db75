import type { UserStatus } from '@vayu/domain';

export interface UserListFilters {
  page: number;
  pageSize: number;
  accountId?: number;
  corporateId?: number;
  status?: UserStatus;
  search?: string;
}

/** Query keys of the users feature. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filters: UserListFilters) => [...userKeys.lists(), filters] as const,
  ofAccount: (accountId: number) => [...userKeys.all, 'account', accountId] as const,
};
