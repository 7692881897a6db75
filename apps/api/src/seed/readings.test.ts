import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_ID, type DeviceReadings } from '@vayu/domain';
import { readings, readings15m, readingsDirty } from '../db/schema/index.js';
import { clientFor } from '../modules/accounts/partners.test-support.js';
import { SLOT_MS, sendOffsetMs } from '../modules/telemetry/simulation.js';
import { startTestApp, type TestContext } from '../test/harness.js';
import { demoPlants } from '../test/demo-plant.js';
import { DEMO_HISTORY_DAYS, findDemoDevices, historyOf, seedDemoReadings } from './readings.js';

const HOUR = 60 * 60 * 1000;

let t: TestContext;
let plants: ReturnType<typeof demoPlants>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  plants = demoPlants(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const storedOf = (deviceId: number) =>
  t.db.select().from(readings).where(eq(readings.deviceId, deviceId)).orderBy(asc(readings.ts));

async function latestOf(deviceId: number) {
  const response = await site.call({ method: 'GET', url: `/api/devices/${deviceId}/readings` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DeviceReadings;
}

describe('the demo history', () => {
  it('gives every demo device a week of 15-minute readings up to now, as demo data, and leaves other industries alone', async () => {
    const live = await plants.plant();
    const other = await plants.plant({ isDemo: false });
    const now = Date.now();
    await seedDemoReadings(t.db, now);

    const stored = await storedOf(live.device.id);
    const so2 = stored.filter((r) => r.parameterId === live.so2.id);
    const o2 = stored.filter((r) => r.parameterId === live.o2.id);
    const slots = DEMO_HISTORY_DAYS * 24 * 4;
    // One a slot, less the slots the device missed (a few percent).
    for (const series of [so2, o2]) {
      expect(series.length).toBeGreaterThan(slots * 0.9);
      expect(series.length).toBeLessThanOrEqual(slots + 1);
      const slotsSeen = new Set(series.map((r) => Math.floor(r.ts.getTime() / SLOT_MS)));
      expect(slotsSeen.size).toBe(series.length);
    }
    const first = stored[0]!.ts.getTime();
    const last = stored.at(-1)!.ts.getTime();
    expect(first).toBeGreaterThanOrEqual(now - DEMO_HISTORY_DAYS * 24 * HOUR);
    expect(first).toBeLessThan(now - DEMO_HISTORY_DAYS * 24 * HOUR + 2 * HOUR);
    expect(last).toBeLessThanOrEqual(now);
    expect(last).toBeGreaterThan(now - 2 * HOUR);
    for (const row of stored) {
      // Stamped a few seconds into the slot, as the device sends them.
      expect(row.ts.getTime() % SLOT_MS).toBe(sendOffsetMs(live.device.id));
      expect(row).toMatchObject({ source: 'demo', tokenId: null, revision: 0, tenantId: live.tenant.id });
    }
    // Sent in the device's unit (SO2 in ppm), with the value in the standard unit beside it.
    for (const row of so2) {
      expect(row.unit).toBe('ppm');
      expect(row.valueStd).toBeCloseTo(row.value * (64.07 / 22.41), 6);
    }
    expect(o2.every((r) => r.unit === '%' && r.valueStd === r.value)).toBe(true);
    // The gas analyser's zero checks come as calibration values.
    expect(so2.some((r) => r.provenance === 'calibration')).toBe(true);
    expect(stored.every((r) => r.provenance === 'measured' || r.provenance === 'calibration')).toBe(true);

    expect(await storedOf(other.device.id)).toEqual([]);

    // Rolled up already: each reading is its slot's value, and no slot waits for the rollup job.
    const rolled = await t.db.select().from(readings15m).where(eq(readings15m.deviceId, live.device.id));
    expect(rolled.length).toBe(stored.length);
    const slot = rolled.find((r) => r.parameterId === live.so2.id && r.otherProvenance === 'calibration');
    expect(slot).toMatchObject({ count: 1 });
    expect(await t.db.select().from(readingsDirty).where(eq(readingsDirty.deviceId, live.device.id))).toEqual(
      [],
    );

    const latest = await latestOf(live.device.id);
    expect(latest.freshness).toBe('LIVE');
    expect(latest.parameters.find((p) => p.parameterId === live.so2.id)).toMatchObject({
      limit: 100,
      unit: 'mg/Nm3',
      sentUnit: 'ppm',
    });
  });

  it('ends where the demo keeps a plant silent or late, so the console shows it delayed or offline', async () => {
    const silent = await plants.plant({ name: 'Godavari Fertilizers and Chemicals' });
    const lagging = await plants.plant({ name: 'Vapi Agro Chemicals Pvt Ltd' });
    const now = Date.now();
    const devices = await findDemoDevices(t.db);
    const [silentDevice, laggingDevice] = [silent, lagging].map((plant) =>
      devices.find((d) => d.deviceId === plant.device.id)!,
    );
    expect(silentDevice!.outage?.kind).toBe('silent');
    expect(laggingDevice!.outage?.kind).toBe('lagging');

    const silentHistory = historyOf(silentDevice!, now - 2 * 24 * HOUR, now - 30 * HOUR);
    expect(silentHistory.length).toBeGreaterThan(0);
    await seedDemoReadings(t.db, now);
    const silentLast = (await storedOf(silent.device.id)).at(-1)!.ts.getTime();
    expect(silentLast).toBeLessThanOrEqual(now - 30 * HOUR);
    expect((await latestOf(silent.device.id)).freshness).toBe('OFFLINE');
    const laggingLast = (await storedOf(lagging.device.id)).at(-1)!.ts.getTime();
    expect(laggingLast).toBeLessThanOrEqual(now - 6 * HOUR);
    expect(laggingLast).toBeGreaterThan(now - 7 * HOUR);
    expect((await latestOf(lagging.device.id)).freshness).toBe('DELAYED');
  });
});
