import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accountSearchResultSchema } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { auditKeys } from './audit-keys';

const searchResultsSchema = z.array(accountSearchResultSchema);

/** `GET /api/searchTenants/{searchString}`: the industries the user may see whose name matches. */
export function searchTenants(text: string, signal?: AbortSignal) {
  return apiClient.get(`/searchTenants/${encodeURIComponent(text)}`, { schema: searchResultsSchema, signal });
}

export const tenantSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: auditKeys.tenantSearch(text),
    queryFn: ({ signal }) => searchTenants(text, signal),
    staleTime: 60_000,
  });

export function useTenantSearch(text: string) {
  return useQuery({
    ...tenantSearchQueryOptions(text),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
