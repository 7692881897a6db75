import {
  AUDIT_MAX_RANGE_DAYS,
  AUDIT_SORT_FIELDS,
  countDaysInRange,
  getDefaultAuditRange,
  type AuditLogQuery,
} from '@vayu/domain';

/** The search parameters the audit screens keep their state in. */
export const PARAMS = {
  startDate: 'startDate',
  endDate: 'endDate',
  tenantId: 'tenantId',
  userId: 'userId',
  page: 'page',
  sort: 'sort',
  order: 'order',
} as const;

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export type SortField = AuditLogQuery['sort'];
export type SortOrder = AuditLogQuery['order'];

export interface DateRangeState {
  startDate: string;
  endDate: string;
  /** Which range error to show on the end date, if any. */
  error: 'endBeforeStart' | 'tooLong' | null;
}

/** The date range in the URL, or the last 7 days (India) when it holds none. */
export function readDateRange(params: URLSearchParams, now = new Date()): DateRangeState {
  const fallback = getDefaultAuditRange(now);
  const start = params.get(PARAMS.startDate);
  const end = params.get(PARAMS.endDate);
  const startDate = isIsoDate(start) ? start : fallback.startDate;
  const endDate = isIsoDate(end) ? end : fallback.endDate;
  const days = countDaysInRange(startDate, endDate);
  const error = days < 1 ? 'endBeforeStart' : days > AUDIT_MAX_RANGE_DAYS ? 'tooLong' : null;
  return { startDate, endDate, error };
}

export function readPositiveInt(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

export function readPage(params: URLSearchParams): number {
  return readPositiveInt(params, PARAMS.page) ?? 1;
}

export function readSort(params: URLSearchParams): { sort: SortField; order: SortOrder } {
  const sort = AUDIT_SORT_FIELDS.find((field) => field === params.get(PARAMS.sort)) ?? 'createdAt';
  const order =
    params.get(PARAMS.order) === 'asc' ? 'asc' : params.get(PARAMS.order) === 'desc' ? 'desc' : undefined;
  return { sort, order: order ?? (sort === 'createdAt' ? 'desc' : 'asc') };
}

/**
 * A copy of the parameters with some set or removed (null/empty removes).
 * Any change to the filters goes back to page 1 unless the page is set too.
 */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | number | null | undefined>,
) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  if (!(PARAMS.page in changes)) next.delete(PARAMS.page);
  return next;
}
