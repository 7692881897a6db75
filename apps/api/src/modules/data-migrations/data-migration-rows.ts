import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import {
  DATA_MIGRATION_ERROR_FIELDS,
  DATA_MIGRATION_ROW_MESSAGES,
  PROVENANCES,
  checkReadingTime,
  dataMigrationEarliestMs,
  type DataMigrationRowError,
  type DataMigrationRowErrorCode,
} from '@vayu/domain';
import type { DatabaseHandle } from '../../db/client.js';
import { loadIngestDevices, type IngestDevice } from '../telemetry/ingest-devices.js';
import { checkReading, type ReadingRow } from '../telemetry/ingest.service.js';

/**
 * The rows of a data migration, from a CSV file or from another industry's
 * readings, and the check each goes through: ingestion's own (checkReading)
 * without its 7-day age limit — this is history — but within
 * `DATA_MIGRATION_MAX_YEARS`, with any provenance of the catalogue kept.
 */

/** One row as read, before any check. `row` is the file's line (or the reading's position). */
export interface SourceRow {
  row: number;
  deviceSerial?: string | undefined;
  deviceId?: unknown;
  parameter: unknown;
  time: unknown;
  value: unknown;
  unit: unknown;
  provenance: unknown;
}

/** A whole-source problem found while reading (a CSV that stops being CSV, too many rows). */
export class SourceProblem extends Error {
  constructor(
    readonly row: number,
    readonly code: DataMigrationRowErrorCode,
  ) {
    super(DATA_MIGRATION_ROW_MESSAGES[code]);
  }
}

export const rowError = (row: number, code: DataMigrationRowErrorCode): DataMigrationRowError => ({
  row,
  field: DATA_MIGRATION_ERROR_FIELDS[code] ?? null,
  code,
  message: DATA_MIGRATION_ROW_MESSAGES[code],
});

// ── CSV ────────────────────────────────────────────────────────────────────

type Columns = Partial<
  Record<'deviceserial' | 'deviceid' | 'parameter' | 'time' | 'value' | 'unit' | 'provenance', number>
>;
const KNOWN = new Set(['deviceserial', 'deviceid', 'parameter', 'time', 'value', 'unit', 'provenance']);
/** The longest row read (a row of the template is well under 200 characters). */
const MAX_RECORD_BYTES = 10_000;

function columnsOf(header: readonly string[]): Columns | null {
  const columns: Columns = {};
  header.forEach((name, index) => {
    const key = name.trim().toLowerCase();
    if (KNOWN.has(key) && columns[key as keyof Columns] === undefined) columns[key as keyof Columns] = index;
  });
  const hasDevice = columns.deviceserial !== undefined || columns.deviceid !== undefined;
  const complete = ['parameter', 'time', 'value', 'unit'].every(
    (key) => columns[key as keyof Columns] !== undefined,
  );
  return hasDevice && complete ? columns : null;
}

/** Whether the file's first line names the template's columns (checked when the file is sent). */
export function hasCsvHeader(data: Buffer): boolean {
  const end = data.indexOf(0x0a);
  const firstLine = data
    .subarray(0, end < 0 ? Math.min(data.length, MAX_RECORD_BYTES) : end)
    .toString('utf8');
  try {
    const [header] = parseSync(firstLine, { bom: true, relax_column_count: true }) as string[][];
    return header !== undefined && columnsOf(header) !== null;
  } catch {
    return false;
  }
}

/** A number as a CSV writes one: digits with an optional sign, dot and exponent (no '', no 'NaN', no '1,5'). */
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const numberOf = (text: string | undefined): unknown =>
  text !== undefined && NUMBER_TEXT.test(text) ? Number(text) : text;

/**
 * The rows of a CSV file, parsed as a stream; `onBytes` is told how far into
 * the file each row ends, for the progress. A line that is not CSV ends the
 * reading with a `SourceProblem` at that line.
 */
export async function* csvRows(data: Buffer, onBytes?: (bytes: number) => void): AsyncGenerator<SourceRow> {
  const parser = Readable.from([data]).pipe(
    parse({
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: MAX_RECORD_BYTES,
    }),
  );
  let columns: Columns | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; bytes: number };
    }>) {
      if (!columns) {
        columns = columnsOf(record);
        if (!columns) throw new SourceProblem(info.lines, 'FILE_INVALID');
        continue;
      }
      const cell = (index: number | undefined) => (index === undefined ? undefined : record[index]);
      onBytes?.(info.bytes);
      yield {
        row: info.lines,
        deviceSerial: cell(columns.deviceserial),
        deviceId: cell(columns.deviceid) || undefined,
        parameter: cell(columns.parameter),
        time: cell(columns.time),
        value: numberOf(cell(columns.value)),
        unit: cell(columns.unit),
        provenance: cell(columns.provenance) || undefined,
      };
    }
  } catch (error) {
    if (error instanceof SourceProblem) throw error;
    const lines = (error as { lines?: unknown }).lines;
    throw new SourceProblem(typeof lines === 'number' ? lines : 1, 'FILE_INVALID');
  }
  if (!columns) throw new SourceProblem(1, 'FILE_INVALID');
}

// ── Another industry's readings ────────────────────────────────────────────

const SOURCE_PAGE = 5000;

interface SourceReadingRow extends Record<string, unknown> {
  device_id: number;
  serial_number: string;
  parameter_id: number;
  ms: number;
  value: number;
  unit: string;
  provenance: string;
}

/** Readings of the source industry in the range: how many (of every revision), for the progress. */
export async function countTenantReadings(
  database: Pick<DatabaseHandle, 'query'>,
  source: { tenantId: number; from: Date | null; to: Date | null },
): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM readings
      WHERE tenant_id = $1 AND ($2::timestamptz IS NULL OR ts >= $2) AND ($3::timestamptz IS NULL OR ts <= $3)`,
    [source.tenantId, source.from?.toISOString() ?? null, source.to?.toISOString() ?? null],
  );
  return row?.n ?? 0;
}

/**
 * The source industry's readings in the range (the latest revision of each),
 * in key order and read a page at a time by key, each with its device's
 * serial number and its parameter's catalogue id, so that they are matched
 * to the target industry's devices by serial.
 */
export async function* tenantRows(
  database: Pick<DatabaseHandle, 'query'>,
  source: { tenantId: number; from: Date | null; to: Date | null },
): AsyncGenerator<SourceRow> {
  let cursor: [number, number, string] = [0, 0, '-infinity'];
  let position = 0;
  for (;;) {
    const page = await database.query<SourceReadingRow>(
      `SELECT DISTINCT ON (r.device_id, r.parameter_id, r.ts)
              r.device_id, d.serial_number, r.parameter_id, (extract(epoch FROM r.ts) * 1000)::float8 AS ms,
              r.value, r.unit, r.provenance
         FROM readings r
         JOIN devices d ON d.id = r.device_id
        WHERE r.tenant_id = $1
          AND ($2::timestamptz IS NULL OR r.ts >= $2) AND ($3::timestamptz IS NULL OR r.ts <= $3)
          AND (r.device_id, r.parameter_id, r.ts) > ($4::int4, $5::int4, $6::timestamptz)
        ORDER BY r.device_id, r.parameter_id, r.ts, r.revision DESC
        LIMIT $7`,
      [
        source.tenantId,
        source.from?.toISOString() ?? null,
        source.to?.toISOString() ?? null,
        cursor[0],
        cursor[1],
        cursor[2],
        SOURCE_PAGE,
      ],
    );
    for (const reading of page) {
      position += 1;
      yield {
        row: position,
        deviceSerial: reading.serial_number,
        parameter: String(reading.parameter_id),
        time: Math.round(Number(reading.ms)),
        value: Number(reading.value),
        unit: reading.unit,
        provenance: reading.provenance,
      };
    }
    if (page.length < SOURCE_PAGE) return;
    const last = page[page.length - 1]!;
    cursor = [last.device_id, last.parameter_id, new Date(Math.round(Number(last.ms))).toISOString()];
  }
}

// ── The check of one row ───────────────────────────────────────────────────

/** The target industry's devices, as ingestion sees them, by id and by serial number (lower case). */
export interface TargetDevices {
  tenantId: number;
  byId: ReadonlyMap<number, IngestDevice | null>;
  idsBySerial: ReadonlyMap<string, number[]>;
}

export async function loadTargetDevices(
  database: Pick<DatabaseHandle, 'query' | 'db'>,
  tenantId: number,
): Promise<TargetDevices> {
  const rows = await database.query<{ id: number; serial: string }>(
    `SELECT id, lower(trim(serial_number)) AS serial FROM devices WHERE tenant_id = $1 AND status <> 'DELETED'`,
    [tenantId],
  );
  const idsBySerial = new Map<string, number[]>();
  for (const row of rows) idsBySerial.set(row.serial, [...(idsBySerial.get(row.serial) ?? []), row.id]);
  const byId = await loadIngestDevices(
    database,
    rows.map((row) => row.id),
  );
  return { tenantId, byId, idsBySerial };
}

const ID_TEXT = /^[1-9][0-9]{0,9}$/;
const KNOWN_PROVENANCES = new Set<string>(PROVENANCES);

/** The device a row names, among the target industry's, or why none. */
function deviceOf(raw: SourceRow, devices: TargetDevices): number | DataMigrationRowErrorCode {
  if (raw.deviceId !== undefined) {
    const text = String(raw.deviceId).trim();
    const id = ID_TEXT.test(text) ? Number(text) : NaN;
    return devices.byId.has(id) ? id : 'UNKNOWN_DEVICE';
  }
  const serial = raw.deviceSerial?.trim().toLowerCase();
  if (!serial) return 'MALFORMED';
  const ids = devices.idsBySerial.get(serial);
  if (!ids) return 'UNKNOWN_DEVICE';
  if (ids.length > 1) return 'AMBIGUOUS_DEVICE';
  return ids[0]!;
}

/**
 * Checks one row for the target industry at `now`: the reading to store, or
 * the row's error code. Ingestion's check runs with the row's own time as its
 * clock once the time is known to lie between `DATA_MIGRATION_MAX_YEARS` ago
 * and now, so its 7-day limit for live data does not apply to history.
 */
export function checkRow(
  raw: SourceRow,
  index: number,
  devices: TargetDevices,
  now: number,
): ReadingRow | DataMigrationRowErrorCode {
  const deviceId = deviceOf(raw, devices);
  if (typeof deviceId === 'string') return deviceId;
  let clock = now;
  const time = checkReadingTime(raw.time, now);
  if ('refusal' in time) {
    if (time.refusal !== 'TIME_TOO_OLD') return raw.time === undefined ? 'MALFORMED' : time.refusal;
    const ms = typeof raw.time === 'number' ? raw.time : Date.parse(String(raw.time));
    if (ms < dataMigrationEarliestMs(now)) return 'TIME_TOO_OLD';
    clock = ms;
  }
  const checked = checkReading(
    { deviceId, parameter: raw.parameter, time: raw.time, value: raw.value, unit: raw.unit },
    index,
    devices.byId.get(deviceId),
    { tenantIds: new Set([devices.tenantId]) },
    clock,
  );
  if (typeof checked === 'string') return checked;
  const provenance = raw.provenance === undefined ? 'measured' : String(raw.provenance).trim().toLowerCase();
  if (!KNOWN_PROVENANCES.has(provenance)) return 'PROVENANCE_NOT_ALLOWED';
  return { ...checked, provenance };
}

export const readingKeyOf = (row: Pick<ReadingRow, 'deviceId' | 'parameterId' | 'ms'>) =>
  `${row.deviceId}:${row.parameterId}:${row.ms}`;

/** Which of `rows` (by their index in it) are stored already: same device, parameter and time. */
export async function findStoredDuplicates(
  database: Pick<DatabaseHandle, 'query'>,
  tenantId: number,
  rows: readonly ReadingRow[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const found = await database.query<{ i: number }>(
    `SELECT k.i FROM unnest($1::int4[], $2::int4[], $3::timestamptz[], $4::int4[]) AS k(device_id, parameter_id, ts, i)
      WHERE EXISTS (SELECT 1 FROM readings r
                     WHERE r.tenant_id = $5 AND r.device_id = k.device_id
                       AND r.parameter_id = k.parameter_id AND r.ts = k.ts)`,
    [
      rows.map((row) => row.deviceId),
      rows.map((row) => row.parameterId),
      rows.map((row) => new Date(row.ms).toISOString()),
      rows.map((_, i) => i),
      tenantId,
    ],
  );
  return new Set(found.map((row) => Number(row.i)));
}
