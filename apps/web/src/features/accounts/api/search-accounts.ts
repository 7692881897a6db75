import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accountSearchResultSchema } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';

export type AccountSearchResult = z.infer<typeof accountSearchResultSchema>;

const searchResultsSchema = z.array(accountSearchResultSchema);

export const accountSearchKeys = {
  all: ['account-search'] as const,
  search: (text: string) => [...accountSearchKeys.all, text] as const,
};

/** `GET /api/searchTenants/{q}`: accounts the signed-in user may see whose name matches. */
export function searchAccounts(text: string, signal?: AbortSignal): Promise<AccountSearchResult[]> {
  return apiClient.get(`/searchTenants/${encodeURIComponent(text)}`, { schema: searchResultsSchema, signal });
}

export const accountSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: accountSearchKeys.search(text),
    queryFn: ({ signal }) => searchAccounts(text, signal),
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
