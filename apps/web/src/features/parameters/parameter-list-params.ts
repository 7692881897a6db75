import { PARAMETER_MTYPES, STANDARD_PARAMETER_TYPES } from '@vayu/domain';
import type { ParameterListFilters, ParameterMtype, ParameterType } from './api/parameter-keys';

export const PARAMETER_PAGE_SIZE = 20;

function parsePositiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/**
 * The list state as it sits in the URL (`?page=2&search=pm&type=CAAQMS&mtype=stack`),
 * so that back, forward and reload show the same page. Unknown values are ignored.
 */
export function readParameterListParams(params: URLSearchParams): ParameterListFilters {
  const search = params.get('search')?.trim();
  return {
    page: parsePositiveInt(params.get('page')) ?? 1,
    pageSize: PARAMETER_PAGE_SIZE,
    search: search ? search : undefined,
    type: STANDARD_PARAMETER_TYPES.find((value) => value === params.get('type')),
    mtype: PARAMETER_MTYPES.find((value) => value === params.get('mtype')),
  };
}

export type ParameterListParamChange = Partial<{
  page: number;
  search: string | undefined;
  type: ParameterType | undefined;
  mtype: ParameterMtype | undefined;
}>;

/** The next URL params: any filter change goes back to page 1; defaults are left out of the URL. */
export function writeParameterListParams(
  current: URLSearchParams,
  change: ParameterListParamChange,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  };
  if ('search' in change) set('search', change.search?.trim());
  if ('type' in change) set('type', change.type);
  if ('mtype' in change) set('mtype', change.mtype);
  const page = change.page ?? 1;
  set('page', page > 1 ? String(page) : undefined);
  return next;
}
