import { TENANT_PAGE_SIZE } from './tenant-constants';
import type { TenantListFilters } from './api/tenant-keys';

export type StatusFilter = TenantListFilters['status'];

const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'ENABLED', 'DISABLED'];

function parsePositiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/**
 * The list state as it sits in the URL (`?page=2&search=steel&status=ENABLED&partnerId=4&remote=true`),
 * so that back, forward and reload show the same page. Unknown values are ignored.
 */
export function readTenantListParams(params: URLSearchParams): TenantListFilters {
  const partner = params.get('partnerId');
  const status = STATUS_FILTERS.find((value) => value === params.get('status')) ?? 'all';
  const remote = params.get('remote');
  const search = params.get('search')?.trim();
  return {
    page: parsePositiveInt(params.get('page')) ?? 1,
    pageSize: TENANT_PAGE_SIZE,
    search: search ? search : undefined,
    partnerId: partner !== null && /^-?\d+$/.test(partner) ? Number(partner) : undefined,
    status,
    remoteCalibration: remote === 'true' ? true : remote === 'false' ? false : undefined,
  };
}

export type TenantListParamChange = Partial<{
  page: number;
  search: string | undefined;
  partnerId: number | undefined;
  status: StatusFilter;
  remoteCalibration: boolean | undefined;
}>;

/** The next URL params: any filter change goes back to page 1; defaults are left out of the URL. */
export function writeTenantListParams(
  current: URLSearchParams,
  change: TenantListParamChange,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  };
  if ('search' in change) set('search', change.search?.trim());
  if ('partnerId' in change) set('partnerId', change.partnerId?.toString());
  if ('status' in change) set('status', change.status === 'all' ? undefined : change.status);
  if ('remoteCalibration' in change) set('remote', change.remoteCalibration?.toString());
  const page = change.page ?? 1;
  set('page', page > 1 ? String(page) : undefined);
  return next;
}
