import { DELAYED_THRESHOLD_MS, LIVE_THRESHOLD_MS } from './constants.js';

export const DATA_FRESHNESS = ['LIVE', 'DELAYED', 'OFFLINE'] as const;
export type DataFreshness = (typeof DATA_FRESHNESS)[number];

/**
 * Status of an account or device from the time it last sent data:
 * under 4 hours LIVE, 4 to 8 hours inclusive DELAYED, over 8 hours OFFLINE.
 * An account that never sent data is OFFLINE.
 */
export function getDataFreshness(
  lastDataAt: Date | number | null | undefined,
  now: Date | number = Date.now(),
): DataFreshness {
  if (lastDataAt === null || lastDataAt === undefined) return 'OFFLINE';
  const age = toMs(now) - toMs(lastDataAt);
  if (age < LIVE_THRESHOLD_MS) return 'LIVE';
  if (age <= DELAYED_THRESHOLD_MS) return 'DELAYED';
  return 'OFFLINE';
}

export function isDataLive(lastDataAt: Date | number | null | undefined, now?: Date | number) {
  return getDataFreshness(lastDataAt, now) === 'LIVE';
}

function toMs(value: Date | number): number {
  return typeof value === 'number' ? value : value.getTime();
}
