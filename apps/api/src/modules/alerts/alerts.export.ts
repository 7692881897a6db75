import { and, eq, gte, isNull, or } from 'drizzle-orm';
import { ALERT_WINDOW_MS, type AlarmExportQuery } from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf, tenantRowsWhere } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { accounts, alerts, devices, monitoringPoints, parameters, users } from '../../db/schema/index.js';
import { type CsvExport, type ExportBatch, formatIstDateTime, humanize } from '../../lib/csv-export.js';

/** The alarm list's order: newest first, then id. */
const KEYS = [
  { expression: alerts.startedAt, direction: 'desc', type: 'timestamptz' },
  { expression: alerts.id, direction: 'desc', type: 'integer' },
] as const;

function selectBatch(exec: Executor, ctx: RequestContext, query: AlarmExportQuery, now: Date) {
  // As `GET /api/alarm`: the alerts of the industries in scope, open or begun within the alerts window.
  const where = and(
    tenantRowsWhere(scopeOf(ctx.principal), alerts.tenantId),
    or(isNull(alerts.endedAt), gte(alerts.startedAt, new Date(now.getTime() - ALERT_WINDOW_MS))),
    query.alertType ? eq(alerts.type, query.alertType) : undefined,
    query.open ? isNull(alerts.endedAt) : undefined,
  );
  return (batch: ExportBatch) =>
    exec
      .select({
        id: alerts.id,
        type: alerts.type,
        tenantName: accounts.name,
        pointName: monitoringPoints.name,
        deviceName: devices.name,
        parameterLabel: parameters.label,
        unit: parameters.stdUnit,
        limit: alerts.limit,
        firstValue: alerts.firstValue,
        peakValue: alerts.peakValue,
        lastValue: alerts.lastValue,
        provenance: alerts.provenance,
        startedAt: alerts.startedAt,
        endedAt: alerts.endedAt,
        acknowledgedAt: alerts.acknowledgedAt,
        acknowledgedBy: users.name,
        ...batch.cursor,
      })
      .from(alerts)
      .innerJoin(accounts, eq(accounts.id, alerts.tenantId))
      .innerJoin(devices, eq(devices.id, alerts.deviceId))
      .leftJoin(monitoringPoints, eq(monitoringPoints.id, alerts.monitoringPointId))
      .leftJoin(parameters, eq(parameters.id, alerts.parameterId))
      .leftJoin(users, eq(users.id, alerts.acknowledgedBy))
      .where(and(where, batch.after))
      .orderBy(...batch.orderBy)
      .limit(batch.limit);
}

type AlarmExportRow = Awaited<ReturnType<ReturnType<typeof selectBatch>>>[number];

/** `GET /api/alarm/export`: the alarm list's rows for the same filters and scope. */
export function alarmsExport(
  exec: Executor,
  ctx: RequestContext,
  query: AlarmExportQuery,
  now = new Date(),
): CsvExport<AlarmExportRow> {
  return {
    name: 'alarms',
    keys: KEYS,
    readBatch: selectBatch(exec, ctx, query, now),
    columns: [
      { header: 'ID', value: (r) => r.id },
      { header: 'Type', value: (r) => humanize(r.type) },
      { header: 'Industry', value: (r) => r.tenantName },
      { header: 'Monitoring point', value: (r) => r.pointName },
      { header: 'Device', value: (r) => r.deviceName },
      { header: 'Parameter', value: (r) => r.parameterLabel },
      { header: 'Unit', value: (r) => r.unit },
      { header: 'Limit', value: (r) => r.limit },
      { header: 'First value', value: (r) => r.firstValue },
      { header: 'Peak value', value: (r) => r.peakValue },
      { header: 'Last value', value: (r) => r.lastValue },
      { header: 'Source', value: (r) => r.provenance.map((p) => humanize(p)).join(', ') },
      { header: 'Started (IST)', value: (r) => formatIstDateTime(r.startedAt) },
      { header: 'Ended (IST)', value: (r) => formatIstDateTime(r.endedAt) },
      { header: 'Acknowledged (IST)', value: (r) => formatIstDateTime(r.acknowledgedAt) },
      { header: 'Acknowledged by', value: (r) => r.acknowledgedBy },
    ],
  };
}
