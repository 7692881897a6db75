import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getPageCount, getPageOffset } from '@vayu/domain';
import type {
  Device,
  DeviceBody,
  DeviceListQuery,
  DeviceParam,
  DeviceParamBody,
  DeviceSummary,
  DeviceVendor,
  Page,
  Usage,
} from '@vayu/domain';
import { tenantRowsWhere, type DataScope } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { readPage } from '../../lib/paging.js';
import { type Bind, inline, placeholder, runPrepared } from '../../lib/statements.js';
import {
  accounts,
  cameras,
  deviceParams,
  devices,
  deviceVendors,
  makes,
  models,
  monitoringPoints,
  parameters,
} from '../../db/schema/index.js';
import { containsPattern } from '../accounts/tenants.repository.js';

/** The partial indexes' condition, written as they are (a bound parameter would not match them). */
const notDeleted = sql`${devices.status} <> 'DELETED'`;
/** The search expression of the trigram index `devices_search_trgm_idx`. */
const searchText = sql`(lower(${devices.name}) || ' ' || lower(${devices.serialNumber}) || ' ' || lower(coalesce(${devices.tag}, '')))`;

const calibratorModels = alias(models, 'calibrator_model');
const calibratorMakes = alias(makes, 'calibrator_make');

// Table names written out: a select from one table would leave column names bare, and the subquery's own.
const enabledParamCount = sql<number>`(select count(*)::int from ${deviceParams} p where p.device_id = "devices"."id" and p.enabled)`;

const summaryColumns = {
  id: devices.id,
  tenantId: devices.tenantId,
  tenantName: accounts.name,
  name: devices.name,
  serialNumber: devices.serialNumber,
  pointId: monitoringPoints.id,
  pointName: monitoringPoints.name,
  modelId: models.id,
  modelName: models.name,
  makeId: makes.id,
  makeName: makes.name,
  dataUploadMethod: devices.dataUploadMethod,
  status: devices.status,
  parameterCount: enabledParamCount,
  version: devices.version,
};

const toSummary = (row: SummaryRow): DeviceSummary => ({
  id: row.id,
  tenant: { id: row.tenantId, name: row.tenantName },
  name: row.name,
  serialNumber: row.serialNumber,
  monitoringPoint: { id: row.pointId, name: row.pointName },
  model: { id: row.modelId, name: row.modelName, make: { id: row.makeId, name: row.makeName } },
  dataUploadMethod: row.dataUploadMethod,
  status: row.status,
  parameterCount: Number(row.parameterCount),
  version: row.version,
});

const joinedSummary = (exec: Executor) =>
  exec
    .select(summaryColumns)
    .from(devices)
    .innerJoin(accounts, eq(accounts.id, devices.tenantId))
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, devices.monitoringPointId))
    .innerJoin(models, eq(models.id, devices.modelId))
    .innerJoin(makes, eq(makes.id, models.makeId));

type SummaryRow = Awaited<ReturnType<ReturnType<typeof joinedSummary>['execute']>>[number];

export interface DeviceListFilter extends Omit<DeviceListQuery, 'page' | 'pageSize'> {
  scope: DataScope;
}

/** The devices of the list (and of its CSV export) for a filter. */
export function devicesWhere(filter: DeviceListFilter, bind: Bind = inline) {
  return and(
    notDeleted,
    tenantRowsWhere(filter.scope, devices.tenantId),
    filter.tenantId === undefined ? undefined : eq(devices.tenantId, bind('tenantId', filter.tenantId)),
    filter.monitoringPointId === undefined
      ? undefined
      : eq(devices.monitoringPointId, bind('monitoringPointId', filter.monitoringPointId)),
    filter.status === undefined ? undefined : eq(devices.status, bind('status', filter.status)),
    filter.search ? sql`${searchText} like ${bind('pattern', containsPattern(filter.search))}` : undefined,
  );
}

/** What the text of the page statement depends on: which filters are present, and the scope. */
const devicesPageShape = (filter: DeviceListFilter) =>
  JSON.stringify([
    filter.tenantId !== undefined,
    filter.monitoringPointId !== undefined,
    filter.status !== undefined,
    filter.search !== undefined && filter.search !== '',
    filter.scope,
  ]);

/**
 * The rows of one page of devices in name order (the benchmark's minimal
 * handler runs this same query). An industry's list reads its rows from the
 * (tenant, name) index; the list across industries from the name index,
 * filtered by the scope; a search uses the trigram index.
 */
export function devicesPageQuery(
  exec: Executor,
  filter: DeviceListFilter,
  page: { limit: number; offset: number },
  bind: Bind = inline,
) {
  const order = (table: {
    name: typeof devices.name;
    id: typeof devices.id;
    tenantId: typeof devices.tenantId;
  }) =>
    filter.tenantId === undefined
      ? [asc(sql`lower(${table.name})`), asc(table.id)]
      : [asc(table.tenantId), asc(sql`lower(${table.name})`), asc(table.id)];
  // The page's ids first, from the devices alone (an index walk, no join and no subquery for the
  // rows an offset skips); then only those rows are joined to what the list shows.
  const pageIds = exec
    .select({ id: devices.id })
    .from(devices)
    .where(devicesWhere(filter, bind))
    .orderBy(...order(devices))
    .limit(bind('limit', page.limit))
    .offset(bind('offset', page.offset))
    .as('page_ids');
  return joinedSummary(exec)
    .innerJoin(pageIds, eq(pageIds.id, devices.id))
    .orderBy(...order(devices));
}

/**
 * A search matching at most this many devices is put in order from its
 * matches, found through the trigram index (their ids and names only); a
 * search matching more walks the name index instead, where so many matches
 * lie close together. Walking the name index for a less frequent term would
 * pass every device named before its matches (all the "Dust Monitor"s
 * before the first "Gas Analyser").
 */
export const SEARCH_SORT_LIMIT = 20_000;

/** One page of devices with its total (`readPage`: bounded, never a count of every match per request). */
export async function findDevicesPage(
  exec: Executor,
  filter: DeviceListFilter,
  request: { page: number; pageSize: number },
): Promise<Page<DeviceSummary>> {
  const where = devicesWhere(filter);
  if (filter.search) {
    const matches = await exec
      .select({ id: devices.id, name: sql<string>`lower(${devices.name})` })
      .from(devices)
      .where(where)
      .limit(SEARCH_SORT_LIMIT + 1);
    if (matches.length <= SEARCH_SORT_LIMIT) {
      matches.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
      const offset = getPageOffset(request.page, request.pageSize);
      const ids = matches.slice(offset, offset + request.pageSize).map((m) => m.id);
      const rows = ids.length === 0 ? [] : await joinedSummary(exec).where(inArray(devices.id, ids));
      const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
      return {
        items: ids.map((id) => byId.get(id)).filter((item): item is DeviceSummary => item !== undefined),
        page: request.page,
        pageSize: request.pageSize,
        total: matches.length,
        totalKind: 'exact',
        pageCount: getPageCount(matches.length, request.pageSize),
      };
    }
  }
  return readPage(exec, request, {
    rows: async (limit, offset) => {
      // The statement is built once per shape and run with this page's values (lib/statements.ts).
      const values: Record<string, unknown> = { limit, offset };
      const bindValue: Bind = (name, value) => {
        values[name] = value;
        return value;
      };
      devicesWhere(filter, bindValue);
      const rows = await runPrepared(
        exec,
        `devices page ${devicesPageShape(filter)}`,
        () => devicesPageQuery(exec, filter, { limit, offset }, placeholder),
        values,
      );
      return rows.map(toSummary);
    },
    matches: () => exec.select({ id: devices.id }).from(devices).where(where).$dynamic(),
    countKey: ['devices', filter],
  });
}

export async function findDeviceSummary(exec: Executor, id: number): Promise<DeviceSummary | undefined> {
  const [row] = await joinedSummary(exec).where(eq(devices.id, id)).limit(1);
  return row ? toSummary(row) : undefined;
}

/** A device not deleted, within the scope: who owns it and at which version, for the write rules. */
export async function findDeviceOwner(exec: Executor, scope: DataScope, id: number) {
  const [row] = await exec
    .select({
      id: devices.id,
      tenantId: devices.tenantId,
      serialNumber: devices.serialNumber,
      version: devices.version,
    })
    .from(devices)
    .where(and(eq(devices.id, id), notDeleted, tenantRowsWhere(scope, devices.tenantId)))
    .limit(1);
  return row;
}

const paramColumns = {
  id: deviceParams.id,
  parameterId: parameters.id,
  parameterName: parameters.name,
  parameterLabel: parameters.label,
  baseParamId: parameters.baseParamId,
  enabled: deviceParams.enabled,
  unit: deviceParams.unit,
  cpcbUnit: deviceParams.cpcbUnit,
  spcbUnit: deviceParams.spcbUnit,
  userUnit: deviceParams.userUnit,
  max: deviceParams.max,
  isCounter: deviceParams.isCounter,
  remoteCalibrationFacility: deviceParams.remoteCalibrationFacility,
  offlineAlert: deviceParams.offlineAlert,
  sensorId: deviceParams.sensorId,
};

/** A device not deleted, within the scope, with its parameter rows in their order. */
export async function findDevice(exec: Executor, scope: DataScope, id: number): Promise<Device | undefined> {
  const [row] = await exec
    .select({
      device: devices,
      tenantName: accounts.name,
      pointName: monitoringPoints.name,
      pointType: monitoringPoints.entityType,
      modelName: models.name,
      makeId: makes.id,
      makeName: makes.name,
      calibratorModelName: calibratorModels.name,
      calibratorMakeId: calibratorMakes.id,
      calibratorMakeName: calibratorMakes.name,
      vendorName: deviceVendors.name,
    })
    .from(devices)
    .innerJoin(accounts, eq(accounts.id, devices.tenantId))
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, devices.monitoringPointId))
    .innerJoin(models, eq(models.id, devices.modelId))
    .innerJoin(makes, eq(makes.id, models.makeId))
    .leftJoin(calibratorModels, eq(calibratorModels.id, devices.calibratorModelId))
    .leftJoin(calibratorMakes, eq(calibratorMakes.id, calibratorModels.makeId))
    .leftJoin(deviceVendors, eq(deviceVendors.id, devices.vendorId))
    .where(and(eq(devices.id, id), notDeleted, tenantRowsWhere(scope, devices.tenantId)))
    .limit(1);
  if (!row) return undefined;
  const params = await selectParams(exec, id);
  const d = row.device;
  return {
    id: d.id,
    tenant: { id: d.tenantId, name: row.tenantName },
    name: d.name,
    serialNumber: d.serialNumber,
    manufactureId: d.manufactureId,
    certified: d.certified,
    certification: d.certification,
    dataFrequency: d.dataFrequency,
    tag: d.tag,
    monitoringPoint: { id: d.monitoringPointId, name: row.pointName, entityType: row.pointType },
    description: d.description,
    type: d.type,
    model: { id: d.modelId, name: row.modelName, make: { id: row.makeId, name: row.makeName } },
    calibratorModel:
      d.calibratorModelId !== null && row.calibratorModelName !== null && row.calibratorMakeId !== null
        ? {
            id: d.calibratorModelId,
            name: row.calibratorModelName,
            make: { id: row.calibratorMakeId, name: row.calibratorMakeName ?? '' },
          }
        : null,
    isNdirEnabled: d.isNdirEnabled,
    noxConversion: d.noxConversion,
    ndirType: d.ndirType,
    noRatio: d.noRatio,
    no2Ratio: d.no2Ratio,
    dataUploadMethod: d.dataUploadMethod,
    vendor: d.vendorId !== null ? { id: d.vendorId, name: row.vendorName ?? '' } : null,
    process: d.process,
    status: d.status,
    params: params.map(toDeviceParam),
    version: d.version,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

const selectParams = (exec: Executor, deviceId: number) =>
  exec
    .select(paramColumns)
    .from(deviceParams)
    .innerJoin(parameters, eq(parameters.id, deviceParams.parameterId))
    .where(eq(deviceParams.deviceId, deviceId))
    .orderBy(asc(deviceParams.position), asc(deviceParams.id));
type ParamRow = Awaited<ReturnType<typeof selectParams>>[number];

const toDeviceParam = ({
  parameterId,
  parameterName,
  parameterLabel,
  baseParamId,
  ...row
}: ParamRow): DeviceParam => ({
  ...row,
  parameter: { id: parameterId, name: parameterName, label: parameterLabel, virtual: baseParamId !== null },
});

export type DeviceValues = Omit<DeviceBody, 'version' | 'params' | 'tenantId'>;

export async function insertDevice(exec: Executor, tenantId: number, values: DeviceValues): Promise<number> {
  const [row] = await exec
    .insert(devices)
    .values({ ...values, tenantId })
    .returning({ id: devices.id });
  return row!.id;
}

/** Changes the device only if it is still at `version`; false when someone saved first. */
export async function updateDeviceAtVersion(
  exec: Executor,
  id: number,
  version: number,
  values: Omit<Partial<DeviceValues>, 'status'> & { status?: 'ENABLED' | 'DISABLED' | 'DELETED' },
): Promise<boolean> {
  const rows = await exec
    .update(devices)
    .set({ ...values, version: sql`${devices.version} + 1`, updatedAt: new Date() })
    .where(and(eq(devices.id, id), eq(devices.version, version), notDeleted))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/**
 * Makes the device's parameter rows those of the form: a row of a parameter
 * already on the device is updated in place (its id, and the readings keyed
 * by it, stay), a new parameter is added, a parameter no longer listed is removed.
 */
export async function replaceDeviceParams(
  exec: Executor,
  deviceId: number,
  tenantId: number,
  rows: readonly DeviceParamBody[],
) {
  const existing = await exec
    .select({ id: deviceParams.id, parameterId: deviceParams.parameterId })
    .from(deviceParams)
    .where(eq(deviceParams.deviceId, deviceId));
  const kept = new Set(rows.map((r) => r.parameterId));
  const removed = existing.filter((r) => !kept.has(r.parameterId)).map((r) => r.id);
  if (removed.length > 0) await exec.delete(deviceParams).where(inArray(deviceParams.id, removed));
  const byParameter = new Map(existing.map((r) => [r.parameterId, r.id]));
  for (const [position, { id: _id, ...row }] of rows.entries()) {
    const values = { ...row, position };
    const existingId = byParameter.get(row.parameterId);
    if (existingId === undefined) {
      await exec.insert(deviceParams).values({ ...values, deviceId, tenantId });
    } else {
      await exec.update(deviceParams).set(values).where(eq(deviceParams.id, existingId));
    }
  }
}

export async function countDevices(exec: Executor, tenantId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), notDeleted));
  return row?.n ?? 0;
}

/**
 * Waits, to the end of the transaction, for other writes of devices with this
 * serial number: the serial and sensor id rules read the other devices first.
 */
export async function lockSerialNumber(exec: Executor, serialNumber: string) {
  await exec.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`device-serial:${serialNumber.toLowerCase()}`}))`,
  );
}

/**
 * The other devices (of any industry, not deleted) with this serial number,
 * and the sensor ids their enabled parameters use. The serial number rules
 * hold across industries: one analyser is at one plant.
 */
export async function findSerialSharers(exec: Executor, serialNumber: string, exceptDeviceId: number | null) {
  const sharers = await exec
    .select({ id: devices.id, tenantId: devices.tenantId })
    .from(devices)
    .where(
      and(
        sql`lower(${devices.serialNumber}) = ${serialNumber.toLowerCase()}`,
        notDeleted,
        exceptDeviceId === null ? undefined : ne(devices.id, exceptDeviceId),
      ),
    )
    .limit(500);
  const sensorIds = new Set<string>();
  if (sharers.length > 0) {
    const rows = await exec
      .select({ sensorId: deviceParams.sensorId })
      .from(deviceParams)
      .where(
        and(
          inArray(
            deviceParams.deviceId,
            sharers.map((s) => s.id),
          ),
          eq(deviceParams.enabled, true),
          sql`${deviceParams.sensorId} is not null`,
        ),
      );
    for (const row of rows) if (row.sensorId) sensorIds.add(row.sensorId.trim().toLowerCase());
  }
  return { sharers, sensorIds };
}

/** Catalogue parameters by id (deleted ones too: the caller refuses them). */
export async function findParametersByIds(exec: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return exec
    .select({
      id: parameters.id,
      name: parameters.name,
      label: parameters.label,
      status: parameters.status,
    })
    .from(parameters)
    .where(inArray(parameters.id, [...ids]));
}

/** A model not deleted, of a make not deleted, with its make's type. */
export async function findModelOfMake(exec: Executor, id: number) {
  const [row] = await exec
    .select({ id: models.id, modelType: models.modelType, makeType: makes.type })
    .from(models)
    .innerJoin(makes, eq(makes.id, models.makeId))
    .where(and(eq(models.id, id), ne(models.status, 'DELETED'), ne(makes.status, 'DELETED')))
    .limit(1);
  return row;
}

/** Whether the industry has this monitoring point (not deleted). */
export async function hasMonitoringPoint(exec: Executor, tenantId: number, id: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: monitoringPoints.id })
    .from(monitoringPoints)
    .where(
      and(
        eq(monitoringPoints.id, id),
        eq(monitoringPoints.tenantId, tenantId),
        ne(monitoringPoints.status, 'DELETED'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** How many devices and cameras (not deleted) are at a monitoring point. */
export async function countAtMonitoringPoint(exec: Executor, monitoringPointId: number) {
  const [deviceCount] = await exec
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.monitoringPointId, monitoringPointId), notDeleted));
  const [cameraCount] = await exec
    .select({ n: count() })
    .from(cameras)
    .where(and(eq(cameras.monitoringPointId, monitoringPointId), sql`${cameras.status} <> 'DELETED'`));
  return { devices: deviceCount?.n ?? 0, cameras: cameraCount?.n ?? 0 };
}

// ── Vendors ──────────────────────────────────────────────────────────────

export function findVendors(exec: Executor): Promise<DeviceVendor[]> {
  return exec
    .select({ id: deviceVendors.id, name: deviceVendors.name })
    .from(deviceVendors)
    .where(ne(deviceVendors.status, 'DELETED'))
    .orderBy(asc(sql`lower(${deviceVendors.name})`), asc(deviceVendors.id))
    .limit(1000);
}

export async function hasVendor(exec: Executor, id: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: deviceVendors.id })
    .from(deviceVendors)
    .where(and(eq(deviceVendors.id, id), ne(deviceVendors.status, 'DELETED')))
    .limit(1);
  return row !== undefined;
}

export async function insertVendor(exec: Executor, name: string): Promise<DeviceVendor> {
  const [row] = await exec
    .insert(deviceVendors)
    .values({ name })
    .returning({ id: deviceVendors.id, name: deviceVendors.name });
  return row!;
}

// ── Usage ────────────────────────────────────────────────────────────────

/**
 * What an industry uses of its plan, counted in one place (billing calls
 * this): the enabled parameter rows of its enabled devices, its cameras and
 * its devices, none deleted.
 */
export async function countUsage(exec: Executor, tenantId: number): Promise<Usage> {
  const [params] = await exec
    .select({ n: count() })
    .from(deviceParams)
    .innerJoin(devices, eq(devices.id, deviceParams.deviceId))
    .where(
      and(eq(deviceParams.tenantId, tenantId), eq(deviceParams.enabled, true), eq(devices.status, 'ENABLED')),
    );
  const [cameraCount] = await exec
    .select({ n: count() })
    .from(cameras)
    .where(and(eq(cameras.tenantId, tenantId), sql`${cameras.status} <> 'DELETED'`));
  return {
    tenantId,
    parameters: params?.n ?? 0,
    cameras: cameraCount?.n ?? 0,
    devices: await countDevices(exec, tenantId),
  };
}
