import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_ID, type EntityData } from '@vayu/domain';
import { readings15m, readingsDays, readingsDirty } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { clientFor } from '../accounts/partners.test-support.js';
import { insertReadings, type ReadingRow } from './ingest.service.js';
import { rollUpAll, rollUpOnce } from './rollup.js';

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

  it('keeps whole days it has written and answers the same from them; a late reading counts at once, and its day is written again', async () => {
    const tenant = await factories(t.db).tenant();
    const { device, parameter, monitoringPointId } = await deviceFactories(t.db).device(tenant.id);
    const DAY = 24 * 60 * MINUTE;
    const IST = 330 * MINUTE;
    const today = Math.floor((Date.now() + IST) / DAY) * DAY - IST;
    // Four days ago at 13:00 IST to now: a part of a day, three whole days, and today so far.
    const start = today - 4 * DAY + 13 * 60 * MINUTE;
    const rows: [number, number][] = [];
    for (let ms = start; ms < Date.now() - 2 * MINUTE; ms += 20 * MINUTE) rows.push([ms, (ms / MINUTE) % 97]);
    await store(device, parameter.id, rows);
    await rollUpAll(t.db);

    // What the points must be, from the readings themselves.
    const expected = (list: [number, number][]) => {
      const bySlot = new Map<number, number[]>();
      for (const [ms, value] of list) {
        const slot = Math.floor(ms / SLOT) * SLOT;
        bySlot.set(slot, [...(bySlot.get(slot) ?? []), value]);
      }
      return [...bySlot]
        .sort(([a], [b]) => a - b)
        .map(([slot, values]) => ({
          t: new Date(slot).toISOString(),
          value: values.reduce((sum, value) => sum + value, 0) / values.length,
          count: values.length,
          min: Math.min(...values),
          max: Math.max(...values),
          provenance: 'measured',
        }));
    };
    const data = async () => {
      const response = await site.call({
        method: 'POST',
        url: `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`,
        payload: { startDate: new Date(start).toISOString() },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as EntityData).series[0]!.points;
    };
    const storedDays = () =>
      t.db
        .select()
        .from(readingsDays)
        .where(and(eq(readingsDays.deviceId, device.id), eq(readingsDays.parameterId, parameter.id)));

    expect(await data()).toEqual(expected(rows));
    const wholeDays = [today - 3 * DAY, today - 2 * DAY, today - DAY];
    const kept = await storedDays();
    expect(
      kept
        .filter((day) => day.points !== null)
        .map((day) => day.day.getTime())
        .sort(),
    ).toEqual(wholeDays);
    // Answered again from the days kept: the same points.
    expect(await data()).toEqual(expected(rows));
    // A client that takes gzip is sent one made from the kept days' compressed forms (their
    // stream ends with an empty final block): the same answer.
    const plain = await site.call({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`,
      payload: { startDate: new Date(start).toISOString(), endDate: new Date(today).toISOString() },
    });
    for (let i = 0; i < 2; i++) {
      const gzipped = await site.call({
        method: 'POST',
        url: `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`,
        payload: { startDate: new Date(start).toISOString(), endDate: new Date(today).toISOString() },
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(gzipped.statusCode).toBe(200);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect([...gzipped.rawPayload.subarray(-10, -8)]).toEqual([0x03, 0x00]);
      expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    }
    // Days with nothing in them are not stored.
    const empty = await site.call({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`,
      payload: {
        startDate: new Date(today - 20 * DAY).toISOString(),
        endDate: new Date(today - 17 * DAY).toISOString(),
      },
    });
    expect((empty.json() as EntityData).series[0]!.points).toEqual([]);
    expect((await storedDays()).filter((day) => day.day.getTime() < today - 4 * DAY)).toEqual([]);

    // A late reading in a kept day counts at once (its slot is marked) and after the roll-up.
    const late: [number, number] = [today - 2 * DAY + 10 * 60 * MINUTE + 5 * MINUTE, 500];
    await store(device, parameter.id, [late]);
    const withLate = expected([...rows, late]);
    expect(await data()).toEqual(withLate);
    await rollUpAll(t.db);
    const changed = (await storedDays()).find((day) => day.day.getTime() === today - 2 * DAY)!;
    expect(changed.points).toBeNull();
    expect(changed.version).toBeGreaterThan(
      kept.find((day) => day.day.getTime() === today - 2 * DAY)!.version,
    );
    expect(await data()).toEqual(withLate);
    expect((await storedDays()).find((day) => day.day.getTime() === today - 2 * DAY)!.points).not.toBeNull();
    expect(await data()).toEqual(withLate);
  });

  it('keeps the mark of a slot a batch touched while a round ran, and counts what the batch stored', async () => {
    const tenant = await factories(t.db).tenant();
    const { device, parameter } = await deviceFactories(t.db).device(tenant.id);
    const slot = slotStartAgo(2);
    await store(device, parameter.id, [[slot + MINUTE, 10]]);
    const marks = () => t.db.select().from(readingsDirty).where(eq(readingsDirty.deviceId, device.id));
    const rolled = () => t.db.select().from(readings15m).where(eq(readings15m.deviceId, device.id));
    // What the readings insert does, in the round's transaction once it has read the marks: a
    // reading and the touch of its slot's mark (a new version of the row).
    await rollUpOnce(t.db, 5_000, 0, async (tx) => {
      await tx.execute(sql`
        INSERT INTO readings (tenant_id, device_id, parameter_id, ts, value, unit, value_std, provenance, source)
        VALUES (${tenant.id}, ${device.id}, ${parameter.id}, ${new Date(slot + 2 * MINUTE).toISOString()},
                30, 'mg/Nm3', 30, 'measured', 'demo')`);
      await tx.execute(sql`UPDATE readings_dirty SET marked_at = now() WHERE device_id = ${device.id}`);
    });
    expect(await marks()).toHaveLength(1);
    expect((await rolled()).map((row) => [row.slot.getTime(), row.count, row.sum])).toEqual([[slot, 2, 40]]);
    await rollUpOnce(t.db, 5_000, 0);
    expect(await marks()).toHaveLength(0);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'does not make a batch wait for a round in progress (PostgreSQL: a batch from another connection)',
    async () => {
      const tenant = await factories(t.db).tenant();
      const { device, parameter } = await deviceFactories(t.db).device(tenant.id);
      const slot = slotStartAgo(2);
      await store(device, parameter.id, [[slot + MINUTE, 10]]);
      let ceiling: NodeJS.Timeout | undefined;
      await rollUpOnce(t.db, 5_000, 0, async () => {
        // The round holds its transaction open until this batch, on its own connection, is stored.
        await Promise.race([
          store(device, parameter.id, [[slot + 2 * MINUTE, 30]]),
          new Promise((_, reject) => {
            ceiling = setTimeout(() => reject(new Error('the batch waited for the round')), 30_000);
          }),
        ]).finally(() => clearTimeout(ceiling));
      });
      // The round's snapshot came after the batch: both readings counted; the batch's mark stays.
      const rolled = await t.db.select().from(readings15m).where(eq(readings15m.deviceId, device.id));
      expect(rolled.map((row) => [row.count, row.sum])).toEqual([[2, 40]]);
      expect(
        await t.db.select().from(readingsDirty).where(eq(readingsDirty.deviceId, device.id)),
      ).toHaveLength(1);
    },
  );

  it('leaves a slot still receiving readings to the exact read until it has gone quiet', async () => {
    const tenant = await factories(t.db).tenant();
    const { device, parameter } = await deviceFactories(t.db).device(tenant.id);
    await store(device, parameter.id, [[slotStartAgo(1) + MINUTE, 12]]);
    const marks = () => t.db.select().from(readingsDirty).where(eq(readingsDirty.deviceId, device.id));
    // Touched a moment ago: a round that waits a minute of quiet leaves it.
    await rollUpOnce(t.db, 5_000, 60_000);
    expect(await marks()).toHaveLength(1);
    await rollUpOnce(t.db, 5_000, 0);
    expect(await marks()).toHaveLength(0);
    expect(await t.db.select().from(readings15m).where(eq(readings15m.deviceId, device.id))).toHaveLength(1);
  });
});
