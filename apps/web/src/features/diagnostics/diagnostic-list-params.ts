import type { DiagnosticParamListFilters } from './api/diagnostic-keys';

export const DIAGNOSTIC_PAGE_SIZE = 20;
export const DIAGNOSTIC_LIST_PATH = '/diagnosticParams';

function parsePositiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && Number.isSafeInteger(number) ? number : undefined;
}

/**
 * The list state as it sits in the URL (`?makeId=3&modelId=12&page=2`, or
 * `?tenantId=40`), so back, forward and reload show the same page. A model is
 * only kept together with its make; unknown values are ignored.
 */
export function readDiagnosticListParams(params: URLSearchParams): DiagnosticParamListFilters {
  const makeId = parsePositiveInt(params.get('makeId'));
  return {
    page: parsePositiveInt(params.get('page')) ?? 1,
    pageSize: DIAGNOSTIC_PAGE_SIZE,
    makeId,
    modelId: makeId === undefined ? undefined : parsePositiveInt(params.get('modelId')),
    tenantId: parsePositiveInt(params.get('tenantId')),
  };
}

export type DiagnosticListParamChange = Partial<{
  page: number;
  makeId: number | undefined;
  modelId: number | undefined;
  tenantId: number | undefined;
}>;

/** The next URL params: any filter change goes back to page 1; a new make drops the model. */
export function writeDiagnosticListParams(
  current: URLSearchParams,
  change: DiagnosticListParamChange,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: number | undefined) => {
    if (value === undefined) next.delete(name);
    else next.set(name, String(value));
  };
  if ('makeId' in change) {
    set('makeId', change.makeId);
    if (!('modelId' in change)) next.delete('modelId');
  }
  if ('modelId' in change) set('modelId', change.modelId);
  if ('tenantId' in change) set('tenantId', change.tenantId);
  const page = change.page ?? 1;
  set('page', page > 1 ? page : undefined);
  return next;
}

/** Where the form goes back to: the list with the filters it was opened from. */
export function getListPath(listSearch: unknown): string {
  return typeof listSearch === 'string' && listSearch.length > 0
    ? `${DIAGNOSTIC_LIST_PATH}?${listSearch}`
    : DIAGNOSTIC_LIST_PATH;
}
