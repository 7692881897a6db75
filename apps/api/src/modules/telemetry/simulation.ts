import { IST_OFFSET_MS } from '@vayu/domain';

/**
 * Demo readings: what the analysers at the demo plants would send, made up
 * deterministically from the device, the parameter and the time (the same
 * inputs always give the same value, so the seeded history and the live
 * simulator agree and tests can rely on it; nothing here is random).
 *
 * Each parameter follows a profile of its kind, in its standard unit: stack
 * gases and dust in mg/Nm³ that rise with the plant's load in the day shift,
 * flue gas O2 that falls as the load rises, effluent pH around 7.2 with BOD,
 * COD and TSS below their discharge standards, ambient PM2.5/PM10 in µg/m³
 * with a morning and an evening peak, ozone in the afternoon, wind and
 * weather. On top of the profile:
 * - a short exceedance episode above the parameter's standard limit now and
 *   then (about every two or three days for each parameter with a limit);
 * - gaps: 15-minute slots in which a device sends nothing, alone or as a
 *   short outage of its link;
 * - a zero check of each gas analyser every three days, sent with the
 *   provenance `calibration`.
 */

export const SLOT_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const SLOTS_PER_DAY = DAY_MS / SLOT_MS;

/** What the generator needs to know of one parameter of one device. */
export interface SimulatedParameter {
  deviceId: number;
  /** The catalogue's key (`so2`, `caaqms_pm2.5`). */
  key: string;
  label: string;
  /** Where it is measured: stack, etp, caaqms, ground water, energy, general. */
  mtype: string;
  /** The unit the values are made in (the parameter's standard unit). */
  stdUnit: string | null;
  /** The standard's limit in the standard unit, when one applies. */
  limit: number | null;
}

export interface SimulatedValue {
  /** In the parameter's standard unit. */
  value: number;
  provenance: 'measured' | 'calibration';
}

// ---------------------------------------------------------------------------
// Deterministic noise

/** A 32-bit mix of two integers (the finaliser of MurmurHash3 over their combination). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b + 0x9e3779b9, 0x85ebca6b), 0xcc9e2d51);
  h ^= h >>> 15;
  h = Math.imul(h, 0x1b873593);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) from any list of integers. */
function uniform(...parts: number[]): number {
  let h = 0x2545f491;
  for (const part of parts) h = mix(h, part | 0);
  return h / 0x1_0000_0000;
}

/** FNV-1a of a string: the parameter's part of the seed. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Noise in [-1, 1] that changes smoothly over `period` (values at each period's start, eased between). */
function smoothNoise(seed: number, ms: number, period: number): number {
  const position = ms / period;
  const index = Math.floor(position);
  const fraction = position - index;
  const a = uniform(seed, index) * 2 - 1;
  const b = uniform(seed, index + 1) * 2 - 1;
  const eased = (1 - Math.cos(fraction * Math.PI)) / 2;
  return a + (b - a) * eased;
}

/** Streams of the seed, so that gaps, episodes and values never reuse the same numbers. */
const STREAM = { hourly: 1, daily: 2, jitter: 3, gap: 4, outage: 5, calibration: 6, episode: 7, weekly: 8 };

// ---------------------------------------------------------------------------
// Time of day (India Standard Time)

/** Hours since midnight IST, with fractions. */
export function istHour(ms: number): number {
  return ((((ms + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

/** The IST day a time falls in (days since 1970-01-01 IST). */
const istDay = (ms: number) => Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
const slotOf = (ms: number) => Math.floor(ms / SLOT_MS);

/** A bump centred on `centre` o'clock, `width` hours wide, wrapping over midnight. */
function peak(hour: number, centre: number, width: number): number {
  let distance = Math.abs(hour - centre);
  if (distance > 12) distance = 24 - distance;
  return Math.exp(-((distance / width) ** 2));
}

/** The plant's load: lower at night, highest in the day shift (06:00–14:00) and into the afternoon. */
const plantLoad = (hour: number) => 1 + 0.13 * Math.cos((2 * Math.PI * (hour - 12)) / 24);
/** City air: traffic and cooking in the morning and the evening, mixing clears it in the afternoon. */
const ambientPattern = (hour: number) =>
  0.85 + 0.45 * peak(hour, 9, 1.8) + 0.6 * peak(hour, 21, 2.4) - 0.25 * peak(hour, 15, 3);
/** Ozone forms in sunlight: a peak after midday. */
const ozonePattern = (hour: number) => 0.45 + 1.1 * peak(hour, 14.5, 3);
/** Air temperature: coolest before dawn, warmest mid-afternoon. */
const airTemperature = (hour: number) => 1 + 0.2 * Math.cos((2 * Math.PI * (hour - 14.5)) / 24);
/** Wind picks up in the afternoon. */
const windPattern = (hour: number) => 0.6 + 0.9 * peak(hour, 15, 4);

// ---------------------------------------------------------------------------
// Profiles

interface Profile {
  /** The typical value in the standard unit. */
  base: number;
  /** A multiplier of `base` by the hour of day (IST). */
  shape?: (hour: number) => number;
  /** Amplitudes of the noise: smooth over hours and over days, and from one reading to the next. */
  hourly: number;
  daily: number;
  jitter: number;
  /** Noise as a fraction of the value (concentrations) or in the unit itself (pH, temperatures). */
  relative: boolean;
  min: number;
  max: number;
  decimals: number;
  /** A gas measured by an analyser that is zero-checked with calibration gas. */
  isGas: boolean;
  /** Wraps around (wind direction). */
  isAngle?: boolean;
  /** A running total (energy meters). */
  isCounter?: boolean;
}

const concentration = (
  base: number,
  options: Partial<Profile> & { shape?: (hour: number) => number } = {},
): Profile => ({
  base,
  hourly: 0.14,
  daily: 0.1,
  jitter: 0.03,
  relative: true,
  min: base * 0.05,
  max: base * 8,
  decimals: base >= 20 ? 1 : base >= 1 ? 2 : 3,
  isGas: false,
  ...options,
});

const level = (
  base: number,
  noise: { hourly: number; daily: number; jitter: number },
  range: [number, number],
  decimals: number,
  options: Partial<Profile> = {},
): Profile => ({
  base,
  ...noise,
  relative: false,
  min: range[0],
  max: range[1],
  decimals,
  isGas: false,
  ...options,
});

/** Typical stack gas concentrations (mg/Nm³, or ppm for NO and NO2) where no standard sets the scale. */
const STACK_GAS_TYPICAL: Record<string, number> = {
  so2: 110,
  nox: 160,
  nox_as_no2: 160,
  no: 70,
  no2: 6,
  co: 45,
  hcl: 12,
  hf: 1.2,
  nh3: 9,
  cl2: 4,
  hg: 0.02,
};

/** Typical ambient concentrations (µg/m³, CO in mg/m³, NOx in ppb) where no standard sets the scale. */
const AMBIENT_TYPICAL: Record<string, number> = {
  'pm2.5': 38,
  pm10: 75,
  so2: 14,
  no2: 28,
  nox: 26,
  o3: 38,
  co: 0.9,
  nh3: 22,
  benzene: 1.8,
};

/** Where a standard applies, values sit around this share of it (the plant complies most of the time). */
const SHARE_OF_LIMIT = 0.5;

function scaled(limit: number | null, typical: number, share = SHARE_OF_LIMIT) {
  return limit !== null && limit > 0 ? limit * share : typical;
}

/** The profile of a parameter, from where it is measured and what it is. */
export function profileOf(
  parameter: Pick<SimulatedParameter, 'key' | 'label' | 'mtype' | 'stdUnit' | 'limit'>,
): Profile {
  const key = parameter.key
    .trim()
    .toLowerCase()
    .replace(/^caaqms_/, '');
  const label = parameter.label.toLowerCase();
  const { limit, stdUnit } = parameter;

  if (parameter.mtype === 'stack') {
    if (key === 'pm' || label.includes('particulate')) {
      return concentration(scaled(limit, 28), { shape: plantLoad, hourly: 0.16 });
    }
    if (key === 'o2') {
      return level(9.5, { hourly: 0.5, daily: 0.3, jitter: 0.08 }, [3, 20.9], 2, {
        shape: (hour) => 2 - plantLoad(hour),
        isGas: true,
      });
    }
    if (key === 'co2') {
      return level(9, { hourly: 0.45, daily: 0.3, jitter: 0.06 }, [0.5, 20], 2, {
        shape: plantLoad,
        isGas: true,
      });
    }
    if (label.includes('flow')) {
      return concentration(185_000, {
        shape: plantLoad,
        hourly: 0.05,
        daily: 0.04,
        jitter: 0.01,
        decimals: 0,
      });
    }
    if (label.includes('temperature')) {
      return level(145, { hourly: 4, daily: 3, jitter: 0.6 }, [60, 400], 1, { shape: plantLoad });
    }
    const typical = STACK_GAS_TYPICAL[key];
    if (typical !== undefined) {
      return concentration(scaled(limit, typical, key === 'co' ? 0.35 : SHARE_OF_LIMIT), {
        shape: plantLoad,
        isGas: true,
      });
    }
  }

  if (parameter.mtype === 'etp') {
    if (key === 'ph') return level(7.2, { hourly: 0.18, daily: 0.12, jitter: 0.03 }, [5, 10.5], 2);
    if (key === 'bod') return concentration(scaled(limit, 18, 0.55), { hourly: 0.1, daily: 0.12 });
    if (key === 'cod') return concentration(scaled(limit, 140, 0.55), { hourly: 0.1, daily: 0.12 });
    if (key === 'tss') return concentration(scaled(limit, 45, 0.45), { hourly: 0.12, daily: 0.12 });
    if (key === 'toc') return concentration(42, { hourly: 0.1, daily: 0.1 });
    if (label.includes('ammonical')) return concentration(scaled(limit, 18, 0.4), { hourly: 0.1 });
    if (label.includes('flow')) {
      return concentration(60, { shape: plantLoad, hourly: 0.12, daily: 0.06, jitter: 0.02, decimals: 1 });
    }
    if (label.includes('temperature'))
      return level(31, { hourly: 0.8, daily: 0.6, jitter: 0.1 }, [15, 50], 1);
    if (label.includes('colour')) return concentration(40, { hourly: 0.1, decimals: 0 });
  }

  if (parameter.mtype === 'caaqms') {
    if (key === 'wind_speed') {
      return concentration(2.4, {
        shape: windPattern,
        hourly: 0.35,
        daily: 0.2,
        jitter: 0.1,
        min: 0.1,
        max: 15,
      });
    }
    if (key === 'wind_direction') {
      return level(240, { hourly: 35, daily: 30, jitter: 8 }, [0, 360], 0, { isAngle: true });
    }
    if (key === 'temperature') {
      return level(27, { hourly: 0.8, daily: 1.5, jitter: 0.1 }, [2, 48], 1, { shape: airTemperature });
    }
    if (key === 'relative_humidity') {
      return level(62, { hourly: 5, daily: 6, jitter: 0.8 }, [12, 100], 0, {
        shape: (hour) => 2 - airTemperature(hour),
      });
    }
    const typical = AMBIENT_TYPICAL[key];
    if (typical !== undefined) {
      const isParticulate = key === 'pm2.5' || key === 'pm10';
      return concentration(scaled(limit, typical, isParticulate ? 0.5 : 0.3), {
        shape: key === 'o3' ? ozonePattern : ambientPattern,
        hourly: 0.16,
        daily: 0.15,
        jitter: 0.04,
        isGas: !isParticulate,
      });
    }
  }

  if (parameter.mtype === 'ground water') {
    if (label.includes('level')) return level(14, { hourly: 0.05, daily: 0.2, jitter: 0.01 }, [0, 200], 2);
    if (label.includes('ph')) return level(7.4, { hourly: 0.05, daily: 0.08, jitter: 0.01 }, [5, 10], 2);
    if (label.includes('conductivity')) return concentration(900, { hourly: 0.02, daily: 0.04, decimals: 0 });
  }

  if (parameter.mtype === 'energy') {
    if (stdUnit === 'kWh') return { ...concentration(850, { decimals: 1 }), isCounter: true };
    if (stdUnit === 'ratio') return level(0.92, { hourly: 0.02, daily: 0.01, jitter: 0.005 }, [0.5, 1], 3);
    if (stdUnit === 'V') return level(415, { hourly: 4, daily: 3, jitter: 0.8 }, [360, 460], 1);
    if (stdUnit === 'Hz') return level(50, { hourly: 0.05, daily: 0.02, jitter: 0.01 }, [49, 51], 2);
    if (stdUnit === 'A') return concentration(1200, { shape: plantLoad, hourly: 0.06, decimals: 0 });
    if (stdUnit === 'kW' || stdUnit === 'kVA' || stdUnit === 'kVAr') {
      return concentration(stdUnit === 'kW' ? 850 : 930, { shape: plantLoad, hourly: 0.06, decimals: 1 });
    }
  }

  // Anything else (diagnostics, parameters added later): a steady value of its unit.
  if (stdUnit === 'pH') return level(7.2, { hourly: 0.15, daily: 0.1, jitter: 0.02 }, [0, 14], 2);
  if (stdUnit === 'degC') return level(40, { hourly: 1, daily: 0.8, jitter: 0.1 }, [-10, 200], 1);
  if (stdUnit === '%') return level(82, { hourly: 2, daily: 1.5, jitter: 0.3 }, [0, 100], 1);
  return concentration(scaled(limit, 10));
}

// ---------------------------------------------------------------------------
// Events: gaps, calibration, exceedance episodes

/** Share of 15-minute slots a device misses on its own. */
const MISSED_SLOT_SHARE = 0.01;
/** Chance that a device's link drops for a while on a given day, and how long (slots). */
const OUTAGE_DAY_SHARE = 0.25;
const OUTAGE_SLOTS: [number, number] = [2, 6];
/** Chance that a parameter with a limit exceeds it on a given day, and how long (slots). */
const EPISODE_DAY_SHARE = 0.4;
const EPISODE_SLOTS: [number, number] = [2, 5];
/** Gas analysers are zero-checked once in this many days, in working hours. */
const CALIBRATION_EVERY_DAYS = 3;

const between = (u: number, [low, high]: [number, number]) => low + Math.floor(u * (high - low + 1));

/** Whether a device sends nothing at this time: a slot it missed, or its link down for a while. */
export function isGap(deviceId: number, ms: number): boolean {
  const slot = slotOf(ms);
  if (uniform(deviceId, STREAM.gap, slot) < MISSED_SLOT_SHARE) return true;
  const day = istDay(ms);
  if (uniform(deviceId, STREAM.outage, day) >= OUTAGE_DAY_SHARE) return false;
  const length = between(uniform(deviceId, STREAM.outage, day, 1), OUTAGE_SLOTS);
  const first =
    slotOf(day * DAY_MS - IST_OFFSET_MS) +
    Math.floor(uniform(deviceId, STREAM.outage, day, 2) * (SLOTS_PER_DAY - length));
  return slot >= first && slot < first + length;
}

/** Whether the device's gas analyser is being zero-checked in this slot (one slot every few days, 10:00–16:00 IST). */
export function isCalibration(deviceId: number, ms: number): boolean {
  const day = istDay(ms);
  const block = Math.floor(day / CALIBRATION_EVERY_DAYS);
  const chosenDay =
    block * CALIBRATION_EVERY_DAYS +
    Math.floor(uniform(deviceId, STREAM.calibration, block) * CALIBRATION_EVERY_DAYS);
  if (day !== chosenDay) return false;
  const slotInDay = 40 + Math.floor(uniform(deviceId, STREAM.calibration, block, 1) * 24);
  return slotOf(ms) === slotOf(day * DAY_MS - IST_OFFSET_MS) + slotInDay;
}

/** How far above its limit a parameter is at this time (1.06–1.36 × the limit), or null outside an episode. */
export function exceedanceAt(parameter: SimulatedParameter, ms: number): number | null {
  if (parameter.limit === null || !(parameter.limit > 0)) return null;
  const seed = mix(parameter.deviceId, hashText(parameter.key));
  const day = istDay(ms);
  if (uniform(seed, STREAM.episode, day) >= EPISODE_DAY_SHARE) return null;
  const length = between(uniform(seed, STREAM.episode, day, 1), EPISODE_SLOTS);
  const first =
    slotOf(day * DAY_MS - IST_OFFSET_MS) +
    Math.floor(uniform(seed, STREAM.episode, day, 2) * (SLOTS_PER_DAY - length));
  const slot = slotOf(ms);
  if (slot < first || slot >= first + length) return null;
  return 1.06 + 0.3 * uniform(seed, STREAM.episode, day, 3);
}

// ---------------------------------------------------------------------------
// Values

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** The profile's value at a time, before events. */
function profileValue(profile: Profile, seed: number, ms: number): number {
  if (profile.isCounter) {
    // Energy used since 2026 began at about the profile's power: a total that only grows.
    const hours = (ms - Date.UTC(2026, 0, 1)) / HOUR_MS;
    return Math.max(0, hours * profile.base);
  }
  const shape = profile.shape ? profile.shape(istHour(ms)) : 1;
  const noise =
    profile.hourly * smoothNoise(mix(seed, STREAM.hourly), ms, HOUR_MS) +
    profile.daily * smoothNoise(mix(seed, STREAM.daily), ms, DAY_MS) +
    profile.jitter * (uniform(seed, STREAM.jitter, Math.floor(ms / 1000)) * 2 - 1);
  const value = profile.relative ? profile.base * shape * (1 + noise) : profile.base * shape + noise;
  if (profile.isAngle) return ((value % 360) + 360) % 360;
  return Math.min(profile.max, Math.max(profile.min, value));
}

/**
 * What the device sends for the parameter at `ms`, in the standard unit; null
 * when the device sends nothing then (a gap). Its zero checks come with the
 * provenance `calibration`.
 */
export function simulateValue(parameter: SimulatedParameter, ms: number): SimulatedValue | null {
  if (isGap(parameter.deviceId, ms)) return null;
  const profile = profileOf(parameter);
  const seed = mix(parameter.deviceId, hashText(parameter.key));
  if (profile.isGas && isCalibration(parameter.deviceId, ms)) {
    // Zero gas: the analyser reads close to nothing.
    const zero = profile.base * 0.01 * uniform(seed, STREAM.jitter, Math.floor(ms / 1000), 1);
    return { value: round(zero, profile.decimals), provenance: 'calibration' };
  }
  let value = profileValue(profile, seed, ms);
  const episode = profile.isCounter || profile.isAngle ? null : exceedanceAt(parameter, ms);
  if (episode !== null && parameter.limit !== null) {
    const jitter = 0.02 * (uniform(seed, STREAM.jitter, Math.floor(ms / 1000), 2) * 2 - 1);
    // A concentration goes 6–36 % over its limit; a level (pH) a few tenths of a unit.
    value = profile.relative
      ? parameter.limit * episode * (1 + jitter)
      : parameter.limit + (episode - 1) * 2 + jitter;
  }
  return { value: round(value, profile.decimals), provenance: 'measured' };
}

/** A value in the unit a device sends in, from one in the standard unit (six significant digits). */
export const inSendingUnit = (valueStd: number, toStandard: number) =>
  toStandard === 1 ? valueStd : Number((valueStd / toStandard).toPrecision(6));

// ---------------------------------------------------------------------------
// The demo plants that do not send live

/**
 * Demo industries (or one monitoring point of one) whose data does not come
 * in live, so that every freshness state shows: `silent` sent nothing for
 * the last `hours` (before the history was made) and sends nothing now;
 * `lagging` sends, but its readings arrive `hours` late (a gateway
 * forwarding its buffer over a slow link), so it stays DELAYED.
 */
export interface DemoOutage {
  industry: string;
  /** One monitoring point of the industry; absent: all of them. */
  point?: string;
  kind: 'silent' | 'lagging';
  hours: number;
}

export const DEMO_OUTAGES: readonly DemoOutage[] = [
  // Shut down since yesterday: OFFLINE.
  { industry: 'Godavari Fertilizers and Chemicals', kind: 'silent', hours: 30 },
  // Closed by the board a few days ago.
  { industry: 'Saurashtra Dyes & Intermediates', kind: 'silent', hours: 100 },
  { industry: 'Ranipet Leather Processors', kind: 'silent', hours: 124 },
  { industry: 'Kanpur Tanners Cooperative', kind: 'silent', hours: 76 },
  // The whole plant 6 hours behind: DELAYED.
  { industry: 'Vapi Agro Chemicals Pvt Ltd', kind: 'lagging', hours: 6 },
  // One ambient station 6 hours behind while the rest of the plant is live.
  { industry: 'Tungabhadra Steel Ltd', point: 'CAAQMS Upwind', kind: 'lagging', hours: 6 },
];

/** The outage of a device at `point` of `industry`, if it has one. */
export function findDemoOutage(industry: string, point: string): DemoOutage | undefined {
  return DEMO_OUTAGES.find(
    (outage) => outage.industry === industry && (outage.point === undefined || outage.point === point),
  );
}

/**
 * The latest time a device may have sent by `now`: `now`, `now` less its lag,
 * or, for a silent one, null (it sends nothing now; its history ended
 * `hours` before the history was made).
 */
export function sendsUntil(outage: DemoOutage | undefined, now: number): number | null {
  if (!outage) return now;
  if (outage.kind === 'lagging') return now - outage.hours * HOUR_MS;
  return null;
}

/** Seconds after the start of a slot (or minute) at which a device stamps its readings: 5 to 24. */
export function sendOffsetMs(deviceId: number): number {
  return (5 + Math.floor(uniform(deviceId, 9) * 20)) * 1000;
}

/**
 * The e-mail of an industry's simulator edge client: `simulator@` and the
 * domain of the industry's contact e-mail (`simulator@deccancement.demo`),
 * or a domain made from its id.
 */
export function simulatorEmailOf(industry: { tenantId: number; email: string | null }): string {
  const domain = industry.email?.split('@')[1]?.trim().toLowerCase();
  const isDomain = domain !== undefined && /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(domain);
  return `simulator@${isDomain ? domain : `industry-${industry.tenantId}.vayu.demo`}`;
}
