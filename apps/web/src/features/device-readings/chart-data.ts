import {
  DATA_DIM_MS,
  DATA_MAX_SLOTS,
  slotStart,
  type DataDim,
  type DataPoint,
  type Provenance,
} from '@vayu/domain';

/** One 15-minute slot of a chart: null value where no reading came (drawn as a gap). */
export interface ChartRow {
  /** Start of the slot (ISO). */
  t: string;
  value: number | null;
  provenance: Provenance | null;
  count: number;
  min: number | null;
  max: number | null;
  /** No value in the slots before and after: drawn as a dot, since a line needs two. */
  isolated: boolean;
}

/**
 * Every slot of [start, end) with the series' value where it has one and
 * null where it has none, so the chart leaves a gap rather than drawing a
 * line across slots without data.
 */
export function fillSlots(
  points: readonly DataPoint[],
  startIso: string,
  endIso: string,
  dim: DataDim,
): ChartRow[] {
  const size = DATA_DIM_MS[dim];
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return [];
  const bySlot = new Map<number, DataPoint>();
  for (const point of points) {
    const ms = Date.parse(point.t);
    if (Number.isFinite(ms)) bySlot.set(slotStart(ms, dim), point);
  }
  const rows: ChartRow[] = [];
  for (let slot = slotStart(start, dim); slot < end && rows.length <= DATA_MAX_SLOTS; slot += size) {
    const point = bySlot.get(slot);
    rows.push({
      t: new Date(slot).toISOString(),
      value: point?.value ?? null,
      provenance: point?.provenance ?? null,
      count: point?.count ?? 0,
      min: point?.min ?? null,
      max: point?.max ?? null,
      isolated: false,
    });
  }
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    row.isolated =
      row.value !== null &&
      (rows[index - 1]?.value ?? null) === null &&
      (rows[index + 1]?.value ?? null) === null;
  }
  return rows;
}

/** The range of a request: from the start of the slot `ms` before now to now. */
export function rangeWindow(ms: number, dim: DataDim, now: number): { startDate: string; endDate: string } {
  return {
    startDate: new Date(slotStart(now - ms, dim)).toISOString(),
    endDate: new Date(now).toISOString(),
  };
}
