import { describe, expect, it } from 'vitest';
import { generateParameterIdentifiers, isCaaqmsLabelValid } from './parameters.js';
import {
  MOLECULAR_WEIGHTS,
  UnitConversionError,
  canConvert,
  convertUnit,
  findMolecularWeight,
  getParameterUnits,
} from './units.js';

describe('parameter identifiers from the label', () => {
  it.each([
    ['PM', { name: 'pm', paramKey: 'pm', paramMetric: 'pm' }],
    ['Stack Flow', { name: 'stack_flow', paramKey: 'stack_flow', paramMetric: 'stack.flow' }],
    ['  NOx  as NO2 ', { name: 'nox_as_no2', paramKey: 'nox_as_no2', paramMetric: 'nox.as.no2' }],
    ['PM-2.5', { name: 'pm2.5', paramKey: 'pm2.5', paramMetric: 'pm2.5' }],
    ['CAAQMS PM 10', { name: 'caaqms_pm_10', paramKey: 'caaqms_pm_10', paramMetric: 'caaqms.pm.10' }],
    ['', { name: '', paramKey: '', paramMetric: '' }],
  ])('%j', (label, expected) => {
    expect(generateParameterIdentifiers(label)).toEqual(expected);
  });

  it('needs more than the CAAQMS prefix: a label longer than 7 characters', () => {
    expect(isCaaqmsLabelValid('CAAQMS ')).toBe(false);
    expect(isCaaqmsLabelValid('CAAQMSX')).toBe(false);
    expect(isCaaqmsLabelValid('CAAQMS O')).toBe(true);
  });
});

describe('unit conversion (worked examples at 25 °C and at normal conditions)', () => {
  const so2 = { molecularWeight: MOLECULAR_WEIGHTS.SO2! };
  const no2 = { molecularWeight: MOLECULAR_WEIGHTS.NO2! };

  it('ppm ↔ mg/m³ uses 24.45 L/mol', () => {
    // 100 ppm SO2 = 100 × 64.07 / 24.45 = 262.04 mg/m³
    expect(convertUnit(100, 'ppm', 'mg/m3', so2)).toBeCloseTo(262.04, 2);
    expect(convertUnit(262.04, 'mg/m3', 'ppm', so2)).toBeCloseTo(100, 2);
  });

  it('ppm ↔ mg/Nm³ uses 22.41 L/mol', () => {
    // 100 ppm SO2 = 100 × 64.07 / 22.41 = 285.90 mg/Nm³
    expect(convertUnit(100, 'ppm', 'mg/Nm3', so2)).toBeCloseTo(285.9, 1);
    expect(convertUnit(285.9, 'mg/Nm3', 'ppm', so2)).toBeCloseTo(100, 1);
  });

  it('µg/m³ ↔ ppb and µg/m³ ↔ mg/m³', () => {
    // 40 µg/m³ NO2 = 40 × 24.45 / 46.01 = 21.26 ppb
    expect(convertUnit(40, 'ug/m3', 'ppb', no2)).toBeCloseTo(21.26, 2);
    expect(convertUnit(1500, 'ug/m3', 'mg/m3')).toBe(1.5);
    expect(convertUnit(2, 'mg/m3', 'ug/m3')).toBe(2000);
  });

  it('mg/m³ at 25 °C ↔ mg/Nm³ scales by the molar volumes', () => {
    expect(convertUnit(100, 'mg/m3', 'mg/Nm3')).toBeCloseTo((100 * 24.45) / 22.41, 6);
  });

  it('refuses what it cannot do', () => {
    expect(() => convertUnit(1, 'ppm', 'mg/m3')).toThrow(UnitConversionError);
    expect(() => convertUnit(1, 'pH', 'mg/L')).toThrow(UnitConversionError);
    expect(canConvert('ppm', 'ug/m3')).toBe(true);
    expect(canConvert('kWh', 'ppm')).toBe(false);
    expect(convertUnit(7.2, 'pH', 'pH')).toBe(7.2);
  });
});

describe("the units a parameter's readings may arrive in", () => {
  it('a stack gas in mg/Nm³ takes ppm through its molecular weight, and CPCB wants mg/Nm³', () => {
    const units = getParameterUnits({ label: 'SO2', mtype: 'stack', stdUnit: 'mg/Nm3' });
    expect(units.molecularWeight).toBe(MOLECULAR_WEIGHTS.SO2);
    expect(units.cpcbUnit).toBe('mg/Nm3');
    expect(units.spcbUnit).toBe('mg/Nm3');
    expect(units.units[0]).toMatchObject({ code: 'mg/Nm3', toStandard: 1, isStandard: true, isCpcb: true });
    const ppm = units.units.find((u) => u.code === 'ppm')!;
    // 100 ppm SO2 is 285.9 mg/Nm³ (worked example above)
    expect(100 * ppm.toStandard).toBeCloseTo(285.9, 1);
    expect(units.units.find((u) => u.code === 'ug/m3')!.toStandard).toBeCloseTo((0.001 * 24.45) / 22.41, 9);
  });

  it('without a known gas, volume ratios are not offered', () => {
    const units = getParameterUnits({ label: 'PM', mtype: 'stack', stdUnit: 'mg/Nm3' });
    expect(units.molecularWeight).toBeNull();
    expect(units.units.map((u) => u.code)).toEqual(['mg/Nm3', 'mg/m3', 'ug/m3']);
  });

  it('ambient air is reported to CPCB in µg/m³, carbon monoxide in mg/m³', () => {
    expect(getParameterUnits({ label: 'CAAQMS NOx', mtype: 'caaqms', stdUnit: 'ppb' }).cpcbUnit).toBe(
      'ug/m3',
    );
    expect(getParameterUnits({ label: 'CAAQMS CO', mtype: 'caaqms', stdUnit: 'mg/m3' }).cpcbUnit).toBe(
      'mg/m3',
    );
  });

  it('a unit with no conversion offers itself only; no unit offers none', () => {
    expect(getParameterUnits({ label: 'pH', mtype: 'etp', stdUnit: 'pH' }).units.map((u) => u.code)).toEqual([
      'pH',
    ]);
    expect(getParameterUnits({ label: 'Note', mtype: 'general', stdUnit: null }).units).toEqual([]);
  });

  it('finds the gas as a whole word, the last one named', () => {
    expect(findMolecularWeight('NOx as NO2')).toBe(MOLECULAR_WEIGHTS.NO2);
    expect(findMolecularWeight('CAAQMS NH3')).toBe(MOLECULAR_WEIGHTS.NH3);
    expect(findMolecularWeight('COD')).toBeUndefined();
    expect(findMolecularWeight('Colour')).toBeUndefined();
  });
});
