import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tenantsEndpoints, type EndpointResponse } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { tenantKeys, type TenantListQuery } from './tenant-keys';

export type TenantPage = EndpointResponse<typeof tenantsEndpoints.listTenants>;

/** One page of industries, searched and filtered on the server. */
export const tenantsQueryOptions = (query: TenantListQuery) =>
  queryOptions({
    queryKey: tenantKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(tenantsEndpoints.listTenants, { query, signal }),
  });

export function useTenants(query: TenantListQuery) {
  return useQuery({ ...tenantsQueryOptions(query), placeholderData: keepPreviousData });
}
