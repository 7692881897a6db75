import type { EndpointQuery, tenantsEndpoints } from '@vayu/domain';

/** The tenant list's query, as `GET /api/tenants` defines it. */
export type TenantListQuery = EndpointQuery<typeof tenantsEndpoints.listTenants>;

/** Query keys of the tenant screens; mutations invalidate through these. */
export const tenantKeys = {
  all: ['tenants'] as const,
  lists: () => [...tenantKeys.all, 'list'] as const,
  list: (query: TenantListQuery) => [...tenantKeys.lists(), query] as const,
  details: () => [...tenantKeys.all, 'detail'] as const,
  detail: (id: number) => [...tenantKeys.details(), id] as const,
  users: (id: number) => [...tenantKeys.all, 'users', id] as const,
  address: (accountType: string, accountId: number, addressType: string) =>
    [...tenantKeys.all, 'address', accountType, accountId, addressType] as const,
  migratePreview: (tenantId: number, partnerId: number) =>
    [...tenantKeys.all, 'migrate-preview', tenantId, partnerId] as const,
  partnerOptions: () => [...tenantKeys.all, 'lookup', 'partners'] as const,
  industryOptions: () => [...tenantKeys.all, 'lookup', 'industries'] as const,
  corporateOptions: () => [...tenantKeys.all, 'lookup', 'corporates'] as const,
};
