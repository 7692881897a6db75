import { PARAMETER_MTYPES } from '@vayu/domain';
import type { DerivedParameterListFilters, DerivedParameterMtype } from './api/derived-parameter-keys';

export const DERIVED_PARAMETER_PAGE_SIZE = 20;

function parsePositiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/**
 * The list state as it sits in the URL (`?page=2&search=so2&mtype=stack`), so
 * that back, forward and reload show the same page. Unknown values are ignored.
 */
export function readDerivedParameterListParams(params: URLSearchParams): DerivedParameterListFilters {
  const search = params.get('search')?.trim();
  return {
    page: parsePositiveInt(params.get('page')) ?? 1,
    pageSize: DERIVED_PARAMETER_PAGE_SIZE,
    search: search ? search : undefined,
    mtype: PARAMETER_MTYPES.find((value) => value === params.get('mtype')),
  };
}

export type DerivedParameterListParamChange = Partial<{
  page: number;
  search: string | undefined;
  mtype: DerivedParameterMtype | undefined;
}>;

/** The next URL params: any filter change goes back to page 1; defaults are left out of the URL. */
export function writeDerivedParameterListParams(
  current: URLSearchParams,
  change: DerivedParameterListParamChange,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  };
  if ('search' in change) set('search', change.search?.trim());
  if ('mtype' in change) set('mtype', change.mtype);
  const page = change.page ?? 1;
  set('page', page > 1 ? String(page) : undefined);
  return next;
}
