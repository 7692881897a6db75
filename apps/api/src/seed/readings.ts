import { rowsOf } from '../db/sql.js';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { getParameterUnits } from '@vayu/domain';
import type { DatabaseHandle, Executor } from '../db/client.js';
import { accounts, deviceParams, devices, monitoringPoints, parameters, users } from '../db/schema/index.js';
import { insertReadings, type ReadingRow } from '../modules/telemetry/ingest.service.js';
import { rollUpRange } from '../modules/telemetry/rollup.js';
import {
  findDemoOutage,
  inSendingUnit,
  sendOffsetMs,
  simulateValue,
  SLOT_MS,
  type DemoOutage,
  type SimulatedParameter,
} from '../modules/telemetry/simulation.js';

/** Days of 15-minute history the demo industries start with. */
export const DEMO_HISTORY_DAYS = 7;
const HOUR_MS = 60 * 60 * 1000;
/** Readings stored in one statement. */
const BATCH = 5_000;

/** A parameter of a demo device as readings of it are made and sent. */
export interface DemoDeviceParameter extends SimulatedParameter {
  parameterId: number;
  /** The unit the device sends in (its parameter row's), and the factor to the standard unit. */
  unit: string;
  toStandard: number;
}

export interface DemoDevice {
  deviceId: number;
  tenantId: number;
  industry: string;
  /** The industry's contact e-mail (or its primary user's), whose domain names the plant. */
  industryEmail: string | null;
  point: string;
  outage: DemoOutage | undefined;
  parameters: DemoDeviceParameter[];
}

/**
 * The unit a parameter row's readings are sent in and its factor to the
 * standard unit: the row's unit when readings may arrive in it, else the
 * standard unit; null when neither is known.
 */
export function sendingUnitOf(
  parameter: { label: string; mtype: string; stdUnit: string | null },
  rowUnit: string | null,
): { unit: string; toStandard: number } | null {
  const { units } = getParameterUnits(parameter);
  const chosen = units.find((u) => u.code === rowUnit) ?? units.find((u) => u.isStandard);
  if (chosen) return { unit: chosen.code, toStandard: chosen.toStandard };
  // A parameter without a standard unit takes the row's unit as it is.
  return rowUnit ? { unit: rowUnit, toStandard: 1 } : null;
}

/**
 * The enabled devices of the demo industries (not deleted) with their enabled
 * parameter rows, in the order of their ids.
 */
export async function findDemoDevices(exec: Executor): Promise<DemoDevice[]> {
  const rows = await exec
    .select({
      deviceId: devices.id,
      tenantId: devices.tenantId,
      industry: accounts.name,
      primaryEmail: users.email,
      contactEmail: accounts.contactEmail,
      point: monitoringPoints.name,
      parameterId: parameters.id,
      key: parameters.paramKey,
      label: parameters.label,
      mtype: parameters.mtype,
      stdUnit: parameters.stdUnit,
      limit: parameters.standardLimit,
      rowUnit: deviceParams.unit,
    })
    .from(devices)
    .innerJoin(accounts, eq(accounts.id, devices.tenantId))
    .leftJoin(users, eq(users.id, accounts.primaryUserId))
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, devices.monitoringPointId))
    .innerJoin(deviceParams, and(eq(deviceParams.deviceId, devices.id), eq(deviceParams.enabled, true)))
    .innerJoin(parameters, and(eq(parameters.id, deviceParams.parameterId), ne(parameters.status, 'DELETED')))
    .where(
      and(
        eq(accounts.isDemo, true),
        eq(accounts.type, 'tenant'),
        ne(accounts.status, 'DELETED'),
        eq(devices.status, 'ENABLED'),
      ),
    )
    .orderBy(asc(devices.id), asc(deviceParams.position), asc(deviceParams.id));

  const found = new Map<number, DemoDevice>();
  for (const row of rows) {
    let device = found.get(row.deviceId);
    if (!device) {
      device = {
        deviceId: row.deviceId,
        tenantId: row.tenantId,
        industry: row.industry,
        industryEmail: row.contactEmail ?? row.primaryEmail,
        point: row.point,
        outage: findDemoOutage(row.industry, row.point),
        parameters: [],
      };
      found.set(row.deviceId, device);
    }
    const sending = sendingUnitOf(row, row.rowUnit);
    if (!sending) continue;
    device.parameters.push({
      deviceId: row.deviceId,
      parameterId: row.parameterId,
      key: row.key,
      label: row.label,
      mtype: row.mtype,
      stdUnit: row.stdUnit,
      limit: row.limit,
      ...sending,
    });
  }
  return [...found.values()].filter((device) => device.parameters.length > 0);
}

/**
 * One reading per 15-minute slot (stamped a few seconds after the slot
 * starts) for each parameter of the device, from `from` up to `to`, as the
 * generator makes them: the device's gaps left out, its zero checks marked
 * as calibration.
 */
export function historyOf(device: DemoDevice, from: number, to: number): ReadingRow[] {
  const rows: ReadingRow[] = [];
  const offset = sendOffsetMs(device.deviceId);
  for (let slot = Math.ceil((from - offset) / SLOT_MS) * SLOT_MS; slot + offset <= to; slot += SLOT_MS) {
    const ms = slot + offset;
    for (const parameter of device.parameters) {
      const simulated = simulateValue(parameter, ms);
      if (!simulated) continue;
      const value = inSendingUnit(simulated.value, parameter.toStandard);
      rows.push({
        index: rows.length,
        tenantId: device.tenantId,
        deviceId: device.deviceId,
        parameterId: parameter.parameterId,
        ms,
        value,
        unit: parameter.unit,
        valueStd: value * parameter.toStandard,
        provenance: simulated.provenance,
      });
    }
  }
  return rows;
}

/** The end of a device's demo history: now, or as many hours before as its outage lasts. */
export function historyEnd(device: Pick<DemoDevice, 'outage'>, now: number): number {
  return device.outage ? now - device.outage.hours * HOUR_MS : now;
}

/**
 * The readings insert run on a transaction: the statement's `$n` placeholders
 * become the transaction's parameters, so the seed stores its history through
 * the same statement ingestion uses, inside its own transaction.
 */
export function queryOn(exec: Executor): Pick<DatabaseHandle, 'query'> {
  return {
    async query<R extends Record<string, unknown>>(text: string, values: unknown[]) {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]),
      );
      return rowsOf<R>(await exec.execute(sql.join(chunks)));
    },
  };
}

/**
 * The demo industries' first week of readings: `DEMO_HISTORY_DAYS` days of
 * 15-minute values up to `now` for every enabled parameter of their devices,
 * stored as demo data and rolled up. Answers how many readings went in.
 */
export async function seedDemoReadings(tx: Executor, now = Date.now()): Promise<number> {
  const from = now - DEMO_HISTORY_DAYS * 24 * HOUR_MS;
  const database = queryOn(tx);
  let stored = 0;
  let batch: ReadingRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    stored += (await insertReadings(database, batch, { source: 'demo', tokenId: null })).size;
    batch = [];
  };
  const devices = await findDemoDevices(tx);
  for (const device of devices) {
    for (const row of historyOf(device, from, historyEnd(device, now))) {
      batch.push(row);
      if (batch.length >= BATCH) await flush();
    }
  }
  await flush();
  // A week of history is over a hundred thousand marks: rolled up in one statement, not mark by mark.
  await rollUpRange(tx, { deviceIds: devices.map((device) => device.deviceId), fromMs: from, toMs: now });
  return stored;
}
