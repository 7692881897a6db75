import type { DataSeries } from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, readingsCsv, toCsv } from './readings-csv';

const series = (overrides: Partial<DataSeries>): DataSeries => ({
  deviceId: 9,
  deviceName: 'Kiln CEMS',
  parameterId: 31,
  key: 'so2',
  label: 'SO2',
  unit: 'mg/Nm3',
  aggregation: 'AVG',
  isDerived: false,
  points: [],
  ...overrides,
});

describe('csvField', () => {
  it('writes plain text and numbers as they are, and nothing for no value', () => {
    expect(csvField('SO2')).toBe('SO2');
    expect(csvField(42.5)).toBe('42.5');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling the quotes', () => {
    expect(csvField('Flow, stack 1')).toBe('"Flow, stack 1"');
    expect(csvField('The "main" stack')).toBe('"The ""main"" stack"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvField(' padded ')).toBe('" padded "');
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+91')).toBe("'+91");
    expect(csvField('-stack')).toBe("'-stack");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('toCsv', () => {
  it('joins fields with commas and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, null],
      ]),
    ).toBe('a,b\r\n1,\r\n');
  });
});

describe('readingsCsv', () => {
  it('has one row per parameter and slot with a value, slots in time order, after the header', () => {
    const csv = readingsCsv([
      series({
        points: [
          { t: '2026-11-27T10:15:00.000Z', value: 41, count: 3, min: 40, max: 42, provenance: 'measured' },
          {
            t: '2026-11-27T10:00:00.000Z',
            value: 38.25,
            count: 15,
            min: 30,
            max: 45,
            provenance: 'calibration',
          },
        ],
      }),
      series({
        parameterId: 32,
        key: 'flow',
        label: 'Flow, wet',
        unit: 'm3/h',
        points: [
          {
            t: '2026-11-27T10:00:00.000Z',
            value: 1200,
            count: 1,
            min: 1200,
            max: 1200,
            provenance: 'manual',
          },
        ],
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'time,parameter,value,unit,provenance,count',
      '2026-11-27T10:00:00.000Z,SO2,38.25,mg/Nm3,calibration,15',
      '2026-11-27T10:15:00.000Z,SO2,41,mg/Nm3,measured,3',
      '2026-11-27T10:00:00.000Z,"Flow, wet",1200,m3/h,manual,1',
      '',
    ]);
  });

  it('is the header alone when no values came', () => {
    expect(readingsCsv([series({})])).toBe('time,parameter,value,unit,provenance,count\r\n');
  });
});

describe('csvFileName', () => {
  it('keeps letters, digits, dots and dashes only', () => {
    expect(csvFileName('Kiln CEMS #1', '24h', '2026-11-26', '2026-11-27')).toBe(
      'Kiln-CEMS-1_24h_2026-11-26_2026-11-27.csv',
    );
    expect(csvFileName('चिमनी', '7d')).toBe('7d.csv');
    expect(csvFileName('')).toBe('readings.csv');
  });
});
