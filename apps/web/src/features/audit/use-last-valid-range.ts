import { useState } from 'react';
import type { DateRangeState } from './audit-filters';

export interface ValidDateRange {
  startDate: string;
  endDate: string;
}

/**
 * The dates a list shows results for: the range asked for when it is valid,
 * otherwise the last valid one of this visit (none before there was one). A
 * wrong date then leaves the last results (table and pager together) in view,
 * still sortable and pageable, with the error on the date field; the caption
 * names the dates the rows are from.
 */
export function useLastValidRange(range: DateRangeState): ValidDateRange | undefined {
  const isValid = range.error === null;
  const { startDate, endDate } = range;
  const [lastValid, setLastValid] = useState<ValidDateRange | undefined>(
    isValid ? { startDate, endDate } : undefined,
  );
  if (isValid && (lastValid?.startDate !== startDate || lastValid.endDate !== endDate)) {
    // Remembered during the render (React's pattern for state derived from props).
    setLastValid({ startDate, endDate });
  }
  return isValid ? { startDate, endDate } : lastValid;
}
