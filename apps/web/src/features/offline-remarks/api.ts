import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  devicesEndpoints,
  offlineRemarksEndpoints,
  tenantsEndpoints,
  type OfflineRemarkBody,
  type OfflineRemarkListQuery,
} from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';

/** How many devices the add dialog's device list offers at once (more are found by typing). */
const DEVICE_CHOICES = 50;

/** Query keys of the remarks screen; a write refreshes every remark list through `all`. */
export const remarkKeys = {
  all: ['offline-remarks'] as const,
  list: (query: OfflineRemarkListQuery) => [...remarkKeys.all, 'list', query] as const,
  devices: (tenantId: number, search: string) => ['offline-remarks-devices', tenantId, search] as const,
  industry: (tenantId: number) => ['offline-remarks-industry', tenantId] as const,
};

export const offlineRemarksQueryOptions = (query: OfflineRemarkListQuery) =>
  queryOptions({
    queryKey: remarkKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(offlineRemarksEndpoints.listOfflineRemarks, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of remarks, newest first, as the URL asks. */
export function useOfflineRemarks(query: OfflineRemarkListQuery) {
  return useQuery(offlineRemarksQueryOptions(query));
}

/** The industries the user may see whose name matches (for the industry picker). */
/** The name of the industry chosen in the URL, for the picker before any search has run. */
export function useIndustryName(tenantId: number | undefined) {
  return useQuery({
    queryKey: remarkKeys.industry(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(tenantsEndpoints.getTenant, { params: { id: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
    select: (tenant) => tenant.name,
  });
}

/** The industry's devices matching the text (name or serial number), by name. */
export function useIndustryDevices(tenantId: number, search: string) {
  return useQuery({
    queryKey: remarkKeys.devices(tenantId, search),
    queryFn: ({ signal }) =>
      callEndpoint(devicesEndpoints.listDevices, {
        query: { tenantId, pageSize: DEVICE_CHOICES, ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCreateOfflineRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfflineRemarkBody) =>
      callEndpoint(offlineRemarksEndpoints.createOfflineRemark, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remarkKeys.all }),
  });
}

/** Marks a remark's device data restored. */
export function useResolveOfflineRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint(offlineRemarksEndpoints.resolveOfflineRemark, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remarkKeys.all }),
  });
}
