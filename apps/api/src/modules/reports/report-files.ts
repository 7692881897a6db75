import { stringify } from 'csv-stringify/sync';
import PDFDocument from 'pdfkit';
import { IST_OFFSET_MS, REPORT_PDF_MAX_ROWS, reportUnitLabel, type ReportResolution } from '@vayu/domain';
import { istDateTime, type ReportRow, type ReportSeriesTable } from './report-table.js';

/** What a report's files are made of. */
export interface ReportDocument {
  id: number;
  tenantName: string;
  monitoringPointName: string;
  from: string;
  to: string;
  resolution: ReportResolution;
  generatedAt: Date;
  tables: readonly ReportSeriesTable[];
}

export const RESOLUTION_LABELS: Record<ReportResolution, string> = {
  MIN_15: '15 minutes',
  HOURLY: 'Hourly',
  DAILY: 'Daily',
};

export const CSV_COLUMNS = [
  'Period start (IST)',
  'Period end (IST)',
  'Parameter',
  'Device',
  'Unit',
  'Min',
  'Avg',
  'Max',
  'Limit',
  'Exceedances',
  'Slots with data',
  'Slots expected',
  'Availability %',
] as const;

const blank = (value: number | null) => (value === null ? '' : String(value));

/**
 * The report as CSV: UTF-8 with a byte order mark (spreadsheets then read the
 * units' symbols right), a header row, and one row per series and period in
 * the order of the parameters asked for, then time. Numbers are plain (a dot
 * for decimals, no grouping), empty where a period has no data.
 */
export function renderReportCsv(report: ReportDocument): Buffer {
  const records: string[][] = [];
  for (const table of report.tables) {
    for (const row of table.rows) {
      records.push([
        istDateTime(row.periodStart),
        istDateTime(row.periodEnd),
        table.series.label,
        table.series.deviceName ?? '',
        reportUnitLabel(table.series.unit),
        blank(row.min),
        blank(row.avg),
        blank(row.max),
        blank(table.series.limit),
        String(row.exceedances),
        String(row.slotsWithData),
        String(row.slotsExpected),
        blank(row.availability),
      ]);
    }
  }
  const text = stringify(records, { header: true, columns: [...CSV_COLUMNS], record_delimiter: '\r\n' });
  return Buffer.from(`\uFEFF${text}`, 'utf8');
}

// ── PDF ────────────────────────────────────────────────────────────────────

const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 });
const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A value in the Indian grouping (1,23,456.7891), a dash for none. */
export const formatReportNumber = (value: number | null) => (value === null ? '–' : grouped.format(value));
const formatPercent = (value: number | null) => (value === null ? '–' : oneDecimal.format(value));

/** A calendar date as documents write it: 2026-11-20 → 20 Nov 2026. */
export function formatReportDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** An instant in India time: 20 Nov 2026 10:15 (days alone at daily resolution). */
function formatPeriodStart(ms: number, resolution: ReportResolution): string {
  const ist = new Date(ms + IST_OFFSET_MS).toISOString();
  const day = formatReportDay(ist.slice(0, 10));
  return resolution === 'DAILY' ? day : `${day} ${ist.slice(11, 16)}`;
}

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/**
 * The report as a printable A4 landscape PDF (pdfkit, its standard fonts):
 * what it covers, a summary of each series over the whole range, then the
 * rows (at most `REPORT_PDF_MAX_ROWS`; the CSV has them all), with the
 * headings repeated on every page and the pages numbered.
 */
export function renderReportPdf(report: ReportDocument): Promise<Buffer> {
  const period =
    report.from === report.to
      ? formatReportDay(report.from)
      : `${formatReportDay(report.from)} to ${formatReportDay(report.to)}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 40,
    bufferPages: true,
    info: {
      Title: `Monitoring report ${report.id}: ${report.tenantName}, ${report.monitoringPointName}`,
      Author: 'Vayu',
      Subject: `${period} (India time), ${RESOLUTION_LABELS[report.resolution]}`,
      CreationDate: report.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 24;

  doc.font('Helvetica-Bold').fontSize(18).text('Monitoring report', left, 40);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Report no. ${report.id}`, left, 44, { width, align: 'right' })
    .text(`Generated ${formatPeriodStart(report.generatedAt.getTime(), 'HOURLY')} IST`, {
      width,
      align: 'right',
    });
  doc.moveDown(1.2);
  const facts: [string, string][] = [
    ['Industry', report.tenantName],
    ['Monitoring point', report.monitoringPointName],
    ['Period', `${period} (India time)`],
    ['Resolution', RESOLUTION_LABELS[report.resolution]],
  ];
  for (const [label, value] of facts) {
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}:`, left, top, { width: 110 });
    doc.font('Helvetica').text(value, left + 110, top, { width: width - 110 });
  }

  const drawRow = (columns: Column[], cells: string[], bold: boolean, onNewPage: () => void) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const height =
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 6 }))) + 5;
    if (doc.y + height > bottom()) {
      doc.addPage();
      onNewPage();
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    }
    const top = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x + 3, top, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    doc.y = top + height;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.4)
      .strokeColor('#aaaaaa')
      .stroke();
  };
  const table = (columns: Column[], rows: string[][]) => {
    const header = () =>
      drawRow(
        columns,
        columns.map((c) => c.label),
        true,
        () => undefined,
      );
    header();
    for (const cells of rows) drawRow(columns, cells, false, header);
  };
  const scaled = (columns: Omit<Column, 'width'>[], weights: number[]): Column[] => {
    const sum = weights.reduce((a, b) => a + b, 0);
    return columns.map((column, i) => ({ ...column, width: (width * weights[i]!) / sum }));
  };
  const seriesName = (t: ReportSeriesTable) =>
    t.series.deviceName ? `${t.series.label} (${t.series.deviceName})` : t.series.label;
  const measures = (row: ReportRow, limit: number | null) => [
    formatReportNumber(row.min),
    formatReportNumber(row.avg),
    formatReportNumber(row.max),
    formatReportNumber(limit),
    String(row.exceedances),
    formatPercent(row.availability),
  ];

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text('Summary', left);
  doc.moveDown(0.3);
  table(
    scaled(
      [
        { label: 'Parameter', align: 'left' },
        { label: 'Unit', align: 'left' },
        { label: 'Min', align: 'right' },
        { label: 'Avg', align: 'right' },
        { label: 'Max', align: 'right' },
        { label: 'Limit', align: 'right' },
        { label: 'Exceedances', align: 'right' },
        { label: 'Availability %', align: 'right' },
      ],
      [4, 1.6, 1.6, 1.6, 1.6, 1.4, 1.5, 1.5],
    ),
    report.tables.map((t) => [
      seriesName(t),
      reportUnitLabel(t.series.unit),
      ...measures(t.summary, t.series.limit),
    ]),
  );

  const allRows = report.tables.flatMap((t) => t.rows.map((row) => ({ table: t, row })));
  const shown = allRows.slice(0, REPORT_PDF_MAX_ROWS);
  doc.moveDown(1);
  if (doc.y + 60 > bottom()) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(12).text(`${RESOLUTION_LABELS[report.resolution]} values`, left);
  doc.moveDown(0.3);
  table(
    scaled(
      [
        { label: 'Period (IST)', align: 'left' },
        { label: 'Parameter', align: 'left' },
        { label: 'Min', align: 'right' },
        { label: 'Avg', align: 'right' },
        { label: 'Max', align: 'right' },
        { label: 'Limit', align: 'right' },
        { label: 'Exceedances', align: 'right' },
        { label: 'Availability %', align: 'right' },
      ],
      [2.4, 3.2, 1.6, 1.6, 1.6, 1.4, 1.5, 1.5],
    ),
    shown.map(({ table: t, row }) => [
      formatPeriodStart(row.periodStart, report.resolution),
      seriesName(t),
      ...measures(row, t.series.limit),
    ]),
  );
  const notes = [
    'Min and max are the lowest and highest readings of the period (of a counter, its 15-minute increases); avg is the mean of its 15-minute values.',
    'Exceedances are 15-minute values above the limit in force; availability is the 15-minute slots with data over those expected.',
  ];
  if (allRows.length > shown.length) {
    notes.unshift(
      `The first ${grouped.format(shown.length)} of ${grouped.format(allRows.length)} rows are listed; the CSV file of this report holds them all.`,
    );
  }
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(8).fillColor('#333333');
  for (const note of notes) doc.text(note, left, doc.y, { width });
  doc.fillColor('#000000');

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Written in the bottom margin: with the margin kept, pdfkit would start a new page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#444444')
      .text(
        `${report.tenantName} · ${report.monitoringPointName} · ${period} · Page ${i + 1} of ${range.count}`,
        left,
        doc.page.height - margin - 10,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
