import { saveFile } from '../../app/file-download';
import type { DataSeries } from '@vayu/domain';

export type CsvValue = string | number | null | undefined;

/** The header of a readings download; its columns are what one row of `readingsCsv` holds. */
export const READINGS_CSV_HEADER = ['time', 'parameter', 'value', 'unit', 'provenance', 'count'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line
 * break or edge spaces, with quotes doubled. A text that a spreadsheet would
 * run as a formula (=, +, -, @, tab or carriage return first) is kept as text
 * with a leading apostrophe; numbers are written as they are.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, lines ended by CRLF as RFC 4180 has it. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * The 15-minute values of the series as CSV: one row per parameter and slot
 * that has a value (a slot without readings has no row), parameters in the
 * order given, slots by time. Times are the slots' starts as the API sends them (UTC, ISO 8601).
 */
export function readingsCsv(series: readonly DataSeries[]): string {
  const rows: CsvValue[][] = [[...READINGS_CSV_HEADER]];
  for (const item of series) {
    const points = [...item.points].sort((a, b) => Date.parse(a.t) - Date.parse(b.t));
    for (const point of points) {
      rows.push([point.t, item.label, point.value, item.unit, point.provenance, point.count]);
    }
  }
  return toCsv(rows);
}

/** A file name of letters, digits, dots, dashes and underscores only. */
export function csvFileName(...parts: string[]): string {
  const name = parts
    .map((part) =>
      part
        .normalize('NFKD')
        .replace(/[^\w.-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('_');
  return `${name || 'readings'}.csv`;
}

/** Hands the text to the browser as a download (with a byte order mark, so spreadsheets read it as UTF-8). */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
