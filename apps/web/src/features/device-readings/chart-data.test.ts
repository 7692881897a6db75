import type { DataPoint } from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import { fillSlots, rangeWindow } from './chart-data';

const point = (t: string, value: number, provenance: DataPoint['provenance'] = 'measured'): DataPoint => ({
  t,
  value,
  count: 1,
  min: value,
  max: value,
  provenance,
});

describe('fillSlots', () => {
  it('has every 15-minute slot of the range, with no value where none came (a gap, not a line)', () => {
    const rows = fillSlots(
      [
        point('2026-11-27T10:00:00.000Z', 40),
        point('2026-11-27T10:15:00.000Z', 41),
        point('2026-11-27T11:00:00.000Z', 50, 'calibration'),
      ],
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T11:10:00.000Z',
      'minute_15',
    );
    expect(rows.map((row) => [row.t.slice(11, 16), row.value, row.provenance, row.isolated])).toEqual([
      ['10:00', 40, 'measured', false],
      ['10:15', 41, 'measured', false],
      ['10:30', null, null, false],
      ['10:45', null, null, false],
      // Gaps on both sides and at the end of the range: no line reaches it, so it is drawn as a dot.
      ['11:00', 50, 'calibration', true],
    ]);
  });

  it('places a point by the slot it falls in and leaves out what is outside the range', () => {
    const rows = fillSlots(
      [point('2026-11-27T10:07:00.000Z', 7), point('2026-11-27T09:00:00.000Z', 1)],
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T10:30:00.000Z',
      'minute_15',
    );
    expect(rows.map((row) => row.value)).toEqual([7, null]);
  });

  it('draws nothing for a range that ends before it starts', () => {
    expect(fillSlots([], '2026-11-27T10:00:00.000Z', '2026-11-27T10:00:00.000Z', 'minute_15')).toEqual([]);
    expect(fillSlots([], 'not a date', '2026-11-27T10:00:00.000Z', 'minute_15')).toEqual([]);
  });

  it('has 2,880 or 2,881 slots for 30 days', () => {
    const now = Date.parse('2026-11-27T10:07:00.000Z');
    const { startDate, endDate } = rangeWindow(30 * 24 * 3_600_000, 'minute_15', now);
    expect(fillSlots([], startDate, endDate, 'minute_15')).toHaveLength(2881);
  });
});

describe('rangeWindow', () => {
  it('ends now and starts at the start of the slot the range began in', () => {
    expect(rangeWindow(24 * 3_600_000, 'minute_15', Date.parse('2026-11-27T10:07:30.000Z'))).toEqual({
      startDate: '2026-11-26T10:00:00.000Z',
      endDate: '2026-11-27T10:07:30.000Z',
    });
  });
});
