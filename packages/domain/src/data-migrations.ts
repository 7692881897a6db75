import { z } from 'zod';
import { dateTimeField, fromDigits } from './fields.js';
import { INGEST_CLOCK_SKEW_MS, READING_REFUSALS } from './telemetry.js';
import { DATA_MIGRATION_MESSAGES } from './area-messages.js';
import { DATA_MIGRATION_MAX_YEARS } from './constants.js';

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

// ── Limits, the CSV format, row errors, requests and answers ───────────────

/** Row errors kept (and shown) per migration; `errorCount` counts them all. */
export const DATA_MIGRATION_ERRORS_KEPT = 1000;
/** Migrations per page of the list. */
export const DATA_MIGRATIONS_PAGE_SIZE = 20;
/** The multipart part that carries the CSV file. */
export const DATA_MIGRATION_FILE_PART = 'file';

/** A migration whose job has not finished: its list and detail are asked again until it has. */
export const isDataMigrationPending = (status: DataMigrationStatus): boolean =>
  status === 'CHECKING' || status === 'IMPORTING';
/** A migration that may be cancelled (its stored file is removed): anything not importing or imported, not cancelled. */
export const isDataMigrationCancellable = (status: DataMigrationStatus): boolean =>
  !['IMPORTING', 'IMPORTED', 'CANCELLED'].includes(status);

/**
 * The CSV format: a header row naming the columns (any order, names as here,
 * case-insensitive), then one reading per row. `deviceSerial` (the device's
 * serial number at the industry) or `deviceId` (its id in Vayu) names the
 * device; `parameter` is the catalogue key or id as ingestion takes it;
 * `time` is ISO 8601 with an offset; `value` a number written with a dot;
 * `unit` one the parameter's readings may arrive in; `provenance` optional
 * (measured when empty).
 */
export const DATA_MIGRATION_CSV_COLUMNS = [
  'deviceSerial',
  'parameter',
  'time',
  'value',
  'unit',
  'provenance',
] as const;
export type DataMigrationCsvColumn = (typeof DATA_MIGRATION_CSV_COLUMNS)[number] | 'deviceId';
export const DATA_MIGRATION_CSV_TEMPLATE =
  'deviceSerial,parameter,time,value,unit,provenance\r\n' +
  'SN-1001,so2,2025-04-01T10:00:00+05:30,42.5,mg/Nm3,measured\r\n' +
  'SN-1001,so2,2025-04-01T10:15:00+05:30,40.1,mg/Nm3,\r\n';
export const DATA_MIGRATION_TEMPLATE_FILE_NAME = 'data-migration-template.csv';

/** Why a row (or the whole file, row 1) cannot be imported: ingestion's refusals and the migration's own. */
export const DATA_MIGRATION_ROW_ERRORS = [
  ...READING_REFUSALS,
  /** The file repeats a device, parameter and time given in an earlier row. */
  'DUPLICATE_IN_FILE',
  /** A reading of the device and parameter at that time is stored already. */
  'DUPLICATE_STORED',
  /** Several devices of the industry have this serial number. */
  'AMBIGUOUS_DEVICE',
  /** The header lacks a column, or a row is not CSV. */
  'FILE_INVALID',
  /** More than `DATA_MIGRATION_MAX_ROWS` rows. */
  'TOO_MANY_ROWS',
] as const;
export type DataMigrationRowErrorCode = (typeof DATA_MIGRATION_ROW_ERRORS)[number];

/** The column a row error is about (null: the row as a whole). */
export const DATA_MIGRATION_ERROR_FIELDS: Partial<Record<DataMigrationRowErrorCode, DataMigrationCsvColumn>> =
  {
    UNKNOWN_DEVICE: 'deviceSerial',
    DEVICE_NOT_IN_TENANT: 'deviceSerial',
    AMBIGUOUS_DEVICE: 'deviceSerial',
    UNKNOWN_PARAMETER: 'parameter',
    UNIT_NOT_ALLOWED: 'unit',
    INVALID_TIME: 'time',
    TIME_IN_FUTURE: 'time',
    TIME_TOO_OLD: 'time',
    VALUE_NOT_NUMBER: 'value',
    VALUE_OUT_OF_RANGE: 'value',
    PROVENANCE_NOT_ALLOWED: 'provenance',
  };

/** The earliest time a migrated reading may have, at `now`. */
export const dataMigrationEarliestMs = (now: number) =>
  Date.UTC(new Date(now).getUTCFullYear() - DATA_MIGRATION_MAX_YEARS, new Date(now).getUTCMonth(), 1);
/** A row stamped this far ahead of the server's clock is still taken (ingestion's tolerance). */
export const DATA_MIGRATION_CLOCK_SKEW_MS = INGEST_CLOCK_SKEW_MS;

const idField = fromDigits(z.number().int().positive());

export const dataMigrationRowErrorSchema = z.object({
  /** The file's line (the header is line 1); for another industry, the reading's position. */
  row: z.number().int(),
  field: z.string().nullable(),
  code: z.enum(DATA_MIGRATION_ROW_ERRORS),
  message: z.string(),
});
export type DataMigrationRowError = z.infer<typeof dataMigrationRowErrorSchema>;

export const dataMigrationSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  source: z.enum(DATA_MIGRATION_SOURCES),
  sourceTenantId: z.number().int().nullable(),
  sourceTenantName: z.string().nullable(),
  /** For another industry's readings: the range taken (null: from the first / to the last). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  fileName: z.string().nullable(),
  status: z.enum(DATA_MIGRATION_STATUSES),
  /** 0–100, of the step in progress (the check, then the import). */
  progress: z.number().int(),
  totalRows: z.number().int().nullable(),
  validRows: z.number().int().nullable(),
  importedRows: z.number().int().nullable(),
  errorCount: z.number().int(),
  /** Why the check or the import failed as a whole (not a row error). */
  failure: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
  importedBy: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type DataMigration = z.infer<typeof dataMigrationSchema>;

export const dataMigrationDetailSchema = dataMigrationSchema.extend({
  /** The first `DATA_MIGRATION_ERRORS_KEPT` row errors, in row order. */
  errors: z.array(dataMigrationRowErrorSchema),
});
export type DataMigrationDetail = z.infer<typeof dataMigrationDetailSchema>;

export const dataMigrationListQuerySchema = z.object({
  tenantId: idField.optional(),
  status: z.enum(DATA_MIGRATION_STATUSES).optional(),
  page: fromDigits(z.number().int().min(1).max(100_000)).default(1),
});
export type DataMigrationListQuery = z.output<typeof dataMigrationListQuerySchema>;

/**
 * `POST /api/dataMigration`: the industry imported into and, with no file,
 * the industry whose readings are taken and their range. As multipart text
 * parts (with the CSV file part) or as a JSON body.
 */
export const dataMigrationCreateFieldsSchema = z
  .object({
    tenantId: idField,
    sourceTenantId: idField.optional(),
    from: dateTimeField.optional(),
    to: dateTimeField.optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.sourceTenantId !== undefined && body.sourceTenantId === body.tenantId) {
      context.addIssue({
        code: 'custom',
        path: ['sourceTenantId'],
        message: DATA_MIGRATION_MESSAGES.sameIndustry,
      });
    }
    if (body.from && body.to && Date.parse(body.from) > Date.parse(body.to)) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start.' });
    }
  });
export type DataMigrationCreateFields = z.output<typeof dataMigrationCreateFieldsSchema>;

/** `POST /api/migratePartner`: move an industry to another partner (−1: none), as `POST /api/changePartner` does. */
export const migratePartnerBodySchema = z
  .object({
    tenantId: idField,
    partnerId: fromDigits(z.number().int().min(-1)),
  })
  .strict();
export type MigratePartnerBody = z.input<typeof migratePartnerBodySchema>;
