import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tenantsEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { auditKeys } from './audit-keys';

/** The industries the user may see whose name matches. */
export function searchTenants(text: string, signal?: AbortSignal) {
  return callEndpoint(tenantsEndpoints.searchTenants, { params: { searchString: text }, signal });
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
