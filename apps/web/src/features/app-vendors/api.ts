import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appVendorsEndpoints,
  buildEndpointPath,
  tenantsEndpoints,
  type AppVendorCreateBody,
  type AppVendorListQuery,
  type AppVendorTenantListQuery,
} from '@vayu/domain';
import { callEndpoint } from '../../app/api-client';
import { fetchFile } from '../../app/file-download';

/** Query keys of push-data apps; every write refreshes the lists through `all`. */
export const appVendorKeys = {
  all: ['app-vendors'] as const,
  list: (query: AppVendorListQuery) => [...appVendorKeys.all, 'list', query] as const,
  tenants: (id: number, query: AppVendorTenantListQuery) =>
    [...appVendorKeys.all, 'tenants', id, query] as const,
  available: (id: number, search: string) => [...appVendorKeys.all, 'available', id, search] as const,
  ofTenant: (tenantId: number, page: number) => [...appVendorKeys.all, 'of-tenant', tenantId, page] as const,
  industry: (tenantId: number) => ['app-vendors-industry', tenantId] as const,
};

export const appVendorsQueryOptions = (query: AppVendorListQuery) =>
  queryOptions({
    queryKey: appVendorKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(appVendorsEndpoints.listAppVendors, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the apps the user manages, as the URL asks. */
export function useAppVendors(query: AppVendorListQuery) {
  return useQuery(appVendorsQueryOptions(query));
}

export function useCreateAppVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppVendorCreateBody) => callEndpoint(appVendorsEndpoints.createAppVendor, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appVendorKeys.all }),
  });
}

export function useRegenerateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint(appVendorsEndpoints.regenerateAppVendorToken, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appVendorKeys.all }),
  });
}

/** One page of an app's industries. */
export function useAppVendorTenants(id: number, query: AppVendorTenantListQuery) {
  return useQuery({
    queryKey: appVendorKeys.tenants(id, query),
    queryFn: ({ signal }) =>
      callEndpoint(appVendorsEndpoints.listAppVendorTenants, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Industries that may still be added to the app, whose name contains the text. */
export function useAvailableTenants(id: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: appVendorKeys.available(id, search),
    queryFn: ({ signal }) =>
      callEndpoint(appVendorsEndpoints.listAvailableAppVendorTenants, {
        params: { id },
        query: search ? { search } : {},
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useAddAppVendorTenants(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listOftenantIds: number[]) =>
      callEndpoint(appVendorsEndpoints.addAppVendorTenants, { params: { id }, body: { listOftenantIds } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appVendorKeys.all }),
  });
}

export function useRemoveAppVendorTenant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenantId: number) =>
      callEndpoint(appVendorsEndpoints.removeAppVendorTenant, { params: { id, tenantId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appVendorKeys.all }),
  });
}

/** The apps that may send an industry's readings (`/pushData`). */
export function useTenantAppVendors(tenantId: number | undefined, page: number) {
  return useQuery({
    queryKey: appVendorKeys.ofTenant(tenantId ?? 0, page),
    queryFn: ({ signal }) =>
      callEndpoint(appVendorsEndpoints.listTenantAppVendors, {
        params: { tenantId: tenantId ?? 0 },
        query: { page },
        signal,
      }),
    enabled: tenantId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The name of the industry chosen in the URL, for the picker before any search has run. */
export function useIndustryName(tenantId: number | undefined) {
  return useQuery({
    queryKey: appVendorKeys.industry(tenantId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(tenantsEndpoints.getTenant, { params: { id: tenantId ?? 0 }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
    select: (tenant) => tenant.name,
  });
}

/** A downloaded meta sheet: its bytes and the name the server gave it. */
export interface MetaSheet {
  blob: Blob;
  fileName: string;
}

/**
 * An industry's meta sheet (`POST /api/vendorMetaSheetForPost/{tenantId}/{tenantName}`).
 * The answer is a CSV file, not JSON, so it is read as a Blob; the console's
 * usual headers (module, tenant, corporate) go with it, as with every call.
 */
export function fetchMetaSheet(tenantId: number, tenantName: string): Promise<MetaSheet> {
  const endpoint = appVendorsEndpoints.downloadVendorMetaSheet;
  return fetchFile(buildEndpointPath(endpoint.path, { tenantId, tenantName }), {
    method: endpoint.method,
    accept: 'text/csv',
    type: 'text/csv',
    fallbackName: `${tenantName}.csv`,
  });
}
