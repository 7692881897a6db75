import { queryOptions, useQuery } from '@tanstack/react-query';
import { tenantDetailSchema, type TenantDetail } from '@vayu/domain';
import { apiClient } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

/** `GET /api/tenant-by-id/{id}`: the account as the detail view and the edit form show it. */
export function getTenant(id: number, signal?: AbortSignal): Promise<TenantDetail> {
  return apiClient.get(`/tenant-by-id/${id}`, { schema: tenantDetailSchema, signal });
}

export const tenantQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tenantKeys.detail(id),
    queryFn: ({ signal }) => getTenant(id, signal),
  });

export function useTenant(id: number, enabled = true) {
  return useQuery({ ...tenantQueryOptions(id), enabled: enabled && id > 0 });
}
