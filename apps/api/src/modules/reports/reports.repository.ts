import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  Report,
  ReportFrequency,
  ReportParameter,
  ReportPoint,
  ReportSchedule,
  ReportStatus,
} from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  monitoringPoints,
  parameters,
  reportSchedules,
  reports,
  users,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { findLimitsInForce } from '../alerts/limits-in-force.js';

/*
 * Reports and schedules as the API shows them, and the monitoring points and
 * series a report is made of. Callers give the scope condition; these only
 * run the statements and map rows.
 */

const reportColumns = {
  id: reports.id,
  tenantId: reports.tenantId,
  tenantName: accounts.name,
  monitoringPointId: reports.monitoringPointId,
  monitoringPointName: monitoringPoints.name,
  parameterIds: reports.parameterIds,
  from: reports.fromDate,
  to: reports.toDate,
  resolution: reports.resolution,
  status: reports.status,
  progress: reports.progress,
  error: reports.error,
  rowCount: reports.rowCount,
  scheduleId: reports.scheduleId,
  requestedBy: users.name,
  createdAt: reports.createdAt,
  finishedAt: reports.finishedAt,
  csvKey: reports.csvKey,
  pdfKey: reports.pdfKey,
  mailTo: reports.mailTo,
  frequency: reportSchedules.frequency,
};

export type ReportRow = Awaited<ReturnType<typeof selectReportRows>>[number];

/** A report with what only the API uses: its files, who it is still to be mailed to, its schedule's frequency. */
export interface StoredReport extends Report {
  csvKey: string | null;
  pdfKey: string | null;
  mailTo: string[];
  frequency: ReportFrequency | null;
}

function selectReportRows(exec: Executor, where: SQL | undefined, limit: number, offset = 0) {
  return exec
    .select(reportColumns)
    .from(reports)
    .innerJoin(accounts, eq(accounts.id, reports.tenantId))
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, reports.monitoringPointId))
    .leftJoin(users, eq(users.id, reports.requestedBy))
    .leftJoin(reportSchedules, eq(reportSchedules.id, reports.scheduleId))
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit)
    .offset(offset);
}

/** The catalogue's label and unit of each parameter named. */
export async function findParameters(
  exec: Executor,
  ids: readonly number[],
): Promise<Map<number, ReportParameter>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await exec
    .select({ id: parameters.id, label: parameters.label, unit: parameters.stdUnit })
    .from(parameters)
    .where(inArray(parameters.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

const parametersOf = (ids: readonly number[], known: Map<number, ReportParameter>): ReportParameter[] =>
  ids.map((id) => known.get(id) ?? { id, label: `#${id}`, unit: null });

function toStoredReport(row: ReportRow, known: Map<number, ReportParameter>): StoredReport {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    monitoringPointId: row.monitoringPointId,
    monitoringPointName: row.monitoringPointName,
    parameters: parametersOf(row.parameterIds, known),
    from: row.from,
    to: row.to,
    resolution: row.resolution,
    status: row.status,
    progress: row.progress,
    error: row.error,
    rowCount: row.rowCount,
    scheduleId: row.scheduleId,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    csvKey: row.csvKey,
    pdfKey: row.pdfKey,
    mailTo: row.mailTo,
    frequency: row.frequency,
  };
}

/** What the API answers of a stored report. */
export function toReport(stored: StoredReport): Report {
  const { csvKey: _csv, pdfKey: _pdf, mailTo: _mailTo, frequency: _frequency, ...report } = stored;
  return report;
}

/** A page of reports (newest first) matching `where`, with their parameters. */
export async function findReports(
  exec: Executor,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<StoredReport[]> {
  const rows = await selectReportRows(exec, where, limit, offset);
  const known = await findParameters(
    exec,
    rows.flatMap((row) => row.parameterIds),
  );
  return rows.map((row) => toStoredReport(row, known));
}

/** One report matching `where` (its id and the caller's scope), locked for the transaction when asked. */
export async function findReport(
  exec: Executor,
  where: SQL | undefined,
  options: { lock?: boolean } = {},
): Promise<StoredReport | undefined> {
  if (options.lock) {
    const [locked] = await exec.select({ id: reports.id }).from(reports).where(where).for('update', {
      of: reports,
    });
    if (!locked) return undefined;
  }
  const [found] = await findReports(exec, where, 1, 0);
  return found;
}

/** The matching reports, for counting a list. */
export const reportMatches = (exec: Executor, where: SQL | undefined) =>
  exec.select({ id: reports.id }).from(reports).where(where).$dynamic();

// ── Schedules ──────────────────────────────────────────────────────────────

const scheduleColumns = {
  id: reportSchedules.id,
  tenantId: reportSchedules.tenantId,
  tenantName: accounts.name,
  monitoringPointId: reportSchedules.monitoringPointId,
  monitoringPointName: monitoringPoints.name,
  parameterIds: reportSchedules.parameterIds,
  resolution: reportSchedules.resolution,
  frequency: reportSchedules.frequency,
  recipients: reportSchedules.recipients,
  nextRunAt: reportSchedules.nextRunAt,
  lastRunAt: reportSchedules.lastRunAt,
  createdBy: users.name,
  createdAt: reportSchedules.createdAt,
};

export async function findSchedules(
  exec: Executor,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<ReportSchedule[]> {
  const rows = await exec
    .select(scheduleColumns)
    .from(reportSchedules)
    .innerJoin(accounts, eq(accounts.id, reportSchedules.tenantId))
    .innerJoin(monitoringPoints, eq(monitoringPoints.id, reportSchedules.monitoringPointId))
    .leftJoin(users, eq(users.id, reportSchedules.createdBy))
    .where(where)
    .orderBy(desc(reportSchedules.id))
    .limit(limit)
    .offset(offset);
  const known = await findParameters(
    exec,
    rows.flatMap((row) => row.parameterIds),
  );
  return rows.map(({ parameterIds, ...row }) => ({
    ...row,
    parameters: parametersOf(parameterIds, known),
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export const scheduleMatches = (exec: Executor, where: SQL | undefined) =>
  exec.select({ id: reportSchedules.id }).from(reportSchedules).where(where).$dynamic();

// ── Points and series ──────────────────────────────────────────────────────

/** A series of a point: a parameter as one device measures it. */
export interface PointSeriesRow {
  device_id: number;
  device_name: string;
  parameter_id: number;
  label: string;
  std_unit: string | null;
  metric_agg: 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'COUNT';
  is_counter: boolean;
}

/**
 * The series of an industry's monitoring point (null: of all its points):
 * each enabled parameter of each device at it (devices not deleted), with the
 * parameter's aggregation.
 */
export async function findPointSeries(
  exec: Executor,
  tenantId: number,
  monitoringPointId: number | null,
): Promise<(PointSeriesRow & { monitoring_point_id: number })[]> {
  return rowsOf(
    await exec.execute(sql`
      SELECT d.monitoring_point_id, d.id AS device_id, d.name AS device_name, p.id AS parameter_id, p.label,
             p.std_unit, p.metric_agg, (p.is_counter OR dp.is_counter) AS is_counter
        FROM devices d
        JOIN device_params dp ON dp.device_id = d.id AND dp.enabled
        JOIN parameters p ON p.id = dp.parameter_id
       WHERE d.tenant_id = ${tenantId} AND d.status <> 'DELETED'
         AND (${monitoringPointId}::int4 IS NULL OR d.monitoring_point_id = ${monitoringPointId}::int4)
       ORDER BY lower(d.name), d.id, dp.position, p.id
       LIMIT 5000`),
  );
}

/** An industry's monitoring point that is not deleted. */
export async function findPoint(exec: Executor, tenantId: number, monitoringPointId: number) {
  const [point] = await exec
    .select({ id: monitoringPoints.id, name: monitoringPoints.name, status: monitoringPoints.status })
    .from(monitoringPoints)
    .where(and(eq(monitoringPoints.id, monitoringPointId), eq(monitoringPoints.tenantId, tenantId)))
    .limit(1);
  return point?.status === 'DELETED' ? undefined : point;
}

/** An industry's monitoring points (not deleted) with the parameters measured at each. */
export async function findReportPoints(exec: Executor, tenantId: number): Promise<ReportPoint[]> {
  const points = await exec
    .select({ id: monitoringPoints.id, name: monitoringPoints.name, entityType: monitoringPoints.entityType })
    .from(monitoringPoints)
    .where(and(eq(monitoringPoints.tenantId, tenantId), sql`${monitoringPoints.status} <> 'DELETED'`))
    .orderBy(sql`lower(${monitoringPoints.name})`, monitoringPoints.id)
    .limit(500);
  const series = await findPointSeries(exec, tenantId, null);
  const answer: ReportPoint[] = [];
  for (const point of points) {
    const measured = new Map<number, PointSeriesRow>();
    for (const row of series) {
      if (row.monitoring_point_id === point.id && !measured.has(row.parameter_id)) {
        measured.set(row.parameter_id, row);
      }
    }
    const limits = await findLimitsInForce(exec, {
      tenantId,
      monitoringPointId: point.id,
      parameterIds: [...measured.keys()],
    });
    const parameters = [...measured.values()]
      .map((row) => ({
        id: row.parameter_id,
        label: row.label,
        unit: row.std_unit,
        limit: limits.get(row.parameter_id) ?? null,
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
    answer.push({ ...point, parameters });
  }
  return answer;
}

/** Moves a report on as its job goes; only while it runs, so a late write cannot undo its end. */
export async function setReportProgress(exec: Executor, id: number, progress: number) {
  await exec
    .update(reports)
    .set({ progress: Math.max(0, Math.min(100, Math.round(progress))) })
    .where(and(eq(reports.id, id), eq(reports.status, 'RUNNING' satisfies ReportStatus)));
}
