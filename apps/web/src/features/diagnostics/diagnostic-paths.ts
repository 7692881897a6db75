/** Where the diagnostic parameter list lives (spec §2). */
export const DIAGNOSTIC_LIST_PATH = '/diagnosticParams';

/** Where the form goes back to: the list with the filters it was opened from. */
export function getListPath(listSearch: unknown): string {
  return typeof listSearch === 'string' && listSearch.length > 0
    ? `${DIAGNOSTIC_LIST_PATH}?${listSearch}`
    : DIAGNOSTIC_LIST_PATH;
}
