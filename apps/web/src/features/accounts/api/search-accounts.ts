import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tenantsEndpoints, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

export type AccountSearchResult = EndpointResponse<typeof tenantsEndpoints.searchTenants>[number];

export const accountSearchKeys = {
  all: ['account-search'] as const,
  search: (text: string) => [...accountSearchKeys.all, text] as const,
};

/** Accounts the signed-in user may see whose name matches. */
export const accountSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: accountSearchKeys.search(text),
    queryFn: ({ signal }) =>
      callEndpoint(tenantsEndpoints.searchTenants, { params: { searchString: text }, signal }),
    staleTime: 30_000,
  });

/** Searches once at least one character is typed (debounce the text before passing it). */
export function useAccountSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({
    ...accountSearchQueryOptions(trimmed),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}
