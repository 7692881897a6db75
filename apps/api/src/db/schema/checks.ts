import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check } from 'drizzle-orm/pg-core';

/**
 * A CHECK constraint that keeps a text column to one of the domain's closed
 * lists (`ACCOUNT_STATUSES`, `AUDIT_ENTITIES`, …). The list is written into
 * the migration when it is generated, so adding a value to a domain list
 * means generating a migration that widens the constraint. A NULL passes
 * (nullable columns stay optional).
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  if (values.length === 0) throw new Error(`${name}: a closed list needs at least one value`);
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} IN (${sql.raw(literals)})`);
}
