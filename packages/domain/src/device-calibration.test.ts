import { describe, expect, it } from 'vitest';
import {
  CLOCK_SKEW_MS,
  calibrationBodySchema,
  calibrationFilePathName,
  deviceActionBodySchema,
  documentPathName,
  parseRecordPathName,
} from './device-calibration.js';
import { CALIBRATION_MESSAGES } from './area-messages.js';

const issuesOf = (input: unknown) => {
  const result = calibrationBodySchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('calibrationBodySchema', () => {
  it('reads the form’s text parts: numbers as numbers, moments in UTC, empty parts as null', () => {
    const body = calibrationBodySchema.parse({
      deviceId: '7',
      modelId: '',
      offset: '-0.2',
      span: '401.3',
      coefficients: ' a0=0.01; a1=1.002 ',
      wavelength: '4260',
      lastCalibration: '2026-03-01T10:00:00+05:30',
      lastClean: '',
      comment: '',
      date: '2026-03-10T11:42:00+05:30',
      signalStrength: '87.5',
    });
    expect(body).toEqual({
      deviceId: 7,
      modelId: null,
      offset: -0.2,
      span: 401.3,
      coefficients: 'a0=0.01; a1=1.002',
      wavelength: 4260,
      lastCalibration: '2026-03-01T04:30:00.000Z',
      lastClean: null,
      comment: null,
      date: '2026-03-10T06:12:00.000Z',
      signalStrength: 87.5,
      // Not sent: a two-point check of every parameter of the device.
      checkKind: 'TWO_POINT',
      parameterIds: null,
    });
  });

  it('reads the check kind and the parameters covered (a list, or digits joined by commas)', () => {
    const base = { deviceId: 7, date: '2026-03-10T11:42:00+05:30' };
    expect(
      calibrationBodySchema.parse({ ...base, checkKind: 'MULTIPOINT', parameterIds: '4, 9' }),
    ).toMatchObject({ checkKind: 'MULTIPOINT', parameterIds: [4, 9] });
    expect(calibrationBodySchema.parse({ ...base, checkKind: '', parameterIds: [] })).toMatchObject({
      checkKind: 'TWO_POINT',
      parameterIds: null,
    });
    expect(calibrationBodySchema.safeParse({ ...base, parameterIds: '4,4' }).success).toBe(false);
    expect(calibrationBodySchema.safeParse({ ...base, parameterIds: '4,x' }).success).toBe(false);
    expect(calibrationBodySchema.safeParse({ ...base, checkKind: 'THREE_POINT' }).success).toBe(false);
  });

  it('needs the device and the date, and no date in the future beyond a clock’s few minutes', () => {
    expect(issuesOf({})).toEqual(['deviceId: This field is required', 'date: This field is required']);
    expect(issuesOf({ deviceId: 7, date: hoursFromNow(1) })).toEqual([
      `date: ${CALIBRATION_MESSAGES.future}`,
    ]);
    expect(issuesOf({ deviceId: 7, date: new Date(Date.now() + CLOCK_SKEW_MS / 2).toISOString() })).toEqual(
      [],
    );
    expect(issuesOf({ deviceId: 7, date: '1999-12-31T23:59:59Z' })).toEqual([
      `date: ${CALIBRATION_MESSAGES.tooEarly}`,
    ]);
    expect(issuesOf({ deviceId: 7, date: '10/03/2026' })).toEqual([`date: ${CALIBRATION_MESSAGES.moment}`]);
    // A moment without its offset could be any of a day's 24 hours.
    expect(issuesOf({ deviceId: 7, date: '2026-03-10T11:42:00' })).toEqual([
      `date: ${CALIBRATION_MESSAGES.moment}`,
    ]);
    expect(issuesOf({ deviceId: 7, date: hoursFromNow(-1), lastClean: hoursFromNow(24) })).toEqual([
      `lastClean: ${CALIBRATION_MESSAGES.future}`,
    ]);
  });

  it('keeps the numbers in their ranges and refuses what is not a number', () => {
    const base = { deviceId: 7, date: hoursFromNow(-1) };
    expect(issuesOf({ ...base, signalStrength: 100.5 })).toEqual([
      'signalStrength: Signal strength (%) must be between 0 and 100',
    ]);
    expect(issuesOf({ ...base, wavelength: 0 })).toEqual([
      'wavelength: Wavelength (nm) must be between 1 and 100000',
    ]);
    expect(issuesOf({ ...base, offset: 'NaN', span: 'Infinity' })).toEqual([
      'offset: Must be a number',
      'span: Must be a number',
    ]);
    expect(issuesOf({ ...base, modelId: '1e3' })).toEqual(['modelId: Must be a number']);
    expect(issuesOf({ ...base, deviceId: '99999999999' })).toHaveLength(1);
    expect(issuesOf({ ...base, colour: 'blue' })).toHaveLength(1);
  });
});

describe('deviceActionBodySchema', () => {
  it('takes an auto clean or a calibrate request only', () => {
    expect(deviceActionBodySchema.parse({ action: 'AUTO_CLEAN' })).toEqual({ action: 'AUTO_CLEAN' });
    expect(deviceActionBodySchema.safeParse({ action: 'REBOOT' }).success).toBe(false);
    expect(deviceActionBodySchema.safeParse({ action: 'CALIBRATE', result: 'DONE' }).success).toBe(false);
  });
});

describe('parseRecordPathName', () => {
  it('reads the path names the API gives out, and nothing else', () => {
    expect(parseRecordPathName(documentPathName(12, 340))).toEqual({
      kind: 'document',
      deviceId: 12,
      recordId: 340,
    });
    expect(parseRecordPathName(calibrationFilePathName(12, 9))).toEqual({
      kind: 'calibration',
      deviceId: 12,
      recordId: 9,
    });
    for (const other of [
      '',
      'device-documents/12',
      'device-documents/12/0',
      'device-documents/012/3',
      'device-documents/12/3/../4',
      '../device-documents/12/3',
      'device-documents/12/3 ',
      'logos/12/3',
      'device-documents/2147483648/1',
      'device-documents/1/99999999999',
    ]) {
      expect(parseRecordPathName(other), other).toBeNull();
    }
  });
});
