/**
 * Data migrations: an industry's history imported from a CSV file or from
 * another industry's readings, checked first (a dry run that reports the rows
 * in error) and then imported in one transaction.
 */

/** Where the history comes from. */
export const DATA_MIGRATION_SOURCES = ['CSV', 'TENANT'] as const;
export type DataMigrationSource = (typeof DATA_MIGRATION_SOURCES)[number];

/**
 * CHECKING → CHECKED (no row in error) or REJECTED (rows in error, nothing to import);
 * CHECKED → IMPORTING → IMPORTED, or FAILED (nothing written); CHECKED → CANCELLED.
 */
export const DATA_MIGRATION_STATUSES = [
  'CHECKING',
  'CHECKED',
  'REJECTED',
  'IMPORTING',
  'IMPORTED',
  'FAILED',
  'CANCELLED',
] as const;
export type DataMigrationStatus = (typeof DATA_MIGRATION_STATUSES)[number];
