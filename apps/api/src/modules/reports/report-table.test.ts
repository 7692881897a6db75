import { describe, expect, it } from 'vitest';
import type { DataPoint } from '@vayu/domain';
import { istDateTime, tabulateSeries, type ReportSeries } from './report-table.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
const point = (local: string, value: number, min: number, max: number, count = 3): DataPoint => ({
  t: new Date(ist(local)).toISOString(),
  value,
  count,
  min,
  max,
  provenance: 'measured',
});

const series = (points: DataPoint[], overrides: Partial<ReportSeries> = {}): ReportSeries => ({
  parameterId: 1,
  label: 'SO2',
  unit: 'mg/Nm3',
  deviceName: 'Analyser 1',
  isCounter: false,
  limit: 100,
  points,
  ...overrides,
});

const day = { fromMs: ist('2026-11-20T00:00:00'), toMs: ist('2026-11-21T00:00:00') };
const later = ist('2026-11-25T00:00:00');

describe('a report’s table', () => {
  const points = [
    point('2026-11-20T10:00:00', 100, 90, 110),
    point('2026-11-20T10:15:00', 130, 120, 140),
    point('2026-11-20T10:45:00', 50, 50, 50),
    point('2026-11-20T23:45:00', 10, 9, 11),
  ];

  it('gives each hour the lowest and highest reading, the mean of its 15-minute values, the values past the limit and the slots with data', () => {
    const table = tabulateSeries(series(points), { ...day, resolution: 'HOURLY', nowMs: later });
    expect(table.rows).toHaveLength(24);
    expect(table.rows[10]).toEqual({
      periodStart: ist('2026-11-20T10:00:00'),
      periodEnd: ist('2026-11-20T11:00:00'),
      min: 50,
      avg: 93.3333,
      max: 140,
      // 100 is within a limit of 100; 130 is past it.
      exceedances: 1,
      slotsWithData: 3,
      slotsExpected: 4,
      availability: 75,
    });
    expect(table.rows[9]).toMatchObject({
      min: null,
      avg: null,
      max: null,
      slotsWithData: 0,
      availability: 0,
    });
    expect(table.summary).toMatchObject({
      min: 9,
      max: 140,
      avg: 72.5,
      exceedances: 1,
      slotsWithData: 4,
      slotsExpected: 96,
      availability: 4.2,
    });
  });

  it('makes one row a day at daily resolution and one a slot at 15 minutes', () => {
    const daily = tabulateSeries(series(points), { ...day, resolution: 'DAILY', nowMs: later });
    expect(daily.rows).toEqual([daily.summary]);
    const slots = tabulateSeries(series(points), { ...day, resolution: 'MIN_15', nowMs: later });
    expect(slots.rows).toHaveLength(96);
    expect(slots.rows[41]).toMatchObject({ avg: 130, min: 120, max: 140, exceedances: 1, availability: 100 });
    expect(slots.rows[42]).toMatchObject({ avg: null, availability: 0 });
  });

  it('counts only slots that have ended: the hour in progress expects the slots before now', () => {
    const now = ist('2026-11-20T10:40:00');
    const table = tabulateSeries(series(points), { ...day, resolution: 'HOURLY', nowMs: now });
    // 10:00 and 10:15 have ended; 10:30 is in progress, and the 10:45 value is not counted.
    expect(table.rows).toHaveLength(11);
    expect(table.rows[10]).toMatchObject({ slotsExpected: 2, slotsWithData: 2, availability: 100, min: 90 });
    expect(table.summary.slotsExpected).toBe(42);
  });

  it('takes a counter’s 15-minute increases as its min and max, and has no limit without one', () => {
    const table = tabulateSeries(series(points, { isCounter: true, limit: null }), {
      ...day,
      resolution: 'HOURLY',
      nowMs: later,
    });
    expect(table.rows[10]).toMatchObject({ min: 50, max: 130, exceedances: 0 });
  });

  it('writes period times in India time with the offset', () => {
    expect(istDateTime(ist('2026-11-20T10:15:00'))).toBe('2026-11-20T10:15+05:30');
  });
});
