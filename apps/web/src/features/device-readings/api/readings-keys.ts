import type { ReadingRange } from '@vayu/domain';

/** Query keys of readings: a device's latest values, its series of a range, an industry's freshness. */
export const readingsKeys = {
  all: ['readings'] as const,
  device: (deviceId: number) => [...readingsKeys.all, 'device', deviceId] as const,
  series: (deviceId: number, entityId: number, range: ReadingRange) =>
    [...readingsKeys.device(deviceId), 'series', entityId, range] as const,
  monitored: (tenantId: number) => [...readingsKeys.all, 'monitored', tenantId] as const,
};
