import { and } from 'drizzle-orm';
import type { AlarmExportQuery } from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { alerts } from '../../db/schema/index.js';
import { type CsvExport, type ExportBatch, formatIstDateTime, humanize } from '../../lib/csv-export.js';
import { alertListWhere, alertsFrom } from './alerts.service.js';

/** The alarm list's order: newest first, then id. */
const KEYS = [
  { expression: alerts.startedAt, direction: 'desc', type: 'timestamptz' },
  { expression: alerts.id, direction: 'desc', type: 'integer' },
] as const;

function selectBatch(exec: Executor, ctx: RequestContext, query: AlarmExportQuery, now: Date) {
  // As `GET /api/alarm`: the alerts of the industries in scope, open or begun within the alerts window.
  const where = alertListWhere(scopeOf(ctx.principal), query, now);
  return (batch: ExportBatch) =>
    alertsFrom(exec, batch.cursor)
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
      { header: 'Monitoring point', value: (r) => r.monitoringPointName },
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
