import { sql, type SQL } from 'drizzle-orm';
import { DELAYED_THRESHOLD_MS, LIVE_THRESHOLD_MS } from '@vayu/domain';

/** A PostgreSQL interval of `ms` milliseconds (a number, or an SQL expression that gives one). */
export const millis = (ms: number | SQL) => sql`(${ms}::double precision * interval '1 millisecond')`;

/** The rows of `execute()`'s result, whichever driver answered (node-postgres and PGlite both give `rows`). */
export function rowsOf<R>(result: unknown): R[] {
  return (Array.isArray(result) ? result : (result as { rows: R[] }).rows) as R[];
}

/**
 * The LIVE / DELAYED / OFFLINE freshness (spec §4, the domain's thresholds) of a last data time, in SQL,
 * at the database's `now()` or at a given time (a service's clock).
 */
export const freshnessSql = (lastTs: SQL, at: Date | null = null) => {
  const now = at === null ? sql`now()` : sql`${at.toISOString()}::timestamptz`;
  return sql`CASE
  WHEN ${lastTs} > ${now} - ${millis(LIVE_THRESHOLD_MS)} THEN 'LIVE'
  WHEN ${lastTs} >= ${now} - ${millis(DELAYED_THRESHOLD_MS)} THEN 'DELAYED'
  ELSE 'OFFLINE' END`;
};
