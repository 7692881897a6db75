import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_DIM_MS,
  PLATFORM_ACCOUNT_ID,
  slotStart,
  type DataSeries,
  type DerivedParameter,
  type EntityData,
} from '@vayu/domain';
import { deviceParams } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { factories } from '../../test/factories.js';
import { deviceFactories } from '../../test/device-factories.js';
import { clientFor } from '../accounts/partners.test-support.js';
import { insertReadings as storeReadings } from './ingest.service.js';
import { deriveSeries, findDerivedInputKeys, forgetDerivedDefinitions } from './derived.js';
import { ensureReadingPartitions } from './partitions.js';

let t: TestContext;
let make: ReturnType<typeof factories>;
let registry: ReturnType<typeof deviceFactories>;
let site: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  t = await startTestApp();
  await ensureReadingPartitions(t.database);
  make = factories(t.db);
  registry = deviceFactories(t.db);
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
});

/** Keeps catalogue names of one test apart from those of the others: they are unique per database. */
const tag = () => `t${randomBytes(4).toString('hex')}`;
const SLOT = DATA_DIM_MS.minute_15;
const MINUTE = 60 * 1000;
/** The start of a 15-minute slot a few hours ago, inside a partition the test app has. */
const firstSlot = () => slotStart(Date.now() - 3 * 60 * MINUTE, 'minute_15');
const iso = (ms: number) => new Date(ms).toISOString();

type Row = { conditionalStatement?: string; expressionParam: string; unit?: string };

/** A derived parameter saved from the console; the next data request reads the catalogue again. */
async function addDerived(label: string, list: { label: string; rows: Row[] }[]): Promise<DerivedParameter> {
  const response = await site.call({
    method: 'POST',
    url: '/api/derivedParameters',
    payload: {
      label,
      mtype: 'stack',
      stdUnit: 'kg/h',
      derivedStdParamList: list.map((series) => ({
        derivedParamLabel: series.label,
        derivedExpressionProperties: series.rows.map((row) => ({ dataSource: 'minute_15', ...row })),
      })),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  forgetDerivedDefinitions(t.db);
  return response.json() as DerivedParameter;
}

/** A device at the point measuring the given catalogue parameters (besides the factory's own). */
async function deviceMeasuring(tenantId: number, pointId: number, name: string, parameterIds: number[]) {
  const { device } = await registry.device(tenantId, { monitoringPointId: pointId, name });
  await t.db.insert(deviceParams).values(
    parameterIds.map((parameterId, index) => ({
      deviceId: device.id,
      tenantId,
      parameterId,
      unit: 'mg/Nm3',
      position: index + 1,
    })),
  );
  return device;
}

/** Readings stored as a device would have sent them: [minutes after `start`, value]. */
async function insertReadings(
  tenantId: number,
  deviceId: number,
  parameterId: number,
  start: number,
  values: [number, number][],
) {
  // Through the ingestion insert, which also marks the slots for the 15-minute rollup.
  await storeReadings(
    t.database,
    values.map(([minutes, value], index) => ({
      index,
      tenantId,
      deviceId,
      parameterId,
      ms: start + minutes * MINUTE,
      value,
      unit: 'mg/Nm3',
      valueStd: value,
      provenance: 'measured',
    })),
    { source: 'demo', tokenId: null },
  );
}

async function pointData(tenantId: number, pointId: number, start: number, metrics?: string[]) {
  const response = await site.call({
    method: 'POST',
    url: `/api/tenants/${tenantId}/entities/${pointId}/data`,
    payload: { startDate: iso(start), endDate: iso(start + 6 * SLOT), ...(metrics ? { metrics } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EntityData;
}

const derivedPoint = (t0: number, value: number, count: number) => ({
  t: iso(t0),
  value,
  count,
  min: value,
  max: value,
  provenance: 'derived',
});

/** A stack with an analyser measuring SO2 and flow, and a few slots of readings. */
async function stackWithReadings() {
  const id = tag();
  const so2 = await registry.parameter(`SO2 ${id}`);
  const flow = await registry.parameter(`Flow ${id}`);
  const tenant = await make.tenant();
  const point = await registry.monitoringPoint(tenant.id);
  const device = await deviceMeasuring(tenant.id, point.id, 'Analyser 1', [so2.id, flow.id]);
  const start = firstSlot();
  // Slot 0: SO2 150 (2 readings), flow 30 000 (3); slot 1: 300 and 10 000;
  // slot 2: SO2 only; slot 3: no flow at all (0).
  await insertReadings(tenant.id, device.id, so2.id, start, [
    [1, 100],
    [6, 200],
    [16, 300],
    [31, 50],
    [46, 80],
  ]);
  await insertReadings(tenant.id, device.id, flow.id, start, [
    [2, 20_000],
    [7, 40_000],
    [12, 30_000],
    [17, 10_000],
    [47, 0],
  ]);
  return { id, so2, flow, tenant, point, device, start };
}

describe('derived parameters on the 15-minute data', () => {
  it('computes each series from the slot values by its rows, with provenance derived', async () => {
    const { id, so2, flow, tenant, point, device, start } = await stackWithReadings();
    const derived = await addDerived(`SO2 Load ${id}`, [
      {
        label: `SO2 Mass ${id}`,
        rows: [{ expressionParam: `${so2.paramKey} * ${flow.paramKey} / 1000000`, unit: 'kg/h' }],
      },
      {
        label: `SO2 Specific ${id}`,
        rows: [
          {
            conditionalStatement: `${flow.paramKey} > 0`,
            expressionParam: `${so2.paramKey} / ${flow.paramKey} * 1000`,
          },
          { expressionParam: '0' },
        ],
      },
      {
        label: `SO2 Ratio ${id}`,
        rows: [{ expressionParam: `${so2.paramKey} / ${flow.paramKey}`, unit: 'ratio' }],
      },
    ]);

    const data = await pointData(tenant.id, point.id, start);
    const bySeries = (key: string) => data.series.find((series) => series.key === key);
    // The measured inputs are answered as measured.
    expect(bySeries(so2.paramKey)?.points[0]).toMatchObject({ value: 150, count: 2, provenance: 'measured' });

    expect(bySeries(`so2_mass_${id}`)).toEqual({
      deviceId: device.id,
      deviceName: 'Analyser 1',
      parameterId: derived.id,
      key: `so2_mass_${id}`,
      label: `SO2 Mass ${id}`,
      unit: 'kg/h',
      aggregation: 'AVG',
      isDerived: true,
      // Slot 2 has no flow and slot 3 a flow of 0: 0 kg/h; the fewest readings of an input count.
      points: [
        derivedPoint(start, 4.5, 2),
        derivedPoint(start + SLOT, 3, 1),
        derivedPoint(start + 3 * SLOT, 0, 1),
      ],
    });
    // The first row whose condition holds gives the value; a flow of 0 falls to the second row.
    expect(bySeries(`so2_specific_${id}`)?.points).toEqual([
      derivedPoint(start, 5, 2),
      derivedPoint(start + SLOT, 30, 1),
      derivedPoint(start + 3 * SLOT, 0, 1),
    ]);
    // Without a condition to avoid it, a division by zero leaves the slot without a value.
    expect(bySeries(`so2_ratio_${id}`)).toMatchObject({
      unit: 'ratio',
      points: [derivedPoint(start, 0.005, 2), derivedPoint(start + SLOT, 0.03, 1)],
    });
  });

  it('computes a series made of another derived series after it', async () => {
    const { id, so2, flow, tenant, point, start } = await stackWithReadings();
    await addDerived(`SO2 Load ${id}`, [
      {
        label: `SO2 Mass ${id}`,
        rows: [{ expressionParam: `${so2.paramKey} * ${flow.paramKey} / 1000000` }],
      },
    ]);
    // How far the mass flow is above a limit of 2.5 kg/h.
    await addDerived(`SO2 Margin ${id}`, [
      { label: `SO2 Over Limit ${id}`, rows: [{ expressionParam: `so2_mass_${id} - 2.5`, unit: 'kg/h' }] },
    ]);

    const data = await pointData(tenant.id, point.id, start);
    const margin = data.series.find((series) => series.key === `so2_over_limit_${id}`);
    expect(margin).toMatchObject({ isDerived: true, unit: 'kg/h' });
    expect(margin?.points.map((p) => [p.t, p.value, p.provenance])).toEqual([
      [iso(start), 2, 'derived'],
      [iso(start + SLOT), 0.5, 'derived'],
      [iso(start + 3 * SLOT), -2.5, 'derived'],
    ]);
  });

  it('answers only the derived series asked for, even when another one of the same parameter could be computed', async () => {
    const { id, so2, flow, tenant, point, start } = await stackWithReadings();
    await addDerived(`SO2 Load ${id}`, [
      {
        label: `SO2 Mass ${id}`,
        rows: [{ expressionParam: `${so2.paramKey} * ${flow.paramKey} / 1000000` }],
      },
      { label: `SO2 Ratio ${id}`, rows: [{ expressionParam: `${so2.paramKey} / ${flow.paramKey}` }] },
    ]);

    const data = await pointData(tenant.id, point.id, start, [
      so2.paramKey,
      flow.paramKey,
      `SO2_MASS_${id}`.toUpperCase(),
    ]);
    expect(data.series.map((series) => [series.key, series.isDerived])).toEqual([
      [so2.paramKey, false],
      [flow.paramKey, false],
      [`so2_mass_${id}`, true],
    ]);
  });

  it('leaves out a series whose inputs the point does not measure', async () => {
    const { id, so2, tenant, point, start } = await stackWithReadings();
    const o2 = await registry.parameter(`O2 ${id}`);
    await addDerived(`SO2 Corrected ${id}`, [
      {
        label: `SO2 At 11 ${id}`,
        rows: [
          {
            conditionalStatement: `${o2.paramKey} < 21`,
            expressionParam: `${so2.paramKey} * 10 / (21 - ${o2.paramKey})`,
          },
          { expressionParam: so2.paramKey },
        ],
      },
    ]);

    const data = await pointData(tenant.id, point.id, start);
    expect(data.series.some((series) => series.key === `so2_at_11_${id}`)).toBe(false);
    expect(data.series.every((series) => !series.isDerived || !series.key.endsWith(id))).toBe(true);
  });

  it('computes per device where each device measures every input, and across devices where none does', async () => {
    const id = tag();
    const so2 = await registry.parameter(`SO2 ${id}`);
    const flow = await registry.parameter(`Flow ${id}`);
    const tenant = await make.tenant();
    const start = firstSlot();
    const derived = await addDerived(`SO2 Load ${id}`, [
      {
        label: `SO2 Mass ${id}`,
        rows: [{ expressionParam: `${so2.paramKey} * ${flow.paramKey} / 1000000` }],
      },
    ]);

    // Two analysers at one stack, each with its own flow.
    const twin = await registry.monitoringPoint(tenant.id);
    const first = await deviceMeasuring(tenant.id, twin.id, 'Analyser A', [so2.id, flow.id]);
    const second = await deviceMeasuring(tenant.id, twin.id, 'Analyser B', [so2.id, flow.id]);
    await insertReadings(tenant.id, first.id, so2.id, start, [[1, 100]]);
    await insertReadings(tenant.id, first.id, flow.id, start, [[1, 20_000]]);
    await insertReadings(tenant.id, second.id, so2.id, start, [[1, 300]]);
    await insertReadings(tenant.id, second.id, flow.id, start, [[1, 10_000]]);
    const twinData = await pointData(tenant.id, twin.id, start);
    const mass = (data: EntityData) => data.series.filter((series) => series.key === `so2_mass_${id}`);
    expect(mass(twinData).map((series) => [series.deviceName, series.points[0]?.value])).toEqual([
      ['Analyser A', 2],
      ['Analyser B', 3],
    ]);

    // An analyser for SO2 and a flow meter: one series, under the device of the first input.
    const split = await registry.monitoringPoint(tenant.id);
    const analyser = await deviceMeasuring(tenant.id, split.id, 'Analyser', [so2.id]);
    const meter = await deviceMeasuring(tenant.id, split.id, 'Flow Meter', [flow.id]);
    await insertReadings(tenant.id, analyser.id, so2.id, start, [
      [1, 100],
      [2, 200],
    ]);
    await insertReadings(tenant.id, meter.id, flow.id, start, [[1, 40_000]]);
    const splitData = await pointData(tenant.id, split.id, start);
    expect(mass(splitData)).toEqual([
      expect.objectContaining({
        deviceId: analyser.id,
        deviceName: 'Analyser',
        parameterId: derived.id,
        points: [derivedPoint(start, 6, 1)],
      }),
    ]);
  });
});

describe('deriveSeries', () => {
  const measured = (deviceId: number, key: string, values: (number | null)[]): DataSeries => ({
    deviceId,
    deviceName: `Device ${deviceId}`,
    parameterId: 1,
    key,
    label: key,
    unit: null,
    aggregation: 'AVG',
    isDerived: false,
    points: values.flatMap((value, index) =>
      value === null
        ? []
        : [
            {
              t: iso(Date.UTC(2026, 0, 1) + index * SLOT),
              value,
              count: 4,
              min: value,
              max: value,
              provenance: 'measured' as const,
            },
          ],
    ),
  });

  it('computes what a series asked for reads without answering it, and tells which measured keys that takes', async () => {
    const id = tag();
    const nox = await registry.parameter(`NOx ${id}`);
    const flow = await registry.parameter(`Flow ${id}`);
    await addDerived(`NOx Load ${id}`, [
      {
        label: `NOx Mass ${id}`,
        rows: [{ expressionParam: `${nox.paramKey} * ${flow.paramKey} / 1000000` }],
      },
    ]);
    await addDerived(`NOx Daily ${id}`, [
      { label: `NOx Per Day ${id}`, rows: [{ expressionParam: `nox_mass_${id} * 24` }] },
    ]);

    const wanted = new Set([`nox_per_day_${id}`]);
    expect(await findDerivedInputKeys(t.db, wanted)).toEqual(new Set([nox.paramKey, flow.paramKey]));
    const result = await deriveSeries(
      t.db,
      [measured(7, nox.paramKey, [100, 200, null]), measured(7, flow.paramKey, [10_000, 0, 5_000])],
      wanted,
    );
    expect(result.map((series) => [series.key, series.deviceId, series.points.map((p) => p.value)])).toEqual([
      [`nox_per_day_${id}`, 7, [24, 0]],
    ]);
  });
});
