import { sql, type SQL } from 'drizzle-orm';

/** A PostgreSQL interval of `ms` milliseconds (a number, or an SQL expression that gives one). */
export const millis = (ms: number | SQL) => sql`(${ms}::double precision * interval '1 millisecond')`;

/** The rows of `execute()`'s result, whichever driver answered (node-postgres and PGlite both give `rows`). */
export function rowsOf<R>(result: unknown): R[] {
  return (Array.isArray(result) ? result : (result as { rows: R[] }).rows) as R[];
}
