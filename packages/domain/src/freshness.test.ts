import { describe, expect, it } from 'vitest';
import { DELAYED_THRESHOLD_MS, LIVE_THRESHOLD_MS } from './constants.js';
import { getDataFreshness, isDataLive } from './freshness.js';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('data freshness', () => {
  it('uses the spec thresholds', () => {
    expect(LIVE_THRESHOLD_MS).toBe(14_400_000);
    expect(DELAYED_THRESHOLD_MS).toBe(28_800_000);
  });

  it.each([
    [0, 'LIVE'],
    [LIVE_THRESHOLD_MS - 1, 'LIVE'],
    [LIVE_THRESHOLD_MS, 'DELAYED'],
    [LIVE_THRESHOLD_MS + 1, 'DELAYED'],
    [DELAYED_THRESHOLD_MS - 1, 'DELAYED'],
    [DELAYED_THRESHOLD_MS, 'DELAYED'],
    [DELAYED_THRESHOLD_MS + 1, 'OFFLINE'],
  ])('%i ms old → %s', (age, expected) => {
    expect(getDataFreshness(ago(age), now)).toBe(expected);
    expect(getDataFreshness(ago(age).getTime(), now.getTime())).toBe(expected);
  });

  it('treats an account that never sent data as offline', () => {
    expect(getDataFreshness(null, now)).toBe('OFFLINE');
    expect(isDataLive(undefined, now)).toBe(false);
    expect(isDataLive(ago(1000), now)).toBe(true);
  });
});
