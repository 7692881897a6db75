import { queryOptions, useQuery } from '@tanstack/react-query';
import { tenantsEndpoints, type TenantDetail } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { tenantKeys } from './tenant-keys';

/** The account as the detail view and the edit form show it. */
export function getTenant(id: number, signal?: AbortSignal): Promise<TenantDetail> {
  return callEndpoint(tenantsEndpoints.getTenant, { params: { id }, signal });
}

export const tenantQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tenantKeys.detail(id),
    queryFn: ({ signal }) => getTenant(id, signal),
  });

export function useTenant(id: number, enabled = true) {
  return useQuery({ ...tenantQueryOptions(id), enabled: enabled && id > 0 });
}
