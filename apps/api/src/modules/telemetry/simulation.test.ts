import { describe, expect, it } from 'vitest';
import { IST_OFFSET_MS } from '@vayu/domain';
import {
  DEMO_OUTAGES,
  exceedanceAt,
  findDemoOutage,
  istHour,
  isCalibration,
  isGap,
  SLOT_MS,
  sendOffsetMs,
  sendsUntil,
  simulateValue,
  type SimulatedParameter,
} from './simulation.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Midnight IST at the start of a week the tests look at. */
const WEEK_START = Date.UTC(2026, 10, 16) - IST_OFFSET_MS;

type Kind = Omit<SimulatedParameter, 'deviceId'> & { range: [number, number] };

/** The demo devices' parameters, with the range a board would accept as plausible. */
const KINDS: Record<string, Kind> = {
  stackPm: { key: 'pm', label: 'PM', mtype: 'stack', stdUnit: 'mg/Nm3', limit: 50, range: [1, 75] },
  stackSo2: { key: 'so2', label: 'SO2', mtype: 'stack', stdUnit: 'mg/Nm3', limit: 100, range: [3, 150] },
  stackNox: { key: 'nox', label: 'NOx', mtype: 'stack', stdUnit: 'mg/Nm3', limit: 100, range: [3, 150] },
  stackCo: { key: 'co', label: 'CO', mtype: 'stack', stdUnit: 'mg/Nm3', limit: 100, range: [0, 150] },
  stackO2: { key: 'o2', label: 'O2', mtype: 'stack', stdUnit: '%', limit: null, range: [3, 20.9] },
  stackCo2: { key: 'co2', label: 'CO2', mtype: 'stack', stdUnit: '%', limit: null, range: [0.5, 20] },
  stackFlow: {
    key: 'stack_flow',
    label: 'Stack Flow',
    mtype: 'stack',
    stdUnit: 'm3/h',
    limit: null,
    range: [100_000, 300_000],
  },
  stackTemperature: {
    key: 'stack_temperature',
    label: 'Stack Temperature',
    mtype: 'stack',
    stdUnit: 'degC',
    limit: null,
    range: [100, 200],
  },
  ph: { key: 'ph', label: 'pH', mtype: 'etp', stdUnit: 'pH', limit: 8.5, range: [6, 10] },
  bod: { key: 'bod', label: 'BOD', mtype: 'etp', stdUnit: 'mg/L', limit: 30, range: [1, 45] },
  cod: { key: 'cod', label: 'COD', mtype: 'etp', stdUnit: 'mg/L', limit: 250, range: [10, 360] },
  tss: { key: 'tss', label: 'TSS', mtype: 'etp', stdUnit: 'mg/L', limit: 100, range: [2, 150] },
  pm25: {
    key: 'caaqms_pm2.5',
    label: 'CAAQMS PM2.5',
    mtype: 'caaqms',
    stdUnit: 'ug/m3',
    limit: 60,
    range: [2, 90],
  },
  pm10: {
    key: 'caaqms_pm10',
    label: 'CAAQMS PM10',
    mtype: 'caaqms',
    stdUnit: 'ug/m3',
    limit: 100,
    range: [4, 150],
  },
  no2: {
    key: 'caaqms_no2',
    label: 'CAAQMS NO2',
    mtype: 'caaqms',
    stdUnit: 'ug/m3',
    limit: 80,
    range: [1, 120],
  },
  noxPpb: {
    key: 'caaqms_nox',
    label: 'CAAQMS NOx',
    mtype: 'caaqms',
    stdUnit: 'ppb',
    limit: null,
    range: [1, 100],
  },
  windSpeed: {
    key: 'caaqms_wind_speed',
    label: 'CAAQMS Wind Speed',
    mtype: 'caaqms',
    stdUnit: 'm/s',
    limit: null,
    range: [0.1, 15],
  },
  windDirection: {
    key: 'caaqms_wind_direction',
    label: 'CAAQMS Wind Direction',
    mtype: 'caaqms',
    stdUnit: 'deg',
    limit: null,
    range: [0, 360],
  },
  airTemperature: {
    key: 'caaqms_temperature',
    label: 'CAAQMS Temperature',
    mtype: 'caaqms',
    stdUnit: 'degC',
    limit: null,
    range: [10, 45],
  },
};

const DEVICES = [3, 17, 42, 58, 101];
const of = (kind: Kind, deviceId: number): SimulatedParameter => ({ ...kind, deviceId });

/** A week of 15-minute values (slot start + the device's seconds), gaps left out. */
function week(parameter: SimulatedParameter) {
  const values: { ms: number; value: number; provenance: string }[] = [];
  for (let ms = WEEK_START; ms < WEEK_START + 7 * DAY; ms += SLOT_MS) {
    const time = ms + sendOffsetMs(parameter.deviceId);
    const simulated = simulateValue(parameter, time);
    if (simulated) values.push({ ms: time, ...simulated });
  }
  return values;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

describe('demo readings', () => {
  it('are the same for the same device, parameter and time, and differ between devices', () => {
    const so2 = of(KINDS.stackSo2!, 17);
    const time = WEEK_START + 3 * DAY + 5 * HOUR + 12_345;
    expect(simulateValue(so2, time)).toEqual(simulateValue({ ...so2 }, time));
    expect(week(so2)).toEqual(week(of(KINDS.stackSo2!, 17)));
    const other = week(of(KINDS.stackSo2!, 42));
    expect(other.map((r) => r.value)).not.toEqual(week(so2).map((r) => r.value));
  });

  it.each(Object.entries(KINDS))('%s stays in a plausible range over a week', (_, kind) => {
    for (const deviceId of DEVICES) {
      const measured = week(of(kind, deviceId)).filter((r) => r.provenance === 'measured');
      expect(measured.length).toBeGreaterThan(600);
      for (const reading of measured) {
        expect(reading.value, `${kind.key} of device ${deviceId}`).toBeGreaterThanOrEqual(kind.range[0]);
        expect(reading.value, `${kind.key} of device ${deviceId}`).toBeLessThanOrEqual(kind.range[1]);
      }
    }
  });

  it('keep effluent pH around 7.2 and under the limit outside short episodes', () => {
    const values = DEVICES.flatMap((id) => week(of(KINDS.ph!, id)));
    const normal = values.filter((r) => exceedanceAt(of(KINDS.ph!, 3), r.ms) === null).map((r) => r.value);
    expect(mean(normal)).toBeGreaterThan(6.9);
    expect(mean(normal)).toBeLessThan(7.5);
  });

  it('are higher in the day shift for stack gases, and peak morning and evening for ambient PM', () => {
    const byHour = (kind: Kind, from: number, to: number) =>
      mean(
        DEVICES.flatMap((id) =>
          week(of({ ...kind, limit: null }, id))
            .filter((r) => r.provenance === 'measured')
            .filter((r) => istHour(r.ms) >= from && istHour(r.ms) < to)
            .map((r) => r.value),
        ),
      );
    expect(byHour(KINDS.stackSo2!, 9, 15)).toBeGreaterThan(byHour(KINDS.stackSo2!, 0, 5) * 1.1);
    expect(byHour(KINDS.pm25!, 20, 23)).toBeGreaterThan(byHour(KINDS.pm25!, 13, 17) * 1.3);
    expect(byHour(KINDS.pm25!, 8, 10)).toBeGreaterThan(byHour(KINDS.pm25!, 13, 17) * 1.2);
  });

  it('exceed the standard limit in short episodes: every parameter with a limit now and then, rarely in all', () => {
    for (const kind of Object.values(KINDS).filter((k) => k.limit !== null)) {
      let episodes = 0;
      let above = 0;
      let total = 0;
      for (const deviceId of DEVICES) {
        const readings = week(of(kind, deviceId));
        total += readings.length;
        let wasAbove = false;
        for (const reading of readings) {
          const isAbove = reading.provenance === 'measured' && reading.value > kind.limit!;
          if (isAbove) above++;
          if (isAbove && !wasAbove) episodes++;
          wasAbove = isAbove;
        }
      }
      // About one episode in two or three days for each device's parameter: 5 devices over 7 days.
      expect(episodes, kind.key).toBeGreaterThanOrEqual(5);
      expect(episodes, kind.key).toBeLessThanOrEqual(35);
      expect(above / total, kind.key).toBeLessThan(0.05);
    }
  });

  it('leave gaps: single slots and short outages, a few percent of the slots', () => {
    for (const deviceId of DEVICES) {
      let missing = 0;
      let runs = 0;
      let longest = 0;
      let run = 0;
      for (let ms = WEEK_START; ms < WEEK_START + 7 * DAY; ms += SLOT_MS) {
        if (isGap(deviceId, ms + sendOffsetMs(deviceId))) {
          missing++;
          run++;
          if (run === 1) runs++;
          longest = Math.max(longest, run);
        } else run = 0;
      }
      expect(missing, `device ${deviceId}`).toBeGreaterThan(0);
      expect(missing / (7 * 96), `device ${deviceId}`).toBeLessThan(0.06);
      expect(runs).toBeGreaterThan(0);
      expect(longest).toBeLessThanOrEqual(6);
    }
    // Every parameter of a device misses the same slots: the device sent nothing.
    const gapTime = [...Array(7 * 96).keys()]
      .map((i) => WEEK_START + i * SLOT_MS + sendOffsetMs(42))
      .find((ms) => isGap(42, ms))!;
    expect(simulateValue(of(KINDS.stackSo2!, 42), gapTime)).toBeNull();
    expect(simulateValue(of(KINDS.stackO2!, 42), gapTime)).toBeNull();
  });

  it('zero-check each gas analyser every three days in working hours, sent as calibration', () => {
    for (const deviceId of DEVICES) {
      // One check in each three days: about 10 in 30 days.
      let checks = 0;
      for (let ms = WEEK_START; ms < WEEK_START + 30 * DAY; ms += SLOT_MS) {
        if (isCalibration(deviceId, ms)) checks++;
      }
      expect(checks).toBeGreaterThanOrEqual(9);
      expect(checks).toBeLessThanOrEqual(11);
      // In a week, one to three (a check that falls in a gap is not sent).
      const calibrations = week(of(KINDS.stackSo2!, deviceId)).filter((r) => r.provenance === 'calibration');
      expect(calibrations.length).toBeGreaterThanOrEqual(1);
      expect(calibrations.length).toBeLessThanOrEqual(3);
      for (const reading of calibrations) {
        expect(isCalibration(deviceId, reading.ms)).toBe(true);
        expect(istHour(reading.ms)).toBeGreaterThanOrEqual(10);
        expect(istHour(reading.ms)).toBeLessThan(16);
        expect(reading.value).toBeLessThan(2);
      }
      // The analyser's other gases are checked in the same slot; dust and effluent never are.
      for (const reading of calibrations) {
        expect(simulateValue(of(KINDS.stackO2!, deviceId), reading.ms)?.provenance).toBe('calibration');
      }
      expect(week(of(KINDS.stackPm!, deviceId)).some((r) => r.provenance === 'calibration')).toBe(false);
      expect(week(of(KINDS.cod!, deviceId)).some((r) => r.provenance === 'calibration')).toBe(false);
    }
  });

  it('keep one industry offline, one delayed and one ambient station delayed, so every freshness state shows', () => {
    const now = Date.UTC(2026, 10, 27, 9);
    const offline = findDemoOutage('Godavari Fertilizers and Chemicals', 'ETP Outlet');
    expect(offline?.kind).toBe('silent');
    expect(offline!.hours).toBeGreaterThan(8);
    expect(sendsUntil(offline, now)).toBeNull();
    const delayed = findDemoOutage('Vapi Agro Chemicals Pvt Ltd', 'ETP Outlet');
    expect(now - sendsUntil(delayed, now)!).toBeGreaterThanOrEqual(4 * HOUR);
    expect(now - sendsUntil(delayed, now)!).toBeLessThanOrEqual(8 * HOUR);
    expect(findDemoOutage('Tungabhadra Steel Ltd', 'CAAQMS Upwind')?.kind).toBe('lagging');
    expect(findDemoOutage('Tungabhadra Steel Ltd', 'Sinter Plant Stack')).toBeUndefined();
    expect(sendsUntil(findDemoOutage('Deccan Cement Works', 'Kiln / Raw Mill Stack'), now)).toBe(now);
    expect(DEMO_OUTAGES.every((outage) => outage.hours > 4)).toBe(true);
  });
});
