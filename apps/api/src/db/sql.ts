import { sql, type SQL } from 'drizzle-orm';

/** A PostgreSQL interval of `ms` milliseconds (a number, or an SQL expression that gives one). */
export const millis = (ms: number | SQL) => sql`(${ms}::double precision * interval '1 millisecond')`;
