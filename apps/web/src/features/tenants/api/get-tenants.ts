import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tenantListItemSchema } from '@vayu/domain';
import { z } from 'zod';
import { apiClient } from '../../../app/api-client';
import { tenantKeys, type TenantListFilters } from './tenant-keys';

export const tenantPageSchema = z.object({
  items: z.array(tenantListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});
export type TenantPage = z.infer<typeof tenantPageSchema>;

/** `GET /api/tenants`: one page of industries, searched and filtered on the server. */
export function getTenants(filters: TenantListFilters, signal?: AbortSignal): Promise<TenantPage> {
  return apiClient.get('/tenants', {
    query: {
      page: filters.page,
      pageSize: filters.pageSize,
      search: filters.search,
      partnerId: filters.partnerId,
      status: filters.status === 'all' ? undefined : filters.status,
      remoteCalibration: filters.remoteCalibration,
    },
    schema: tenantPageSchema,
    signal,
  });
}

export const tenantsQueryOptions = (filters: TenantListFilters) =>
  queryOptions({
    queryKey: tenantKeys.list(filters),
    queryFn: ({ signal }) => getTenants(filters, signal),
  });

export function useTenants(filters: TenantListFilters) {
  return useQuery({ ...tenantsQueryOptions(filters), placeholderData: keepPreviousData });
}
