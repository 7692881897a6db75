import { z } from 'zod';

/**
 * Units readings arrive in and conversions between them. Gas concentrations
 * convert between volume ratios (ppm, ppb) and mass per volume with the
 * molecular weight and the molar volume: 24.45 L/mol at 25 °C and 1 atm
 * ("m³"), 22.41 L/mol at normal conditions, 0 °C and 1 atm ("Nm³").
 */

export const MOLAR_VOLUME_25C = 24.45;
export const MOLAR_VOLUME_NORMAL = 22.41;

/** Molecular weights (g/mol) of the gases boards ask for. */
export const MOLECULAR_WEIGHTS: Record<string, number> = {
  SO2: 64.07,
  NO2: 46.01,
  NO: 30.01,
  NOX: 46.01, // reported as NO2-equivalent
  CO: 28.01,
  NH3: 17.03,
  O3: 48.0,
  HCL: 36.46,
  HF: 20.01,
  CL2: 70.9,
  H2S: 34.08,
  CO2: 44.01,
};

export const UNITS = [
  { code: 'mg/Nm3', label: 'mg/Nm³', quantity: 'concentration' },
  { code: 'mg/m3', label: 'mg/m³', quantity: 'concentration' },
  { code: 'ug/m3', label: 'µg/m³', quantity: 'concentration' },
  { code: 'ppm', label: 'ppm', quantity: 'concentration' },
  { code: 'ppb', label: 'ppb', quantity: 'concentration' },
  { code: '%', label: '%', quantity: 'fraction' },
  { code: 'mg/L', label: 'mg/L', quantity: 'water-concentration' },
  { code: 'pH', label: 'pH', quantity: 'ph' },
  { code: 'm3/h', label: 'm³/h', quantity: 'flow' },
  { code: 'degC', label: '°C', quantity: 'temperature' },
  { code: 'Hazen', label: 'Hazen', quantity: 'colour' },
  { code: 'NTU', label: 'NTU', quantity: 'turbidity' },
  { code: 'm/s', label: 'm/s', quantity: 'speed' },
  { code: 'deg', label: 'degrees', quantity: 'direction' },
  { code: 'kWh', label: 'kWh', quantity: 'energy' },
  { code: 'kW', label: 'kW', quantity: 'power' },
  { code: 'kVA', label: 'kVA', quantity: 'apparent-power' },
  { code: 'V', label: 'V', quantity: 'voltage' },
  { code: 'A', label: 'A', quantity: 'current' },
  { code: 'Hz', label: 'Hz', quantity: 'frequency' },
  { code: 'kVAr', label: 'kVAr', quantity: 'reactive-power' },
  { code: 'kVAh', label: 'kVAh', quantity: 'apparent-energy' },
  { code: 'ratio', label: 'ratio (no unit)', quantity: 'ratio' },
  { code: 'kg/h', label: 'kg/h', quantity: 'mass-flow' },
  { code: 'm', label: 'm', quantity: 'length' },
  { code: 'uS/cm', label: 'µS/cm', quantity: 'conductivity' },
] as const;
export type UnitCode = (typeof UNITS)[number]['code'];

export class UnitConversionError extends Error {}

interface GasConditions {
  /** Needed between a volume ratio (ppm, ppb) and a mass per volume. */
  molecularWeight?: number;
}

/** Mass concentrations in mg per m³ at 25 °C, and the molar volume each unit refers to. */
const MASS_UNITS: Record<string, { toMg: number; molarVolume: number }> = {
  'mg/m3': { toMg: 1, molarVolume: MOLAR_VOLUME_25C },
  'ug/m3': { toMg: 0.001, molarVolume: MOLAR_VOLUME_25C },
  'mg/Nm3': { toMg: 1, molarVolume: MOLAR_VOLUME_NORMAL },
};
const RATIO_UNITS: Record<string, number> = { ppm: 1, ppb: 0.001 };

/**
 * Converts a reading between units. Mass units at different reference
 * conditions (m³ and Nm³) convert through the molar volume ratio; volume ratios
 * and mass units need the gas's molecular weight.
 */
export function convertUnit(value: number, from: string, to: string, gas: GasConditions = {}): number {
  if (from === to) return value;
  const fromMass = MASS_UNITS[from];
  const toMass = MASS_UNITS[to];
  const fromRatio = RATIO_UNITS[from];
  const toRatio = RATIO_UNITS[to];

  // Everything goes through ppm (a volume ratio, independent of conditions).
  let ppm: number;
  if (fromRatio !== undefined) ppm = value * fromRatio;
  else if (fromMass) {
    if (toMass) {
      // mass → mass: scale the amount, then the reference volume
      return (value * fromMass.toMg * (fromMass.molarVolume / toMass.molarVolume)) / toMass.toMg;
    }
    const mw = requireMolecularWeight(gas, from, to);
    ppm = (value * fromMass.toMg * fromMass.molarVolume) / mw;
  } else {
    throw new UnitConversionError(`Cannot convert from ${from}`);
  }

  if (toRatio !== undefined) return ppm / toRatio;
  if (toMass) {
    const mw = requireMolecularWeight(gas, from, to);
    return (ppm * mw) / toMass.molarVolume / toMass.toMg;
  }
  throw new UnitConversionError(`Cannot convert from ${from} to ${to}`);
}

function requireMolecularWeight(gas: GasConditions, from: string, to: string): number {
  if (gas.molecularWeight === undefined || !(gas.molecularWeight > 0)) {
    throw new UnitConversionError(`Converting ${from} to ${to} needs the gas's molecular weight`);
  }
  return gas.molecularWeight;
}

/** Whether two units can be converted into each other (with a molecular weight where needed). */
export function canConvert(from: string, to: string): boolean {
  if (from === to) return true;
  const known = (u: string) => u in MASS_UNITS || u in RATIO_UNITS;
  return known(from) && known(to);
}

/** The molecular weight of the gas a parameter measures, found from its label ("CAAQMS SO2", "NOx as NO2"). */
export function findMolecularWeight(label: string): number | undefined {
  const tokens = label.toUpperCase().split(/[^A-Z0-9]+/);
  // "NOx as NO2" is reported as NO2: the last gas named wins.
  for (let i = tokens.length - 1; i >= 0; i--) {
    const weight = MOLECULAR_WEIGHTS[tokens[i]!];
    if (weight !== undefined) return weight;
  }
  return undefined;
}

/**
 * The unit the Central Pollution Control Board's formats expect for a
 * parameter: stack gases in mg/Nm³, ambient air in µg/m³ (CO in mg/m³),
 * effluent in mg/L; anything else is reported in its standard unit.
 */
export function getCpcbUnit(parameter: { mtype: string; stdUnit: string | null }): string | null {
  const unit = parameter.stdUnit;
  if (!unit) return null;
  const isGas = unit in MASS_UNITS || unit in RATIO_UNITS;
  if (parameter.mtype === 'stack' && isGas) return 'mg/Nm3';
  if (parameter.mtype === 'caaqms' && isGas) return unit === 'mg/m3' ? 'mg/m3' : 'ug/m3';
  if (parameter.mtype === 'etp' && unit === 'mg/L') return 'mg/L';
  return unit;
}

export interface ParameterUnitOption {
  code: string;
  label: string;
  /** A reading in this unit times `toStandard` is the reading in the standard unit. */
  toStandard: number;
  isStandard: boolean;
  isCpcb: boolean;
  isSpcb: boolean;
}

export interface ParameterUnits {
  stdUnit: string | null;
  cpcbUnit: string | null;
  /** State boards take the CPCB formats unless a board's own mapping says otherwise. */
  spcbUnit: string | null;
  molecularWeight: number | null;
  /** Every unit a reading of this parameter may arrive in (the user units), standard first. */
  units: ParameterUnitOption[];
}

/**
 * The units a parameter's readings may arrive in and the factor that brings
 * each to the standard unit. Gas volume ratios (ppm, ppb) are offered only
 * when the gas, and so its molecular weight, is known from the label.
 */
export function getParameterUnits(parameter: {
  label: string;
  mtype: string;
  stdUnit: string | null;
}): ParameterUnits {
  const std = parameter.stdUnit;
  const molecularWeight = findMolecularWeight(parameter.label) ?? null;
  const cpcbUnit = getCpcbUnit(parameter);
  if (!std) return { stdUnit: null, cpcbUnit, spcbUnit: cpcbUnit, molecularWeight, units: [] };
  const gas = molecularWeight === null ? {} : { molecularWeight };
  const units: ParameterUnitOption[] = [];
  for (const unit of UNITS) {
    let toStandard: number;
    try {
      toStandard = unit.code === std ? 1 : convertUnit(1, unit.code, std, gas);
    } catch {
      continue;
    }
    units.push({
      code: unit.code,
      label: unit.label,
      toStandard,
      isStandard: unit.code === std,
      isCpcb: unit.code === cpcbUnit,
      isSpcb: unit.code === cpcbUnit,
    });
  }
  units.sort((a, b) => Number(b.isStandard) - Number(a.isStandard));
  return { stdUnit: std, cpcbUnit, spcbUnit: cpcbUnit, molecularWeight, units };
}

/** The answer of `GET /api/parameters/{id}/units`. */
export const parameterUnitsSchema = z.object({
  parameterId: z.number().int(),
  stdUnit: z.string().nullable(),
  cpcbUnit: z.string().nullable(),
  spcbUnit: z.string().nullable(),
  molecularWeight: z.number().nullable(),
  units: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      toStandard: z.number(),
      isStandard: z.boolean(),
      isCpcb: z.boolean(),
      isSpcb: z.boolean(),
    }),
  ),
});
export type ParameterUnitsAnswer = z.infer<typeof parameterUnitsSchema>;
