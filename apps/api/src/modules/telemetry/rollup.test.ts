import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_ID, type EntityData } from '@vayu/domain';
import { readings15m, readingsDirty } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { clientFor } from '../accounts/partners.test-support.js';
import { insertReadings, type ReadingRow } from './ingest.service.js';
import { rollUpAll } from './rollup.js';

let t: TestContext;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const MINUTE = 60_000;
const SLOT = 15 * MINUTE;
const slotStartAgo = (slots: number) => Math.floor(Date.now() / SLOT) * SLOT - slots * SLOT;

async function store(
  device: { id: number; tenantId: number },
  parameterId: number,
  rows: [number, number][],
) {
  const list: ReadingRow[] = rows.map(([ms, value], index) => ({
    index,
    tenantId: device.tenantId,
    deviceId: device.id,
    parameterId,
    ms,
    value,
    unit: 'mg/Nm3',
    valueStd: value,
    provenance: 'measured',
  }));
  await insertReadings(t.database, list, { source: 'demo', tokenId: null });
}

describe('the 15-minute rollup', () => {
  it('keeps the 15-minute data exact before, after and between roll-ups, late readings included', async () => {
    const tenant = await factories(t.db).tenant();
    const { device, parameter, monitoringPointId } = await deviceFactories(t.db).device(tenant.id);
    const first = slotStartAgo(4);
    const data = async () => {
      const response = await site.call({
        method: 'POST',
        url: `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`,
        payload: { startDate: new Date(first).toISOString() },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as EntityData).series[0]!.points.map((p) => [p.t, p.value, p.count]);
    };
    await store(device, parameter.id, [
      [first + MINUTE, 10],
      [first + 2 * MINUTE, 20],
      [first + SLOT + MINUTE, 40],
    ]);
    const expected = [
      [new Date(first).toISOString(), 15, 2],
      [new Date(first + SLOT).toISOString(), 40, 1],
    ];
    expect(await data()).toEqual(expected);

    expect(await rollUpAll(t.db)).toBeGreaterThanOrEqual(2);
    const rolled = await t.db.select().from(readings15m).where(eq(readings15m.deviceId, device.id));
    expect(
      rolled.map((row) => [row.slot.getTime(), row.count, row.sum, row.min, row.max, row.lastValue]),
    ).toEqual([
      [first, 2, 30, 10, 20, 20],
      [first + SLOT, 1, 40, 40, 40, 40],
    ]);
    expect(await t.db.select().from(readingsDirty).where(eq(readingsDirty.deviceId, device.id))).toEqual([]);
    expect(await data()).toEqual(expected);

    // A late reading for a slot already rolled up counts at once, and after the next roll-up.
    await store(device, parameter.id, [[first + 3 * MINUTE, 30]]);
    const withLate = [[new Date(first).toISOString(), 20, 3], expected[1]];
    expect(await data()).toEqual(withLate);
    await rollUpAll(t.db);
    expect(await data()).toEqual(withLate);
  });

  it('answers hours and days from the 15-minute slots', async () => {
    const tenant = await factories(t.db).tenant();
    const { device, parameter, monitoringPointId } = await deviceFactories(t.db).device(tenant.id);
    const hour =
      Math.floor((Date.now() - 3 * 60 * MINUTE + 5.5 * 60 * MINUTE) / (60 * MINUTE)) * 60 * MINUTE -
      5.5 * 60 * MINUTE;
    await store(device, parameter.id, [
      [hour + MINUTE, 10],
      [hour + 20 * MINUTE, 30],
      [hour + 50 * MINUTE, 50],
    ]);
    await rollUpAll(t.db);
    await store(device, parameter.id, [[hour + 55 * MINUTE, 70]]);
    const response = await site.call({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`,
      payload: { dim: 'hour', startDate: new Date(hour).toISOString() },
    });
    const points = (response.json() as EntityData).series[0]!.points;
    expect(points[0]).toEqual({
      t: new Date(hour).toISOString(),
      value: 40,
      count: 4,
      min: 10,
      max: 70,
      provenance: 'measured',
    });
  });
});
