import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  INGEST_MAX_BATCH,
  PLATFORM_ACCOUNT_ID,
  type DeviceReadings,
  type EntityData,
  type IngestResult,
  type Monitored,
} from '@vayu/domain';
import { dataTokens, deviceParams, readings } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { telemetryFactories } from '../../test/telemetry-factories.js';
import { clientFor } from '../accounts/partners.test-support.js';
import { forgetDataToken, revokeDataTokens } from './data-tokens.js';
import { forgetIngestDevices } from './ingest-devices.js';
import { insertReadings, isoTime } from './ingest.service.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  make = factories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

const MINUTE = 60_000;
/** A time on a 15-minute slot boundary a little while ago, plus `offsetMs`. */
const slotAgo = (slots: number, offsetMs = 0) =>
  new Date(
    Math.floor(Date.now() / (15 * MINUTE)) * 15 * MINUTE - slots * 15 * MINUTE + offsetMs,
  ).toISOString();

/** An industry with a device measuring one SO2 parameter (standard unit mg/Nm3), and an edge key of its own. */
async function industryWithDevice() {
  const tenant = await make.tenant();
  const { device, parameter, monitoringPointId } = await deviceFactories(t.db).device(tenant.id);
  const edge = await telemetryFactories(t.db).edgeKey(tenant.id);
  return { tenant, device, parameter, monitoringPointId, edge };
}

function send(token: string | undefined, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ingest',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as Record<string, unknown>,
  });
}

async function sent(token: string, list: unknown[]) {
  const response = await send(token, { readings: list });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as IngestResult;
}

const storedOf = (deviceId: number) => t.db.select().from(readings).where(eq(readings.deviceId, deviceId));

describe('POST /api/ingest', () => {
  it('stores a reading sent with an edge client key, with its unit as sent, its standard value and its origin', async () => {
    const { device, parameter, edge } = await industryWithDevice();
    const time = slotAgo(1, 5 * MINUTE);
    const result = await sent(edge.token, [
      { deviceId: device.id, parameter: parameter.paramKey, time, value: 10, unit: 'ppm' },
    ]);
    expect(result).toEqual({
      accepted: 1,
      duplicates: 0,
      refused: 0,
      results: [{ index: 0, status: 'accepted' }],
    });
    const [row] = await storedOf(device.id);
    expect(row).toMatchObject({
      tenantId: device.tenantId,
      parameterId: parameter.id,
      value: 10,
      unit: 'ppm',
      provenance: 'measured',
      source: 'edge',
      tokenId: edge.tokenId,
      revision: 0,
    });
    // 10 ppm of SO2 (64.07 g/mol) at normal conditions (22.41 L/mol) is 28.59 mg/Nm3.
    expect(row!.valueStd).toBeCloseTo((10 * 64.07) / 22.41, 6);
    expect(row!.ts.toISOString()).toBe(time);
  });

  it('shows the reading on the device screen and in the 15-minute data of its monitoring point', async () => {
    const { tenant, device, parameter, monitoringPointId, edge } = await industryWithDevice();
    await sent(edge.token, [
      {
        deviceId: device.id,
        parameter: parameter.paramKey,
        time: slotAgo(2, 1 * MINUTE),
        value: 20,
        unit: 'mg/Nm3',
      },
      {
        deviceId: device.id,
        parameter: parameter.paramKey,
        time: slotAgo(2, 6 * MINUTE),
        value: 40,
        unit: 'mg/Nm3',
      },
      {
        deviceId: device.id,
        parameter: parameter.id,
        time: slotAgo(1, 2 * MINUTE),
        value: 30,
        unit: 'mg/Nm3',
      },
    ]);

    const latest = await site.call({ method: 'GET', url: `/api/devices/${device.id}/readings` });
    expect(latest.statusCode, latest.body).toBe(200);
    const screen = latest.json() as DeviceReadings;
    expect(screen.freshness).toBe('LIVE');
    expect(screen.parameters).toEqual([
      expect.objectContaining({
        parameterId: parameter.id,
        value: 30,
        unit: 'mg/Nm3',
        time: slotAgo(1, 2 * MINUTE),
      }),
    ]);

    const data = await site.call({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`,
      payload: { metrics: [parameter.paramKey], dim: 'minute_15', startDate: slotAgo(3) },
    });
    expect(data.statusCode, data.body).toBe(200);
    const body = data.json() as EntityData;
    expect(body.series).toHaveLength(1);
    expect(body.series[0]).toMatchObject({
      deviceId: device.id,
      key: parameter.paramKey,
      aggregation: 'AVG',
    });
    expect(body.series[0]!.points).toEqual([
      { t: slotAgo(2), value: 30, count: 2, min: 20, max: 40, provenance: 'measured' },
      { t: slotAgo(1), value: 30, count: 1, min: 30, max: 30, provenance: 'measured' },
    ]);
  });

  it('answers a reading sent again as a duplicate and keeps the first value (nothing is altered after receipt)', async () => {
    const { device, parameter, edge } = await industryWithDevice();
    const reading = {
      deviceId: device.id,
      parameter: parameter.paramKey,
      time: slotAgo(1),
      value: 12.5,
      unit: 'mg/Nm3',
    };
    await sent(edge.token, [reading]);
    const again = await sent(edge.token, [{ ...reading, value: 99 }, reading]);
    expect(again).toMatchObject({ accepted: 0, duplicates: 2, refused: 0 });
    expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    const rows = await storedOf(device.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toBe(12.5);
  });

  it('takes the first of two equal readings in one batch and answers the second as its duplicate', async () => {
    const { device, parameter, edge } = await industryWithDevice();
    const reading = {
      deviceId: device.id,
      parameter: parameter.paramKey,
      time: slotAgo(1),
      value: 7,
      unit: 'mg/Nm3',
    };
    const result = await sent(edge.token, [reading, reading]);
    expect(result.results.map((r) => r.status)).toEqual(['accepted', 'duplicate']);
    expect(await storedOf(device.id)).toHaveLength(1);
  });

  it('answers each reading of a batch that mixes new readings with ones stored before', async () => {
    const { device, parameter, edge } = await industryWithDevice();
    const at = (slots: number, value: number) => ({
      deviceId: device.id,
      parameter: parameter.paramKey,
      time: slotAgo(slots),
      value,
      unit: 'mg/Nm3',
    });
    await sent(edge.token, [at(2, 1), at(4, 2)]);
    const result = await sent(edge.token, [at(1, 3), at(2, 4), at(3, 5), at(4, 6), at(1, 7)]);
    expect(result).toMatchObject({ accepted: 2, duplicates: 3, refused: 0 });
    expect(result.results.map((r) => r.status)).toEqual([
      'accepted',
      'duplicate',
      'accepted',
      'duplicate',
      'duplicate',
    ]);
    expect((await storedOf(device.id)).map((row) => row.value).sort()).toEqual([1, 2, 3, 5]);
  });

  it('refuses each bad reading with its code and stores the good ones of the same batch', async () => {
    const { device, parameter, edge } = await industryWithDevice();
    const other = await industryWithDevice();
    const good = {
      deviceId: device.id,
      parameter: parameter.paramKey,
      time: slotAgo(1),
      value: 5,
      unit: 'mg/Nm3',
    };
    const cases: [unknown, string][] = [
      [{ ...good, deviceId: 2_000_000_000 }, 'UNKNOWN_DEVICE'],
      [{ ...good, deviceId: other.device.id, parameter: other.parameter.paramKey }, 'DEVICE_NOT_IN_TENANT'],
      [{ ...good, parameter: 'no_such_parameter' }, 'UNKNOWN_PARAMETER'],
      [{ ...good, unit: 'kWh' }, 'UNIT_NOT_ALLOWED'],
      [{ ...good, time: '27/11/2026 10:00' }, 'INVALID_TIME'],
      [{ ...good, time: '2026-11-27T10:00:00' }, 'INVALID_TIME'],
      [{ ...good, time: new Date(Date.now() + 10 * MINUTE).toISOString() }, 'TIME_IN_FUTURE'],
      [{ ...good, time: new Date(Date.now() - 8 * 24 * 60 * MINUTE).toISOString() }, 'TIME_TOO_OLD'],
      [{ ...good, value: '5' }, 'VALUE_NOT_NUMBER'],
      [{ ...good, value: null }, 'VALUE_NOT_NUMBER'],
      // Two of these in one slot would overflow its sum.
      [{ ...good, value: 1.7e308 }, 'VALUE_OUT_OF_RANGE'],
      [{ ...good, value: -2e15 }, 'VALUE_OUT_OF_RANGE'],
      [{ ...good, provenance: 'substituted' }, 'PROVENANCE_NOT_ALLOWED'],
      [{ ...good, unit: undefined }, 'MALFORMED'],
      ['not a reading', 'MALFORMED'],
    ];
    const result = await sent(edge.token, [...cases.map(([reading]) => reading), good]);
    expect(result.refused).toBe(cases.length);
    expect(result.accepted).toBe(1);
    cases.forEach(([, code], index) => {
      expect(result.results[index], code).toMatchObject({ index, status: 'refused', code });
      expect(result.results[index]!.message).toEqual(expect.any(String));
    });
    expect(result.results[cases.length]).toEqual({ index: cases.length, status: 'accepted' });
    expect(await storedOf(device.id)).toHaveLength(1);
    expect(await storedOf(other.device.id)).toHaveLength(0);
  });

  it('takes epoch milliseconds, calibration and maintenance flags, and a reading ahead by less than a minute (clock drift)', async () => {
    const { device, parameter, edge } = await industryWithDevice();
    const base = { deviceId: device.id, parameter: parameter.paramKey, value: 1, unit: 'mg/Nm3' };
    const result = await sent(edge.token, [
      { ...base, time: Date.parse(slotAgo(2)) },
      { ...base, time: slotAgo(3), provenance: 'calibration' },
      { ...base, time: slotAgo(4), provenance: 'maintenance' },
      { ...base, time: new Date(Date.now() + 20_000).toISOString() },
    ]);
    expect(result.accepted).toBe(4);
    const provenances = (await storedOf(device.id)).map((row) => row.provenance).sort();
    expect(provenances).toEqual(['calibration', 'maintenance', 'measured', 'measured']);
  });

  it('refuses a parameter row that is disabled on the device', async () => {
    const { device, parameter, edge } = await industryWithDevice();
    await t.db.update(deviceParams).set({ enabled: false }).where(eq(deviceParams.deviceId, device.id));
    forgetIngestDevices(t.db);
    const result = await sent(edge.token, [
      { deviceId: device.id, parameter: parameter.paramKey, time: slotAgo(1), value: 1, unit: 'mg/Nm3' },
    ]);
    expect(result.results[0]).toMatchObject({ status: 'refused', code: 'UNKNOWN_PARAMETER' });
  });

  it("lets a push-data app send for its industries only: another industry's device is 403 and nothing is stored", async () => {
    const mine = await industryWithDevice();
    const theirs = await industryWithDevice();
    const app = await telemetryFactories(t.db).appToken([mine.tenant.id]);
    const reading = (who: typeof mine) => ({
      deviceId: who.device.id,
      parameter: who.parameter.paramKey,
      time: slotAgo(1),
      value: 3,
      unit: 'mg/Nm3',
    });

    const ok = await sent(app.token, [reading(mine)]);
    expect(ok.accepted).toBe(1);
    expect((await storedOf(mine.device.id))[0]).toMatchObject({ source: 'app', tokenId: app.tokenId });

    const refused = await send(app.token, { readings: [reading(theirs)] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('DEVICE_NOT_IN_TENANT');
    expect(await storedOf(theirs.device.id)).toHaveLength(0);
  });

  it('answers 401 without a key, with an unknown key and with a revoked key', async () => {
    const { device, parameter, edge } = await industryWithDevice();
    const body = {
      readings: [
        { deviceId: device.id, parameter: parameter.paramKey, time: slotAgo(1), value: 1, unit: 'mg/Nm3' },
      ],
    };
    const none = await send(undefined, body);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHENTICATED');

    const unknown = await send('vek_not-a-key-anyone-was-given', body);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('TOKEN_INVALID');

    await revokeDataTokens(t.db, { edgeClientId: edge.client.id }, null);
    const [row] = await t.db.select().from(dataTokens).where(eq(dataTokens.id, edge.tokenId));
    forgetDataToken(row!.tokenHash);
    const revoked = await send(edge.token, body);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.code).toBe('TOKEN_INVALID');
    expect(await storedOf(device.id)).toHaveLength(0);
  });

  it('refuses an empty batch and one of more than 1,000 readings with field details, storing nothing', async () => {
    const { device, parameter, edge } = await industryWithDevice();
    const empty = await send(edge.token, { readings: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    const reading = {
      deviceId: device.id,
      parameter: parameter.paramKey,
      time: slotAgo(1),
      value: 1,
      unit: 'mg/Nm3',
    };
    const tooMany = await send(edge.token, {
      readings: Array.from({ length: INGEST_MAX_BATCH + 1 }, () => reading),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details[0].path).toBe('readings');
    expect(await storedOf(device.id)).toHaveLength(0);
  });

  it('is not reachable with a console session: data tokens only', async () => {
    const { device, parameter } = await industryWithDevice();
    const response = await site.call({
      method: 'POST',
      url: '/api/ingest',
      payload: {
        readings: [
          { deviceId: device.id, parameter: parameter.paramKey, time: slotAgo(1), value: 1, unit: 'mg/Nm3' },
        ],
      },
    });
    expect(response.statusCode).toBe(401);
    expect(await storedOf(device.id)).toHaveLength(0);
  });
});

describe('15-minute data', () => {
  it('aggregates each parameter by its own rule: a counter by its increase over each slot', async () => {
    const { tenant, device, monitoringPointId, edge } = await industryWithDevice();
    const counter = await deviceFactories(t.db).parameter(`Flow totaliser ${Date.now()}`, {
      isCounter: true,
    });
    await t.db.insert(deviceParams).values({
      deviceId: device.id,
      tenantId: tenant.id,
      parameterId: counter.id,
      unit: 'mg/Nm3',
      isCounter: true,
    });
    forgetIngestDevices(t.db);
    const base = { deviceId: device.id, parameter: counter.paramKey, unit: 'mg/Nm3' };
    await sent(edge.token, [
      { ...base, time: slotAgo(3, 14 * MINUTE), value: 100 },
      { ...base, time: slotAgo(2, 1 * MINUTE), value: 104 },
      { ...base, time: slotAgo(2, 14 * MINUTE), value: 110 },
      // the counter was reset and counted 3 since
      { ...base, time: slotAgo(1, 14 * MINUTE), value: 3 },
    ]);
    const data = await site.call({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`,
      payload: { metrics: [counter.paramKey], startDate: slotAgo(2) },
    });
    expect(data.statusCode, data.body).toBe(200);
    const [series] = (data.json() as EntityData).series;
    expect(series!.aggregation).toBe('DIFF');
    expect(series!.points.map((p) => [p.t, p.value])).toEqual([
      [slotAgo(2), 10],
      [slotAgo(1), 3],
    ]);
  });

  it('marks a slot with calibration readings in it as such', async () => {
    const { tenant, device, parameter, monitoringPointId, edge } = await industryWithDevice();
    const base = { deviceId: device.id, parameter: parameter.paramKey, unit: 'mg/Nm3' };
    await sent(edge.token, [
      { ...base, time: slotAgo(1, 1 * MINUTE), value: 10 },
      { ...base, time: slotAgo(1, 2 * MINUTE), value: 500, provenance: 'calibration' },
    ]);
    const data = await site.call({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`,
      payload: { startDate: slotAgo(1) },
    });
    expect((data.json() as EntityData).series[0]!.points[0]).toMatchObject({
      provenance: 'calibration',
      count: 2,
    });
  });

  it('defaults to the last 15 minutes, and refuses a range that ends before it starts or spans more than 31 days', async () => {
    const { tenant, monitoringPointId } = await industryWithDevice();
    const url = `/api/tenants/${tenant.id}/entities/${monitoringPointId}/data`;
    const window = await site.call({ method: 'POST', url, payload: {} });
    expect(window.statusCode).toBe(200);
    const body = window.json() as EntityData;
    expect(Date.parse(body.endDate) - Date.parse(body.startDate)).toBeLessThanOrEqual(30 * MINUTE);

    const backwards = await site.call({
      method: 'POST',
      url,
      payload: { startDate: '2026-11-20T00:00:00Z', endDate: '2026-11-19T00:00:00Z' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.details[0].path).toBe('endDate');
    const tooLong = await site.call({
      method: 'POST',
      url,
      payload: { startDate: '2026-01-01T00:00:00Z', endDate: '2026-03-01T00:00:00Z' },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details[0].path).toBe('startDate');
    const farDate = await site.call({ method: 'POST', url, payload: { startDate: '9999-12-31T00:00:00Z' } });
    expect(farDate.statusCode).toBe(400);
    const future = await site.call({
      method: 'POST',
      url,
      payload: { startDate: '9999-12-01T00:00:00Z', endDate: '9999-12-30T00:00:00Z' },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details[0]).toMatchObject({
      path: 'endDate',
      message: 'The end cannot be more than a day from now.',
    });
  });

  it("answers 404 for another industry's monitoring point", async () => {
    const { tenant } = await industryWithDevice();
    const other = await industryWithDevice();
    const response = await site.call({
      method: 'POST',
      url: `/api/tenants/${tenant.id}/entities/${other.monitoringPointId}/data`,
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/tenants/{id}/monitored', () => {
  it("gives each monitoring point and device its last data time and freshness, and the industry's", async () => {
    const { tenant, device, parameter, monitoringPointId } = await industryWithDevice();
    const quiet = await deviceFactories(t.db).device(tenant.id);
    const fiveHoursAgo = new Date(Date.now() - 5 * 60 * MINUTE);
    await insertReadings(
      t.database,
      [
        {
          index: 0,
          tenantId: tenant.id,
          deviceId: device.id,
          parameterId: parameter.id,
          ms: fiveHoursAgo.getTime(),
          value: 1,
          unit: 'mg/Nm3',
          valueStd: 1,
          provenance: 'measured',
        },
      ],
      { source: 'demo', tokenId: null },
    );
    const response = await site.call({ method: 'GET', url: `/api/tenants/${tenant.id}/monitored` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Monitored;
    expect(body.freshness).toBe('DELAYED');
    expect(body.lastDataAt).toBe(fiveHoursAgo.toISOString());
    const point = body.points.find((p) => p.entityId === monitoringPointId)!;
    expect(point).toMatchObject({ freshness: 'DELAYED', lastDataAt: fiveHoursAgo.toISOString() });
    expect(point.devices).toEqual([
      {
        deviceId: device.id,
        name: device.name,
        lastDataAt: fiveHoursAgo.toISOString(),
        freshness: 'DELAYED',
      },
    ]);
    const quietPoint = body.points.find((p) => p.entityId === quiet.monitoringPointId)!;
    expect(quietPoint).toMatchObject({ freshness: 'OFFLINE', lastDataAt: null });
  });

  it('shows the freshness of industries on the tenant list', async () => {
    const { tenant, device, parameter, edge } = await industryWithDevice();
    await sent(edge.token, [
      { deviceId: device.id, parameter: parameter.paramKey, time: slotAgo(1), value: 1, unit: 'mg/Nm3' },
    ]);
    const list = await site.call({
      method: 'GET',
      url: `/api/tenants?search=${encodeURIComponent(tenant.name)}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = (
      list.json() as { items: { id: number; freshness: string; lastDataAt: string }[] }
    ).items.find((item) => item.id === tenant.id);
    expect(row).toMatchObject({ freshness: 'LIVE', lastDataAt: slotAgo(1) });
    const stored = await t.db
      .select()
      .from(readings)
      .where(and(eq(readings.deviceId, device.id), eq(readings.parameterId, parameter.id)));
    expect(stored).toHaveLength(1);
  });
});

describe('isoTime', () => {
  it('writes a time exactly as toISOString does, across hours, days, leap days and the range ends', () => {
    const times = [
      0,
      -1,
      1,
      999,
      3_599_999,
      3_600_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      Date.UTC(1969, 11, 31, 23, 0, 0, 1),
      Date.UTC(2026, 10, 28, 9, 5, 7, 40),
      -62_167_219_200_000,
      253_402_300_799_999,
      253_402_300_800_000,
      -62_167_219_200_001,
    ];
    // A spread of times through this century, each a few times in a row (the hour kept).
    let seed = 7;
    for (let i = 0; i < 2_000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      const ms = Date.UTC(2000, 0, 1) + Math.floor((seed / 2_147_483_647) * 3.2e12);
      times.push(ms, ms + 1, ms + 59_999);
    }
    for (const ms of times) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString());
  });
});
