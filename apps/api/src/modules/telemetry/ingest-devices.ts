import { getParameterUnits } from '@vayu/domain';
import type { DatabaseHandle } from '../../db/client.js';

/**
 * What ingestion needs to know of a device, read once and reused for
 * `DEVICE_CACHE_MS`: its industry and, for each enabled parameter, the units
 * its readings may arrive in and the factor that brings each to the standard
 * unit. A change made in this process (a device edited or deleted) is seen at
 * once (`forgetIngestDevice`); one made in another process within the cache
 * time (a minute: a gateway sends its devices every minute or so, and each
 * reload is a query).
 */
export interface IngestParameter {
  parameterId: number;
  /** unit code → factor to the standard unit; empty: any unit, value stored as sent (no standard unit). */
  units: ReadonlyMap<string, number>;
}

export interface IngestDevice {
  deviceId: number;
  tenantId: number;
  /** By catalogue key (lower case) and by id (as a string). */
  parameters: ReadonlyMap<string, IngestParameter>;
}

export const DEVICE_CACHE_MS = 60_000;
const CACHE_ENTRIES = 50_000;

type Entry = { device: IngestDevice | null; until: number };
/** Per database (its drizzle instance): device ids mean different devices in different databases. */
const caches = new WeakMap<
  object,
  { cache: Map<number, Entry>; loading: Map<number, Promise<IngestDevice | null>> }
>();

function cachesOf(db: object) {
  let found = caches.get(db);
  if (!found) caches.set(db, (found = { cache: new Map(), loading: new Map() }));
  return found;
}

/** Forgets a device (call after a change to it commits). */
export function forgetIngestDevice(db: object, deviceId: number) {
  cachesOf(db).cache.delete(deviceId);
}

/** Forgets every device of a database (tests, and a catalogue change that alters units). */
export function forgetIngestDevices(db: object) {
  cachesOf(db).cache.clear();
}

interface DeviceRow extends Record<string, unknown> {
  device_id: number;
  tenant_id: number;
  parameter_id: number | null;
  param_key: string | null;
  label: string | null;
  mtype: string | null;
  std_unit: string | null;
  device_unit: string | null;
}

const DEVICE_QUERY = `
  SELECT d.id AS device_id, d.tenant_id, p.id AS parameter_id, p.param_key, p.label, p.mtype,
         p.std_unit, dp.unit AS device_unit
    FROM devices d
    JOIN accounts a ON a.id = d.tenant_id AND a.status <> 'DELETED'
    LEFT JOIN device_params dp ON dp.device_id = d.id AND dp.enabled
    LEFT JOIN parameters p ON p.id = dp.parameter_id AND p.status <> 'DELETED'
   WHERE d.id = ANY($1::int4[]) AND d.status = 'ENABLED'`;

/** The devices of `ids` that can take readings (enabled, of an industry not deleted), by id. */
export async function loadIngestDevices(
  database: Pick<DatabaseHandle, 'query' | 'db'>,
  ids: readonly number[],
  now = Date.now(),
): Promise<Map<number, IngestDevice | null>> {
  const { cache, loading } = cachesOf(database.db);
  const found = new Map<number, IngestDevice | null>();
  const missing: number[] = [];
  const waiting: Promise<void>[] = [];
  for (const id of ids) {
    if (found.has(id)) continue;
    const cached = cache.get(id);
    if (cached && cached.until > now) {
      found.set(id, cached.device);
      continue;
    }
    const pending = loading.get(id);
    if (pending) {
      found.set(id, null);
      waiting.push(pending.then((device) => void found.set(id, device)));
      continue;
    }
    found.set(id, null);
    missing.push(id);
  }
  if (missing.length > 0) {
    const load = readDevices(database, missing);
    for (const id of missing) {
      const one = load.then((devices) => devices.get(id) ?? null);
      loading.set(id, one);
      void one.finally(() => loading.delete(id)).catch(() => undefined);
    }
    const devices = await load;
    if (cache.size + missing.length > CACHE_ENTRIES) cache.clear();
    for (const id of missing) {
      const device = devices.get(id) ?? null;
      cache.set(id, { device, until: now + DEVICE_CACHE_MS });
      found.set(id, device);
    }
  }
  await Promise.all(waiting);
  return found;
}

async function readDevices(database: Pick<DatabaseHandle, 'query'>, ids: number[]) {
  const rows = await database.query<DeviceRow>(DEVICE_QUERY, [ids], 'vayu_ingest_devices');
  const devices = new Map<
    number,
    { deviceId: number; tenantId: number; parameters: Map<string, IngestParameter> }
  >();
  for (const row of rows) {
    let device = devices.get(row.device_id);
    if (!device) {
      device = { deviceId: row.device_id, tenantId: row.tenant_id, parameters: new Map() };
      devices.set(row.device_id, device);
    }
    if (row.parameter_id === null || row.param_key === null) continue;
    const parameter: IngestParameter = {
      parameterId: row.parameter_id,
      units: unitsOf(
        { label: row.label ?? '', mtype: row.mtype ?? '', stdUnit: row.std_unit },
        row.device_unit,
      ),
    };
    device.parameters.set(row.param_key.toLowerCase(), parameter);
    device.parameters.set(String(row.parameter_id), parameter);
  }
  return devices as Map<number, IngestDevice>;
}

/** Conversion factors by parameter (label, kind and standard unit): worked out once, not per device. */
const factorsByParameter = new Map<string, ReadonlyMap<string, number>>();

/**
 * The units a parameter's readings may arrive in: those the catalogue converts
 * to its standard unit; for a parameter without a standard unit, the device's
 * own unit (or any unit when it has none either, stored as sent).
 */
function unitsOf(
  parameter: { label: string; mtype: string; stdUnit: string | null },
  deviceUnit: string | null,
): ReadonlyMap<string, number> {
  const key = `${parameter.mtype}\u0000${parameter.stdUnit ?? ''}\u0000${parameter.label}`;
  let units = factorsByParameter.get(key);
  if (!units) {
    units = new Map(getParameterUnits(parameter).units.map((unit) => [unit.code, unit.toStandard]));
    if (factorsByParameter.size > 10_000) factorsByParameter.clear();
    factorsByParameter.set(key, units);
  }
  if (units.size === 0 && deviceUnit) return new Map([[deviceUnit, 1]]);
  return units;
}
