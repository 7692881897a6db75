import {
  DATA_DIM_MS,
  IST_OFFSET_MS,
  REPORT_RESOLUTION_MS,
  isExceedance,
  slotStart,
  type DataPoint,
  type ReportResolution,
} from '@vayu/domain';

/*
 * A report's table, worked out from the stored 15-minute values of each
 * series (docs/decisions/0018-reports.md). A row covers one period of the
 * resolution (a slot, an hour or a day, aligned to India time):
 *
 * - min and max: the lowest and highest reading of its slots (a counter's:
 *   the lowest and highest 15-minute increase);
 * - avg: the mean of its 15-minute values, each slot counting once, as the
 *   boards read 15-minute averages;
 * - exceedances: 15-minute values above the limit in force (`isExceedance`,
 *   the alerts' rule);
 * - availability: slots with data over the slots expected, in per cent.
 *
 * Only slots that have ended are counted: a range reaching into the present
 * stops at the start of the slot in progress.
 */

const SLOT_MS = DATA_DIM_MS.minute_15;

/** One series of a report: a parameter as one device at the point measures it. */
export interface ReportSeries {
  parameterId: number;
  label: string;
  /** The standard unit's code. */
  unit: string | null;
  /** The device measuring it (null: no device at the point measures it now). */
  deviceName: string | null;
  /** A counter's 15-minute value is its increase. */
  isCounter: boolean;
  limit: number | null;
  /** Its 15-minute values, in time order. */
  points: readonly DataPoint[];
}

export interface ReportRow {
  periodStart: number;
  periodEnd: number;
  min: number | null;
  avg: number | null;
  max: number | null;
  exceedances: number;
  slotsWithData: number;
  slotsExpected: number;
  /** Per cent, one decimal; null when no slot was expected (nothing has ended yet). */
  availability: number | null;
}

export interface ReportSeriesTable {
  series: Omit<ReportSeries, 'points'>;
  rows: ReportRow[];
  /** The whole range as one row. */
  summary: ReportRow;
}

/** Values as documents show them: four decimals at most. */
export const roundValue = (value: number) => Math.round(value * 10_000) / 10_000;
const roundPercent = (value: number) => Math.round(value * 10) / 10;

const DIM_OF = { MIN_15: 'minute_15', HOURLY: 'hour', DAILY: 'day' } as const;

/** The end of what a report counts: the end of its range, or the start of the slot in progress. */
export function coveredUntil(toMs: number, nowMs: number): number {
  return Math.min(toMs, slotStart(nowMs, 'minute_15'));
}

interface Accumulator {
  min: number;
  max: number;
  sum: number;
  slots: number;
  exceedances: number;
}

const emptyAccumulator = (): Accumulator => ({
  min: Infinity,
  max: -Infinity,
  sum: 0,
  slots: 0,
  exceedances: 0,
});

function add(acc: Accumulator, point: DataPoint, series: ReportSeries) {
  const low = series.isCounter ? point.value : point.min;
  const high = series.isCounter ? point.value : point.max;
  acc.min = Math.min(acc.min, low);
  acc.max = Math.max(acc.max, high);
  acc.sum += point.value;
  acc.slots += 1;
  if (series.limit !== null && isExceedance(point.value, series.limit)) acc.exceedances += 1;
}

function rowOf(acc: Accumulator, periodStart: number, periodEnd: number, slotsExpected: number): ReportRow {
  const hasData = acc.slots > 0;
  return {
    periodStart,
    periodEnd,
    min: hasData ? roundValue(acc.min) : null,
    avg: hasData ? roundValue(acc.sum / acc.slots) : null,
    max: hasData ? roundValue(acc.max) : null,
    exceedances: acc.exceedances,
    slotsWithData: acc.slots,
    slotsExpected,
    availability: slotsExpected > 0 ? roundPercent((acc.slots / slotsExpected) * 100) : null,
  };
}

/** The rows of one series over [fromMs, toMs) at a resolution, as of `nowMs`. */
export function tabulateSeries(
  series: ReportSeries,
  range: { fromMs: number; toMs: number; resolution: ReportResolution; nowMs: number },
): ReportSeriesTable {
  const step = REPORT_RESOLUTION_MS[range.resolution];
  const until = coveredUntil(range.toMs, range.nowMs);
  const rows: ReportRow[] = [];
  const total = emptyAccumulator();
  const byPeriod = new Map<number, Accumulator>();
  for (const point of series.points) {
    const t = Date.parse(point.t);
    // Slots that had not ended, and any outside the range, are not counted.
    if (!(t >= range.fromMs && t + SLOT_MS <= until) || point.count <= 0) continue;
    const period = slotStart(t, DIM_OF[range.resolution]);
    let acc = byPeriod.get(period);
    if (!acc) byPeriod.set(period, (acc = emptyAccumulator()));
    add(acc, point, series);
    add(total, point, series);
  }
  for (let start = range.fromMs; start < until; start += step) {
    const end = Math.min(start + step, range.toMs);
    const expected = Math.max(0, Math.floor((Math.min(end, until) - start) / SLOT_MS));
    rows.push(rowOf(byPeriod.get(start) ?? emptyAccumulator(), start, end, expected));
  }
  const expectedInRange = Math.max(0, Math.floor((until - range.fromMs) / SLOT_MS));
  const described = {
    parameterId: series.parameterId,
    label: series.label,
    unit: series.unit,
    deviceName: series.deviceName,
    isCounter: series.isCounter,
    limit: series.limit,
  };
  return { series: described, rows, summary: rowOf(total, range.fromMs, range.toMs, expectedInRange) };
}

/** An instant as India time with its offset, to the minute: 2026-11-20T10:15+05:30. */
export function istDateTime(ms: number): string {
  return `${new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 16)}+05:30`;
}
