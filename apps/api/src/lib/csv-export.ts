import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify';
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IST_OFFSET_MS } from '@vayu/domain';
import { attachmentOf } from './content-disposition.js';
import { istDateTime } from './ist.js';

/**
 * CSV exports of the lists, streamed.
 *
 * An export reads its list's rows in batches of `EXPORT_BATCH_SIZE`, each
 * batch a query of its own that starts after the last row of the one before
 * (keyset paging on the list's order with the id as the last key: no OFFSET,
 * no transaction or cursor held open between batches, so other requests,
 * on the embedded database too, run between them). Rows go through
 * csv-stringify into the reply; the next row is written only when the
 * client has taken the ones before (back-pressure), so the server holds at
 * most a batch and the stream's buffers whatever the export's size. A client
 * that goes away stops the reading.
 */

export const EXPORT_BATCH_SIZE = 1000;

/** What a column's cell may be made from; null and undefined are empty cells. */
export type CellValue = string | number | boolean | null | undefined;

export interface CsvColumn<R> {
  /** The header, in English, as a person wants it in a spreadsheet. */
  header: string;
  value: (row: R) => CellValue;
}

/** How a sort key's value is written back into SQL from its text (`::type`). */
export type SortKeyType = 'text' | 'integer' | 'bigint' | 'timestamptz';

/** One key of a list's order. The last key of an export must be unique and never null (the id). */
export interface SortKey {
  expression: SQL | Column;
  direction: 'asc' | 'desc';
  type: SortKeyType;
  /** Null sorts last going up and first going down, as PostgreSQL does by default. */
  nullable?: boolean;
}

/** Where a batch starts: the sort keys of the last row read, as PostgreSQL writes them as text. */
export type ExportCursor = readonly (string | null)[];

/** What an export's query is given for one batch. */
export interface ExportBatch {
  /** Rows after the previous batch's last row (undefined for the first batch). */
  after: SQL | undefined;
  /** The list's order, the id last. */
  orderBy: SQL[];
  /** To select with the row's columns: the sort keys as text, from which the next batch starts. */
  cursor: Record<string, SQL.Aliased<string | null>>;
  limit: number;
}

export interface CsvExport<R> {
  /** Names the file: `tenants` → `tenants-2026-11-27.csv`. */
  name: string;
  columns: readonly CsvColumn<R>[];
  keys: readonly SortKey[];
  /** The list's rows for one batch: its filter and scope, and `after`, in `orderBy`, at most `limit`. */
  readBatch: (batch: ExportBatch) => Promise<R[]>;
}

const cursorName = (index: number) => `exportCursor${index}`;

/** A formula-looking cell (=, +, -, @, tab, CR) is written with a leading ' so spreadsheets show it as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function toCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** `2026-11-27 15:30` in India (IST, UTC+05:30 all year, no daylight saving). */
export function formatIstDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  return istDateTime(time);
}

/** Today's date in India, for file names. */
export function istDate(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `UNDER_MAINTENANCE` → `Under maintenance`; a value already written for people is kept as it is. */
export function humanize(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!/^[A-Za-z0-9_]+$/.test(value)) return value;
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A stored phone number (digits with the calling code, no '+') written for
 * reading: Indian numbers as `+91 98200 12345`, others `+` and their digits.
 */
export function formatPhone(stored: string | null | undefined): string | null {
  const digits = (stored ?? '').replace(/\D/g, '');
  if (!digits) return null;
  if (digits.length === 12 && digits.startsWith('91')) {
    return `+91 ${digits.slice(2, 7)} ${digits.slice(7)}`;
  }
  if (digits.length === 10) return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
  return `+${digits}`;
}

const typed = (value: string, type: SortKeyType) => sql`${value}::${sql.raw(type)}`;

/**
 * The rows after `cursor` in the order of `keys`. With keys that are never
 * null and go one way, a row comparison (which an index on the keys serves
 * as a range); otherwise the comparison spelled out key by key, with nulls
 * where PostgreSQL sorts them.
 */
export function keysetAfter(keys: readonly SortKey[], cursor: ExportCursor): SQL {
  const first = keys[0];
  if (!first || cursor.length !== keys.length) throw new Error('A cursor needs one value per sort key');
  const isSimple =
    keys.every((key) => !key.nullable && key.direction === first.direction) &&
    cursor.every((value) => value !== null);
  if (isSimple) {
    const operator = first.direction === 'asc' ? sql`>` : sql`<`;
    return sql`(${sql.join(
      keys.map((key) => sql`${key.expression}`),
      sql`, `,
    )}) ${operator} (${sql.join(
      keys.map((key, i) => typed(cursor[i]!, key.type)),
      sql`, `,
    )})`;
  }
  const from = (index: number): SQL => {
    const key = keys[index]!;
    const value = cursor[index] ?? null;
    const e = sql`${key.expression}`;
    const isLast = index === keys.length - 1;
    if (value === null) {
      if (isLast) throw new Error('The last sort key of an export may not be null');
      const rest = from(index + 1);
      // Going up, nulls come last: after a null only nulls remain; going down they come first.
      return key.direction === 'asc'
        ? sql`(${e} is null and ${rest})`
        : sql`(${e} is not null or (${e} is null and ${rest}))`;
    }
    const p = typed(value, key.type);
    const beyond = key.direction === 'asc' ? sql`${e} > ${p}` : sql`${e} < ${p}`;
    if (isLast) return beyond;
    const rest = from(index + 1);
    const tie = sql`(${e} = ${p} and ${rest})`;
    return key.nullable && key.direction === 'asc'
      ? sql`(${beyond} or ${tie} or ${e} is null)`
      : sql`(${beyond} or ${tie})`;
  };
  return from(0);
}

/** The list's order as ORDER BY terms. */
export function keysetOrder(keys: readonly SortKey[]): SQL[] {
  return keys.map((key) =>
    key.direction === 'asc' ? sql`${key.expression} asc` : sql`${key.expression} desc`,
  );
}

/** The sort keys as text columns of a batch's select, to start the next batch from. */
function cursorColumns(keys: readonly SortKey[]): Record<string, SQL.Aliased<string | null>> {
  return Object.fromEntries(
    keys.map((key, i) => [cursorName(i), sql<string | null>`(${key.expression})::text`.as(cursorName(i))]),
  );
}

function cursorOf(keys: readonly SortKey[], row: unknown): ExportCursor {
  const record = row as Record<string, unknown>;
  return keys.map((_, i) => {
    const value = record[cursorName(i)];
    return value === null || value === undefined ? null : String(value);
  });
}

/**
 * Reads every row of an export, batch after batch, each started after the
 * last row of the one before. `signal` stops it between batches.
 */
export async function* readExportRows<R>(
  source: CsvExport<R>,
  options: { batchSize?: number; signal?: AbortSignal } = {},
): AsyncGenerator<R[]> {
  const limit = options.batchSize ?? EXPORT_BATCH_SIZE;
  const orderBy = keysetOrder(source.keys);
  const cursor = cursorColumns(source.keys);
  let after: SQL | undefined;
  for (;;) {
    if (options.signal?.aborted) return;
    const rows = await source.readBatch({ after, orderBy, cursor, limit });
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    after = keysetAfter(source.keys, cursorOf(source.keys, rows.at(-1)));
  }
}

/**
 * `column = any(ids)` with the ids as one parameter (a thousand parameters
 * cost the embedded database more than the query does).
 */
export function isAnyOf(column: Column | SQL, ids: readonly { id: number }[]): SQL {
  return sql`${column} = any(string_to_array(${ids.map(({ id }) => id).join(',')}, ',')::int[])`;
}

/**
 * The rows read by id in the order their ids were found (a batch read in two
 * steps: the ids in the list's order, then the rows). A row gone in between
 * (deleted for good) is left out.
 */
export function inOrderOf<R extends { id: number }>(ids: readonly { id: number }[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap(({ id }) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The file name of an export made now. */
export function exportFileName(name: string, now: Date): string {
  return `${name}-${istDate(now)}.csv`;
}

/**
 * Answers the export as a CSV download: UTF-8 with a byte order mark (so that
 * Excel reads it as UTF-8), a header row, CRLF line ends. The first batch is
 * read before anything is sent, so that a failure there is an ordinary error
 * answer; after that a failure cuts the download short. An export is a read:
 * it is not audited, but one log line says who exported which list, how many
 * rows and whether the download was completed.
 */
export async function sendCsvExport<R>(
  request: FastifyRequest,
  reply: FastifyReply,
  source: CsvExport<R>,
  options: { batchSize?: number; now?: Date } = {},
): Promise<FastifyReply> {
  const started = performance.now();
  const stop = new AbortController();
  const batches = readExportRows(source, { ...options, signal: stop.signal });
  const first = await batches.next();

  const stringifier = stringify({
    bom: true,
    header: true,
    columns: source.columns.map((column) => column.header),
    record_delimiter: 'windows',
  });
  const toRecord = (row: R) => source.columns.map((column) => toCell(column.value(row)));
  let rowCount = 0;

  const onClose = () => {
    if (!reply.raw.writableFinished) stop.abort();
  };
  reply.raw.once('close', onClose);

  const pump = async () => {
    let result = first;
    while (!result.done) {
      for (const row of result.value) {
        if (stop.signal.aborted) return;
        rowCount += 1;
        if (!stringifier.write(toRecord(row))) await once(stringifier, 'drain', { signal: stop.signal });
      }
      if (stop.signal.aborted) return;
      result = await batches.next();
    }
    stringifier.end();
  };

  const log = (outcome: 'complete' | 'cut short' | 'failed', error?: unknown) =>
    request.log[outcome === 'failed' ? 'error' : 'info'](
      {
        export: source.name,
        userId: request.principal?.userId,
        actingTenantId: request.principal?.actingTenantId ?? undefined,
        rows: rowCount,
        ms: Math.round(performance.now() - started),
        outcome,
        ...(error ? { err: error } : {}),
      },
      'csv export',
    );

  pump().then(
    () => {
      reply.raw.off('close', onClose);
      if (stop.signal.aborted) {
        void batches.return(undefined);
        stringifier.destroy();
        log('cut short');
      } else {
        stringifier.once('end', () => log('complete'));
      }
    },
    (error: unknown) => {
      reply.raw.off('close', onClose);
      const isAbort = stop.signal.aborted;
      stop.abort();
      void batches.return(undefined);
      if (isAbort) {
        stringifier.destroy();
        log('cut short');
      } else {
        // The download is cut short; the client sees an incomplete file rather than a wrong one.
        stringifier.destroy(error instanceof Error ? error : new Error(String(error)));
        log('failed', error);
      }
    },
  );

  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentOf(exportFileName(source.name, options.now ?? new Date())))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stringifier);
}
