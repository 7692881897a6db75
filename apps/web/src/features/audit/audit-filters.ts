import {
  AUDIT_MAX_RANGE_DAYS,
  countDaysInRange,
  getZonedDate,
  resolveAuditRange,
  type AuditLogQuery,
} from '@vayu/domain';

export type SortField = AuditLogQuery['sort'];
export type SortOrder = AuditLogQuery['order'];

export interface DateRangeState {
  startDate: string;
  endDate: string;
  /** Which range error to show on the end date, if any. */
  error: 'endBeforeStart' | 'tooLong' | null;
  /** Today in India: the latest date the API accepts. */
  today: string;
}

/**
 * The range a list shows: the dates of its query with the API's own defaults
 * filled in (the last 7 days, calendar days in India), and what is wrong with
 * it, so a bad range is explained here rather than sent.
 */
export function getDateRange(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now = new Date(),
): DateRangeState {
  const { startDate, endDate } = resolveAuditRange(query, now);
  const days = countDaysInRange(startDate, endDate);
  const error = days < 1 ? 'endBeforeStart' : days > AUDIT_MAX_RANGE_DAYS ? 'tooLong' : null;
  return { startDate, endDate, error, today: getZonedDate(now) };
}

/** The sort after a click on a column: the same column flips, another starts newest first (time) or A–Z. */
export function getNextSort(
  current: { sort: SortField; order: SortOrder },
  field: SortField,
): { sort: SortField; order: SortOrder } {
  if (field === current.sort) return { sort: field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: field === 'createdAt' ? 'desc' : 'asc' };
}
