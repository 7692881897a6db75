import {
  checkReadingTime,
  INGEST_MAX_ABS_VALUE,
  READING_REFUSAL_MESSAGES,
  SENT_PROVENANCES,
  type IngestResult,
  type ReadingRefusal,
  type ReadingResult,
  type ReadingSource,
} from '@vayu/domain';
import type { DatabaseHandle } from '../../db/client.js';
import { SLOT_ORIGIN } from './slots.js';
import { AppError } from '../../lib/errors.js';
import type { DataSender } from './data-tokens.js';
import { loadIngestDevices, type IngestDevice } from './ingest-devices.js';

/**
 * The one insert of readings, for any batch size: the rows come as arrays,
 * one per column, so the statement's text never changes (parsed once per
 * connection) whatever the batch. A reading the device already sent (same
 * device, parameter and time) is left as it is: sending again is harmless.
 * The 15-minute slots the new readings fall in are marked for the rollup in
 * the same statement (modules/telemetry/rollup.ts), so the 15-minute data is
 * exact the moment the answer is sent, and each device's newest reading time
 * (its freshness) moves forward with it. The rows that went in come back, to
 * tell them from the duplicates. Rows come sorted by key, so two batches in
 * flight take their row locks in the same order.
 */
export const INSERT_READINGS_SQL = `
  WITH inserted AS (
    INSERT INTO readings (tenant_id, device_id, parameter_id, ts, value, unit, value_std, provenance, source, token_id)
    SELECT r.tenant_id, r.device_id, r.parameter_id, r.ts, r.value, r.unit, r.value_std, r.provenance, $9, $10
      FROM unnest($1::int4[], $2::int4[], $3::int4[], $4::timestamptz[], $5::float8[], $6::text[], $7::float8[], $8::text[])
        AS r(tenant_id, device_id, parameter_id, ts, value, unit, value_std, provenance)
    ON CONFLICT DO NOTHING
    RETURNING tenant_id, device_id, parameter_id, ts
  ), marked AS (
    INSERT INTO readings_dirty (tenant_id, device_id, parameter_id, slot)
    SELECT DISTINCT tenant_id, device_id, parameter_id, date_bin('15 minutes', ts, TIMESTAMPTZ '${SLOT_ORIGIN}')
      FROM inserted
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, device_id, parameter_id, slot) DO UPDATE SET marked_at = EXCLUDED.marked_at
  ), latest AS (
    INSERT INTO device_last_data (tenant_id, device_id, last_ts)
    SELECT tenant_id, device_id, max(ts) FROM inserted GROUP BY tenant_id, device_id ORDER BY 1, 2
    ON CONFLICT (tenant_id, device_id) DO UPDATE SET last_ts = EXCLUDED.last_ts
      WHERE device_last_data.last_ts < EXCLUDED.last_ts
  )
  SELECT device_id, parameter_id, (extract(epoch FROM ts) * 1000)::float8 AS ms FROM inserted`;
export const INSERT_READINGS_NAME = 'vayu_insert_readings';

/** A reading that passed every check, ready to store. */
export interface ReadingRow {
  index: number;
  tenantId: number;
  deviceId: number;
  parameterId: number;
  ms: number;
  value: number;
  unit: string;
  valueStd: number;
  provenance: string;
}

const SENT = new Set<string>(SENT_PROVENANCES);
const MAX_ID = 2_147_483_647;

function toId(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value <= MAX_ID ? value : null;
  if (typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value)) {
    const id = Number(value);
    return id <= MAX_ID ? id : null;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks one reading against its device; answers the row to store or why it is refused. */
export function checkReading(
  raw: unknown,
  index: number,
  device: IngestDevice | null | undefined,
  sender: Pick<DataSender, 'tenantIds'>,
  now: number,
): ReadingRow | ReadingRefusal {
  if (!isRecord(raw)) return 'MALFORMED';
  if (toId(raw.deviceId) === null) return raw.deviceId === undefined ? 'MALFORMED' : 'UNKNOWN_DEVICE';
  if (!device) return 'UNKNOWN_DEVICE';
  if (!sender.tenantIds.has(device.tenantId)) return 'DEVICE_NOT_IN_TENANT';
  const key =
    typeof raw.parameter === 'string'
      ? raw.parameter.trim().toLowerCase()
      : typeof raw.parameter === 'number'
        ? String(raw.parameter)
        : null;
  if (key === null) return raw.parameter === undefined ? 'MALFORMED' : 'UNKNOWN_PARAMETER';
  const parameter = device.parameters.get(key);
  if (!parameter) return 'UNKNOWN_PARAMETER';
  if (typeof raw.unit !== 'string') return raw.unit === undefined ? 'MALFORMED' : 'UNIT_NOT_ALLOWED';
  const unit = raw.unit.trim();
  let factor: number | undefined;
  if (parameter.units.size === 0) {
    if (unit.length === 0 || unit.length > 20) return 'UNIT_NOT_ALLOWED';
    factor = 1;
  } else {
    factor = parameter.units.get(unit);
    if (factor === undefined) return 'UNIT_NOT_ALLOWED';
  }
  const time = checkReadingTime(raw.time, now);
  if ('refusal' in time) return raw.time === undefined ? 'MALFORMED' : time.refusal;
  if (typeof raw.value !== 'number' || !Number.isFinite(raw.value)) return 'VALUE_NOT_NUMBER';
  const provenance = raw.provenance === undefined || raw.provenance === null ? 'measured' : raw.provenance;
  if (typeof provenance !== 'string' || !SENT.has(provenance)) return 'PROVENANCE_NOT_ALLOWED';
  const valueStd = raw.value * factor;
  if (Math.abs(raw.value) > INGEST_MAX_ABS_VALUE || !(Math.abs(valueStd) <= INGEST_MAX_ABS_VALUE)) {
    return 'VALUE_OUT_OF_RANGE';
  }
  return {
    index,
    tenantId: device.tenantId,
    deviceId: device.deviceId,
    parameterId: parameter.parameterId,
    ms: time.ms,
    value: raw.value,
    unit,
    valueStd,
    provenance,
  };
}

const keyOf = (deviceId: number, parameterId: number, ms: number) => `${deviceId}:${parameterId}:${ms}`;

const HOUR_MS = 3_600_000;
/** `Date.prototype.toISOString`'s range of four-digit years: 0000-01-01 up to 10000-01-01. */
const ISO_FROM_MS = -62_167_219_200_000;
const ISO_TO_MS = 253_402_300_800_000;
let isoHour = NaN;
let isoHourPrefix = '';

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * A time as `toISOString` writes it. A batch's readings fall in an hour or
 * two, so the date and hour are written once per hour and the rest by hand
 * (`toISOString` took 65 µs of each batch of 100).
 */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < ISO_FROM_MS || ms >= ISO_TO_MS) return new Date(ms).toISOString();
  const hour = Math.floor(ms / HOUR_MS);
  if (hour !== isoHour) {
    isoHour = hour;
    isoHourPrefix = new Date(hour * HOUR_MS).toISOString().slice(0, 14); // YYYY-MM-DDTHH:
  }
  const rest = ms - hour * HOUR_MS;
  return `${isoHourPrefix}${pad2(Math.floor(rest / 60_000))}:${pad2(Math.floor(rest / 1000) % 60)}.${pad3(rest % 1000)}Z`;
}

/**
 * The readings of one insert that went in. When as many came back as were
 * sent (the usual batch), every one did, and nothing is looked up.
 */
export class InsertedReadings {
  private keys: Set<string> | undefined;

  constructor(
    private readonly inserted: readonly { device_id: number; parameter_id: number; ms: number }[],
    private readonly sent: number,
  ) {}

  /** How many went in. */
  get size() {
    return this.inserted.length;
  }

  /** Whether `row` went in: of two equal readings in one batch the first did, and the second is its duplicate. */
  take(row: Pick<ReadingRow, 'deviceId' | 'parameterId' | 'ms'>): boolean {
    if (this.inserted.length === this.sent) return true;
    this.keys ??= new Set(
      this.inserted.map((r) => keyOf(r.device_id, r.parameter_id, Math.round(Number(r.ms)))),
    );
    return this.keys.delete(keyOf(row.deviceId, row.parameterId, row.ms));
  }
}

/** Stores checked rows in one statement; answers which went in. */
export async function insertReadings(
  database: Pick<DatabaseHandle, 'query'>,
  rows: readonly ReadingRow[],
  source: { source: ReadingSource; tokenId: number | null },
): Promise<InsertedReadings> {
  const sorted = [...rows].sort(
    (a, b) =>
      a.tenantId - b.tenantId || a.deviceId - b.deviceId || a.parameterId - b.parameterId || a.ms - b.ms,
  );
  const n = sorted.length;
  const tenantIds = new Array<number>(n);
  const deviceIds = new Array<number>(n);
  const parameterIds = new Array<number>(n);
  const times = new Array<string>(n);
  const values = new Array<number>(n);
  const units = new Array<string>(n);
  const valuesStd = new Array<number>(n);
  const provenances = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const row = sorted[i]!;
    tenantIds[i] = row.tenantId;
    deviceIds[i] = row.deviceId;
    parameterIds[i] = row.parameterId;
    times[i] = isoTime(row.ms);
    values[i] = row.value;
    units[i] = row.unit;
    valuesStd[i] = row.valueStd;
    provenances[i] = row.provenance;
  }
  const inserted = await database.query<{ device_id: number; parameter_id: number; ms: number }>(
    INSERT_READINGS_SQL,
    [
      tenantIds,
      deviceIds,
      parameterIds,
      times,
      values,
      units,
      valuesStd,
      provenances,
      source.source,
      source.tokenId,
    ],
    INSERT_READINGS_NAME,
  );
  return new InsertedReadings(inserted, n);
}

/** A refused reading, for the log files (`ingest_refusals`). */
interface Refusal {
  tenantId: number | null;
  deviceId: number | null;
  code: ReadingRefusal;
  sent: string;
}

/** Refusals kept per batch: a batch of garbage says what is wrong in its first rows. */
const REFUSALS_KEPT_PER_BATCH = 100;
const SENT_KEPT_CHARS = 500;

function sentText(raw: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(raw) ?? String(raw);
  } catch {
    text = String(raw);
  }
  // JSON escapes NUL; the fallback may not, and PostgreSQL text cannot hold it.
  text = text.replaceAll('\u0000', '');
  return text.length > SENT_KEPT_CHARS ? `${text.slice(0, SENT_KEPT_CHARS - 1)}…` : text;
}

/**
 * Keeps a batch's refused readings for the log files, in one statement. A row
 * names the device only when it is one the token may send for; otherwise it
 * belongs to the sending edge client's industry (an app's stays unnamed), so
 * no industry's log shows another's traffic.
 */
async function keepRefusals(
  database: Pick<DatabaseHandle, 'query'>,
  refusals: readonly Refusal[],
  sender: DataSender,
) {
  if (refusals.length === 0) return;
  await database.query(
    `INSERT INTO ingest_refusals (tenant_id, device_id, code, sent, source, token_id)
     SELECT r.tenant_id, r.device_id, r.code, r.sent, $5, $6
       FROM unnest($1::int4[], $2::int4[], $3::text[], $4::text[]) AS r(tenant_id, device_id, code, sent)`,
    [
      refusals.map((r) => r.tenantId),
      refusals.map((r) => r.deviceId),
      refusals.map((r) => r.code),
      refusals.map((r) => r.sent),
      sender.kind,
      sender.tokenId,
    ],
  );
}

export interface IngestService {
  /** Checks and stores a batch sent with `sender`'s token; `deviceId`, when given (MQTT topic), is the only device the batch may name. */
  ingest(
    sender: DataSender,
    readings: readonly unknown[],
    options?: { deviceId?: number },
  ): Promise<IngestResult>;
}

export function createIngestService(deps: { database: Pick<DatabaseHandle, 'query' | 'db'> }): IngestService {
  const { database } = deps;
  return {
    async ingest(sender, readings, options = {}) {
      const now = Date.now();
      const ids: number[] = [];
      for (const raw of readings) {
        const id = isRecord(raw) ? toId(raw.deviceId) : null;
        if (id !== null) ids.push(id);
      }
      const devices = await loadIngestDevices(database, ids, now);
      const results: ReadingResult[] = new Array(readings.length);
      const rows: ReadingRow[] = [];
      let refused = 0;
      let outsideTenants = 0;
      const refusals: Refusal[] = [];
      for (let index = 0; index < readings.length; index++) {
        const raw = readings[index];
        const id = isRecord(raw) ? toId(raw.deviceId) : null;
        const checked =
          options.deviceId !== undefined && id !== null && id !== options.deviceId
            ? ('UNKNOWN_DEVICE' as const)
            : checkReading(raw, index, id === null ? null : devices.get(id), sender, now);
        if (typeof checked === 'string') {
          if (checked === 'DEVICE_NOT_IN_TENANT') outsideTenants++;
          refused++;
          if (refusals.length < REFUSALS_KEPT_PER_BATCH) {
            const device = id === null ? undefined : devices.get(id);
            const own = device && checked !== 'UNKNOWN_DEVICE' && checked !== 'DEVICE_NOT_IN_TENANT';
            refusals.push({
              tenantId: own ? device.tenantId : sender.tenantId,
              deviceId: own ? device.deviceId : null,
              code: checked,
              sent: sentText(raw),
            });
          }
          results[index] = {
            index,
            status: 'refused',
            code: checked,
            message: READING_REFUSAL_MESSAGES[checked],
          };
          continue;
        }
        rows.push(checked);
      }
      await keepRefusals(database, refusals, sender);
      if (outsideTenants === readings.length) {
        throw new AppError(
          'DEVICE_NOT_IN_TENANT',
          'This key may not send readings for the industry of these devices.',
          readings.slice(0, 20).map((_, index) => ({
            path: `readings.${index}.deviceId`,
            message: READING_REFUSAL_MESSAGES.DEVICE_NOT_IN_TENANT,
            code: 'FIELD_UNAVAILABLE' as const,
          })),
        );
      }
      let accepted = 0;
      if (rows.length > 0) {
        const inserted = await insertReadings(database, rows, {
          source: sender.kind,
          tokenId: sender.tokenId,
        });
        for (const row of rows) {
          if (inserted.take(row)) {
            accepted++;
            results[row.index] = { index: row.index, status: 'accepted' };
          } else {
            results[row.index] = { index: row.index, status: 'duplicate' };
          }
        }
      }
      return { accepted, duplicates: rows.length - accepted, refused, results };
    },
  };
}
