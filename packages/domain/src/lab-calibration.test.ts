import { describe, expect, it } from 'vitest';
import {
  addCalibrationInterval,
  checksForParameter,
  classifyParameter,
  getCalibrationStanding,
  isCheckCoveredBy,
  labReportFieldsSchema,
} from './lab-calibration.js';

const at = (iso: string) => new Date(iso);
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);
const DAY = 24 * 60 * 60 * 1000;

describe('classifyParameter', () => {
  it.each([
    ['SO2', 'GAS'],
    ['NOx', 'GAS'],
    ['NOx as NO2', 'GAS'],
    ['NO', 'GAS'],
    ['CO2', 'GAS'],
    ['O2', 'GAS'],
    ['HCl', 'GAS'],
    ['Cl2', 'GAS'],
    ['CAAQMS O3', 'GAS'],
    ['CAAQMS Benzene', 'GAS'],
    ['H2S', 'GAS'],
    ['pH', 'PH'],
    ['Ground Water pH', 'PH'],
    ['Stack Temperature', 'TEMPERATURE'],
    ['CAAQMS Temperature', 'TEMPERATURE'],
    ['BOD', 'WATER_QUALITY'],
    ['COD', 'WATER_QUALITY'],
    ['TOC', 'WATER_QUALITY'],
    ['TSS', 'WATER_QUALITY'],
    ['PM', 'PARTICULATE'],
    ['CAAQMS PM2.5', 'PARTICULATE'],
    ['CAAQMS PM10', 'PARTICULATE'],
    ['Dust', 'PARTICULATE'],
  ] as const)('%s is %s', (label, expected) => {
    expect(classifyParameter(label)).toBe(expected);
  });

  it.each(['Stack Flow', 'Colour', 'Hg', 'Ammonical Nitrogen', 'CAAQMS Wind Speed', 'Energy kWh', 'Cobalt'])(
    '%s is not scheduled',
    (label) => {
      expect(classifyParameter(label)).toBeNull();
      expect(checksForParameter(label)).toEqual([]);
    },
  );

  it('gives gases a fortnightly two-point and a quarterly multipoint check', () => {
    expect(checksForParameter('SO2')).toEqual([
      { check: 'TWO_POINT', interval: 'FORTNIGHTLY' },
      { check: 'MULTIPOINT', interval: 'QUARTERLY' },
    ]);
    expect(checksForParameter('COD')).toEqual([{ check: 'TWO_POINT', interval: 'MONTHLY' }]);
    expect(checksForParameter('PM')).toEqual([{ check: 'MULTIPOINT', interval: 'QUARTERLY' }]);
  });

  it('counts a multipoint record as a two-point one, not the other way', () => {
    expect(isCheckCoveredBy('TWO_POINT', 'MULTIPOINT')).toBe(true);
    expect(isCheckCoveredBy('MULTIPOINT', 'TWO_POINT')).toBe(false);
  });
});

describe('addCalibrationInterval', () => {
  it('adds 14 days of 24 hours for a fortnight', () => {
    expect(addCalibrationInterval(at('2026-03-01T05:30:00.000Z'), 'FORTNIGHTLY').toISOString()).toBe(
      '2026-03-15T05:30:00.000Z',
    );
  });

  it('brings 31 January + 1 month back to the last day of February, keeping the IST time', () => {
    // 31 Jan 2026 11:00 IST
    expect(addCalibrationInterval(at('2026-01-31T05:30:00.000Z'), 'MONTHLY').toISOString()).toBe(
      '2026-02-28T05:30:00.000Z',
    );
    // a leap year: 29 February
    expect(addCalibrationInterval(at('2028-01-31T05:30:00.000Z'), 'MONTHLY').toISOString()).toBe(
      '2028-02-29T05:30:00.000Z',
    );
    // 29 Feb 2028 + 1 month stays the 29th
    expect(addCalibrationInterval(at('2028-02-29T05:30:00.000Z'), 'MONTHLY').toISOString()).toBe(
      '2028-03-29T05:30:00.000Z',
    );
  });

  it('counts months on the India calendar, not UTC', () => {
    // 31 Jan 2026 20:00 UTC is 1 Feb 01:30 IST: one month on is 1 Mar 01:30 IST
    expect(addCalibrationInterval(at('2026-01-31T20:00:00.000Z'), 'MONTHLY').toISOString()).toBe(
      '2026-02-28T20:00:00.000Z',
    );
    // 30 Nov 23:00 IST + 3 months = 28 Feb 23:00 IST (2027 is no leap year)
    expect(addCalibrationInterval(at('2026-11-30T17:30:00.000Z'), 'QUARTERLY').toISOString()).toBe(
      '2027-02-28T17:30:00.000Z',
    );
  });

  it('adds a quarter across the year end', () => {
    expect(addCalibrationInterval(at('2026-12-15T04:00:00.000Z'), 'QUARTERLY').toISOString()).toBe(
      '2027-03-15T04:00:00.000Z',
    );
  });
});

describe('getCalibrationStanding', () => {
  const done = at('2026-03-01T05:30:00.000Z');
  const due = at('2026-03-15T05:30:00.000Z');

  it('is NEVER without a record', () => {
    expect(getCalibrationStanding(null, 'FORTNIGHTLY', due)).toEqual({
      dueAt: null,
      dueFrom: null,
      marker: 'NEVER',
    });
  });

  it('is DUE at the exact due instant and OVERDUE one millisecond after', () => {
    expect(getCalibrationStanding(done, 'FORTNIGHTLY', due)).toMatchObject({ dueAt: due, marker: 'DUE' });
    expect(getCalibrationStanding(done, 'FORTNIGHTLY', ms(due, -1)).marker).toBe('DUE');
    expect(getCalibrationStanding(done, 'FORTNIGHTLY', ms(due, 1)).marker).toBe('OVERDUE');
  });

  it('starts DUE two days before a fortnightly check and a week before a monthly one', () => {
    const fortnightStart = ms(due, -2 * DAY);
    expect(getCalibrationStanding(done, 'FORTNIGHTLY', fortnightStart).marker).toBe('DUE');
    expect(getCalibrationStanding(done, 'FORTNIGHTLY', ms(fortnightStart, -1)).marker).toBe('OK');

    const monthDue = at('2026-04-01T05:30:00.000Z');
    const monthStart = ms(monthDue, -7 * DAY);
    const standing = getCalibrationStanding(done, 'MONTHLY', monthStart);
    expect(standing).toMatchObject({ dueAt: monthDue, dueFrom: monthStart, marker: 'DUE' });
    expect(getCalibrationStanding(done, 'MONTHLY', ms(monthStart, -1)).marker).toBe('OK');
  });

  it('is OK right after the check was done, and OVERDUE a quarter and a millisecond later', () => {
    expect(getCalibrationStanding(done, 'QUARTERLY', done).marker).toBe('OK');
    const quarterDue = at('2026-06-01T05:30:00.000Z');
    expect(getCalibrationStanding(done, 'QUARTERLY', quarterDue).marker).toBe('DUE');
    expect(getCalibrationStanding(done, 'QUARTERLY', ms(quarterDue, 1)).marker).toBe('OVERDUE');
  });

  it('makes a check done on 31 January overdue just after 28 February (monthly)', () => {
    const january = at('2026-01-31T05:30:00.000Z');
    const february = at('2026-02-28T05:30:00.000Z');
    expect(getCalibrationStanding(january, 'MONTHLY', february).marker).toBe('DUE');
    expect(getCalibrationStanding(january, 'MONTHLY', ms(february, 1)).marker).toBe('OVERDUE');
  });
});

describe('labReportFieldsSchema', () => {
  it('takes the upload fields as text and refuses a future sample date', () => {
    const parsed = labReportFieldsSchema.parse({
      monitoringPointId: '12',
      title: ' Quarterly stack sampling ',
      labName: '',
      sampledOn: '2026-01-15',
      comment: '',
    });
    expect(parsed).toEqual({
      monitoringPointId: 12,
      title: 'Quarterly stack sampling',
      labName: null,
      sampledOn: '2026-01-15',
      comment: null,
    });
    const future = labReportFieldsSchema.safeParse({
      monitoringPointId: 1,
      title: 'x',
      sampledOn: '2099-01-01',
    });
    expect(future.success).toBe(false);
    const unknown = labReportFieldsSchema.safeParse({
      monitoringPointId: 1,
      title: 'x',
      sampledOn: '2026-01-01',
      x: 1,
    });
    expect(unknown.success).toBe(false);
  });
});
