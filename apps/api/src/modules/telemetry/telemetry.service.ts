import type { entityDataBodySchema } from '@vayu/domain';
import {
  DATA_DIM_MS,
  DATA_MAX_RANGE_MS,
  getDataFreshness,
  MONITORED_WINDOW_MS,
  slotStart,
  type DataPoint,
  type DataSeries,
  type DeviceReadings,
  type EntityData,
  type Monitored,
  type MonitoredPoint,
  type Provenance,
} from '@vayu/domain';
import type { z } from 'zod';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { JsonText } from '../../lib/serializer.js';
import { visibleIndustry } from '../accounts/industry-access.js';
import { findDeviceOwner } from '../devices/devices.repository.js';
import { deriveSeries, findDerivedInputKeys } from './derived.js';
import { readSeriesParts, seriesArrayParts } from './series.js';
import { joinParts, type JsonPart } from '../../lib/json-parts.js';

type EntityDataInput = z.output<typeof entityDataBodySchema>;
type Query = Pick<DatabaseHandle, 'query'>;

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const toIsoOrNull = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : toIso(value);

interface SeriesRow extends Record<string, unknown> {
  device_id: number;
  device_name: string;
  parameter_id: number;
  param_key: string;
  label: string;
  std_unit: string | null;
  metric_agg: 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'COUNT';
  is_counter: boolean;
}

/** Each device's newest reading time (kept by the readings insert). */
const LAST_DATA_SQL = `
  SELECT d.id AS device_id, d.name AS device_name, d.monitoring_point_id, l.last_ts AS last_data_at
    FROM devices d
    LEFT JOIN device_last_data l ON l.tenant_id = d.tenant_id AND l.device_id = d.id
   WHERE d.tenant_id = $1 AND d.status <> 'DELETED'
   ORDER BY lower(d.name), d.id`;

function refuseRange(path: 'startDate' | 'endDate', message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path, message, code: 'FIELD_INVALID' }]);
}

export interface TelemetryService {
  entityData(
    ctx: RequestContext,
    tenantId: number,
    entityId: number,
    body: EntityDataInput,
  ): Promise<EntityData | JsonText<EntityData>>;
  monitored(ctx: RequestContext, tenantId: number): Promise<Monitored>;
  deviceReadings(ctx: RequestContext, deviceId: number): Promise<DeviceReadings>;
}

export function createTelemetryService(deps: { db: Database; database: Query }): TelemetryService {
  const { db, database } = deps;

  async function findPoint(tenantId: number, entityId: number) {
    const [point] = await database.query<{ id: number; name: string; entity_type: string }>(
      `SELECT id, name, entity_type FROM monitoring_points WHERE id = $1 AND tenant_id = $2 AND status <> 'DELETED'`,
      [entityId, tenantId],
    );
    if (!point) throw notFound('Monitoring point');
    return point;
  }

  return {
    async entityData(ctx, tenantId, entityId, body) {
      await visibleIndustry(db, ctx, tenantId);
      await findPoint(tenantId, entityId);
      const now = Date.now();
      const endMs = body.endDate ? Date.parse(body.endDate) : now;
      const requestedStart = body.startDate ? Date.parse(body.startDate) : endMs - MONITORED_WINDOW_MS;
      if (requestedStart >= endMs) throw refuseRange('endDate', 'The end must be after the start.');
      // Readings are never ahead of the clock (ingestion refuses them): a later end can only be a mistake.
      if (endMs > now + DATA_DIM_MS.day)
        throw refuseRange('endDate', 'The end cannot be more than a day from now.');
      if (endMs - requestedStart > DATA_MAX_RANGE_MS) {
        throw refuseRange('startDate', 'At most 31 days of data can be asked for at once.');
      }
      const startMs = slotStart(requestedStart, body.dim);
      const result: EntityData = {
        entityId,
        dim: body.dim,
        startDate: new Date(startMs).toISOString(),
        endDate: new Date(endMs).toISOString(),
        series: [],
      };

      const catalog = await database.query<SeriesRow>(
        `SELECT d.id AS device_id, d.name AS device_name, p.id AS parameter_id, p.param_key, p.label, p.std_unit,
                p.metric_agg, (p.is_counter OR dp.is_counter) AS is_counter
           FROM devices d
           JOIN device_params dp ON dp.device_id = d.id AND dp.enabled
           JOIN parameters p ON p.id = dp.parameter_id
          WHERE d.monitoring_point_id = $1 AND d.tenant_id = $2 AND d.status <> 'DELETED'
            AND ($3::int4 IS NULL OR d.id = $3::int4)
          ORDER BY lower(d.name), d.id, dp.position, p.id`,
        [entityId, tenantId, body.deviceId ?? null],
      );
      const wanted = new Set(body.metrics.map((metric) => metric.toLowerCase()));
      // A derived parameter asked for by key needs the measured series it is computed from.
      const inputs = await findDerivedInputKeys(db, wanted);
      const selected = catalog.filter(
        (row) =>
          wanted.size === 0 ||
          wanted.has(row.param_key.toLowerCase()) ||
          inputs.has(row.param_key.toLowerCase()),
      );
      if (selected.length === 0) return result;

      const series = selected.map((row) => ({
        deviceId: row.device_id,
        deviceName: row.device_name,
        parameterId: row.parameter_id,
        key: row.param_key,
        label: row.label,
        unit: row.std_unit,
        aggregation: row.is_counter ? ('DIFF' as const) : row.metric_agg,
        isDerived: false,
      }));
      const points = await readSeriesParts(database, {
        tenantId,
        series,
        dim: body.dim,
        fromMs: startMs,
        toMs: endMs,
      });
      const measured = series.map((item, index) => ({ ...item, points: points[index]! }));
      // Series read only to compute a derived one are not answered.
      const isAnswered = (series: { key: string }) =>
        wanted.size === 0 || wanted.has(series.key.toLowerCase());
      // Whether a derived series is computed depends on the keys present, not on their values.
      const derives =
        (
          await deriveSeries(
            db,
            series.map((item) => ({ ...item, points: [] })),
            wanted,
          )
        ).length > 0;
      if (!derives) return new JsonText<EntityData>(writeEntityData(result, measured.filter(isAnswered)));

      const parsed = measured.map((series) => ({
        ...series,
        points: JSON.parse(joinParts(seriesArrayParts(series.points))) as DataPoint[],
      }));
      const derived = await deriveSeries(db, parsed, wanted);
      result.series = [...parsed.filter(isAnswered), ...derived];
      return result;
    },

    async monitored(ctx, tenantId) {
      await visibleIndustry(db, ctx, tenantId);
      const now = Date.now();
      const points = await database.query<{ id: number; name: string; entity_type: string }>(
        `SELECT id, name, entity_type FROM monitoring_points
          WHERE tenant_id = $1 AND status <> 'DELETED' ORDER BY lower(name), id`,
        [tenantId],
      );
      const deviceRows = await database.query<{
        device_id: number;
        device_name: string;
        monitoring_point_id: number;
        last_data_at: Date | string | null;
      }>(LAST_DATA_SQL, [tenantId]);
      const byPoint = new Map<number, MonitoredPoint>();
      const list: MonitoredPoint[] = points.map((point) => {
        const entry: MonitoredPoint = {
          entityId: point.id,
          name: point.name,
          entityType: point.entity_type,
          lastDataAt: null,
          freshness: 'OFFLINE',
          devices: [],
        };
        byPoint.set(point.id, entry);
        return entry;
      });
      let tenantLast: number | null = null;
      for (const row of deviceRows) {
        const point = byPoint.get(row.monitoring_point_id);
        if (!point) continue;
        const last = row.last_data_at === null ? null : new Date(row.last_data_at).getTime();
        point.devices.push({
          deviceId: row.device_id,
          name: row.device_name,
          lastDataAt: toIsoOrNull(row.last_data_at),
          freshness: getDataFreshness(last, now),
        });
        if (last !== null) {
          const pointLast = point.lastDataAt === null ? null : Date.parse(point.lastDataAt);
          if (pointLast === null || last > pointLast) point.lastDataAt = new Date(last).toISOString();
          if (tenantLast === null || last > tenantLast) tenantLast = last;
        }
      }
      for (const point of list) {
        point.freshness = getDataFreshness(
          point.lastDataAt === null ? null : Date.parse(point.lastDataAt),
          now,
        );
      }
      return {
        tenantId,
        lastDataAt: tenantLast === null ? null : new Date(tenantLast).toISOString(),
        freshness: getDataFreshness(tenantLast, now),
        points: list,
      };
    },

    async deviceReadings(ctx, deviceId) {
      const owner = await findDeviceOwner(db, scopeOf(ctx.principal), deviceId);
      if (!owner) throw notFound('Device');
      const now = Date.now();
      const [header] = await database.query<{
        name: string;
        tenant_id: number;
        tenant_name: string;
        monitoring_point_id: number;
        monitoring_point: string;
      }>(
        `SELECT d.name, d.tenant_id, a.name AS tenant_name, d.monitoring_point_id, mp.name AS monitoring_point
           FROM devices d JOIN accounts a ON a.id = d.tenant_id JOIN monitoring_points mp ON mp.id = d.monitoring_point_id
          WHERE d.id = $1`,
        [deviceId],
      );
      if (!header) throw notFound('Device');
      const rows = await database.query<{
        parameter_id: number;
        param_key: string;
        label: string;
        std_unit: string | null;
        standard_limit: number | null;
        is_counter: boolean;
        ts: Date | string | null;
        value: number | null;
        unit: string | null;
        value_std: number | null;
        provenance: Provenance | null;
      }>(
        `SELECT dp.parameter_id, p.param_key, p.label, p.std_unit, p.standard_limit,
                (p.is_counter OR dp.is_counter) AS is_counter, l.ts, l.value, l.unit, l.value_std, l.provenance
           FROM device_params dp
           JOIN parameters p ON p.id = dp.parameter_id
           LEFT JOIN LATERAL (SELECT r.ts, r.value, r.unit, r.value_std, r.provenance FROM readings r
                               WHERE r.tenant_id = dp.tenant_id AND r.device_id = dp.device_id
                                 AND r.parameter_id = dp.parameter_id
                               ORDER BY r.ts DESC, r.revision DESC LIMIT 1) l ON true
          WHERE dp.device_id = $1 AND dp.enabled
          ORDER BY dp.position, p.id`,
        [deviceId],
      );
      let last: number | null = null;
      const parameters = rows.map((row) => {
        const time = row.ts === null ? null : new Date(row.ts).getTime();
        if (time !== null && (last === null || time > last)) last = time;
        return {
          parameterId: row.parameter_id,
          key: row.param_key,
          label: row.label,
          unit: row.std_unit,
          sentUnit: row.unit,
          sentValue: row.value,
          value: row.value_std,
          time: time === null ? null : new Date(time).toISOString(),
          provenance: row.provenance,
          limit: row.standard_limit,
          freshness: getDataFreshness(time, now),
          isCounter: row.is_counter,
        };
      });
      return {
        deviceId,
        name: header.name,
        tenantId: header.tenant_id,
        tenantName: header.tenant_name,
        monitoringPointId: header.monitoring_point_id,
        monitoringPoint: header.monitoring_point,
        lastDataAt: last === null ? null : new Date(last).toISOString(),
        freshness: getDataFreshness(last, now),
        parameters,
      };
    },
  };
}

/**
 * The answer's JSON with each series' points as the database wrote them
 * (`series.ts`), spliced in as they are.
 */
function writeEntityData(
  envelope: EntityData,
  series: ReadonlyArray<Omit<DataSeries, 'points'> & { points: JsonPart[] }>,
): JsonPart[] {
  const head = JSON.stringify({ ...envelope, series: undefined });
  const parts: JsonPart[] = [`${head.slice(0, -1)},"series":[`];
  series.forEach(({ points, ...meta }, index) => {
    parts.push(`${index > 0 ? ',' : ''}${JSON.stringify(meta).slice(0, -1)},"points":`);
    parts.push(...seriesArrayParts(points), '}');
  });
  parts.push(']}');
  return parts;
}
