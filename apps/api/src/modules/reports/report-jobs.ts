import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import {
  REPORT_MESSAGES,
  nextScheduleRun,
  reportRangeOf,
  schedulePeriodOf,
  type DataPoint,
  type ReportResolution,
} from '@vayu/domain';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { reportSchedules, reports } from '../../db/schema/index.js';
import { jobQueue } from '../../jobs/job-definitions.js';
import { PermanentJobError } from '../../jobs/job-queue.js';
import type { JobContext } from '../../jobs/job-worker.js';
import type { FileStore } from '../../lib/file-store.js';
import type { Mailer } from '../../lib/mailer.js';
import { readSeriesPoints, type SeriesRequest } from '../telemetry/series.js';
import { renderReportCsv, renderReportPdf, type ReportDocument } from './report-files.js';
import { queueReportMails } from './report-mail.js';
import { tabulateSeries, type ReportSeries, type ReportSeriesTable } from './report-table.js';
import { findLimitsInForce } from '../alerts/limits-in-force.js';
import {
  findParameters,
  findPoint,
  findPointSeries,
  findReport,
  setReportProgress,
} from './reports.repository.js';

export interface ReportJobDeps {
  database: Pick<DatabaseHandle, 'db' | 'query'>;
  files: FileStore;
  mailer: Mailer;
  /** The console's address, for the links in report mails. */
  publicUrl: string;
  /** The job's clock (tests move it). */
  clock?: () => Date;
}

/**
 * The `reports.generate` job: marks the report RUNNING, works its table out
 * parameter by parameter (moving its progress on after each), writes its CSV
 * and PDF to the file store, then marks it DONE and queues its mails in one
 * transaction. A try that fails leaves the report QUEUED with the reason
 * while the queue tries again, and FAILED after the last try. A report
 * already DONE (a try that ran again after it finished) is left alone.
 */
export function reportsGenerateJob(deps: ReportJobDeps) {
  return async ({ reportId }: { reportId: number }, context: Pick<JobContext, 'job' | 'signal'>) => {
    try {
      return await generateReport(deps, reportId, context.signal);
    } catch (error) {
      const isLastTry = error instanceof PermanentJobError || context.job.attempts >= context.job.maxAttempts;
      // A reason of the report's own is kept; the server's own errors stay in the job's log.
      const reason = error instanceof PermanentJobError ? error.message : REPORT_MESSAGES.serverError;
      await deps.database.db
        .update(reports)
        .set({
          status: isLastTry ? 'FAILED' : 'QUEUED',
          error: reason,
          progress: 0,
          ...(isLastTry ? { finishedAt: new Date() } : {}),
        })
        .where(and(eq(reports.id, reportId), inArray(reports.status, ['QUEUED', 'RUNNING'])));
      throw error;
    }
  };
}

async function generateReport(deps: ReportJobDeps, reportId: number, signal: AbortSignal) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const claimed = await db
    .update(reports)
    .set({ status: 'RUNNING', progress: 0, startedAt: clock() })
    .where(and(eq(reports.id, reportId), inArray(reports.status, ['QUEUED', 'RUNNING'])))
    .returning({ id: reports.id });
  if (claimed.length === 0) {
    const [row] = await db.select({ status: reports.status }).from(reports).where(eq(reports.id, reportId));
    if (!row) throw new PermanentJobError(`report ${reportId} does not exist`);
    return { skipped: row.status };
  }
  const report = (await findReport(db, eq(reports.id, reportId)))!;
  if (!(await findPoint(db, report.tenantId, report.monitoringPointId))) {
    throw new PermanentJobError(REPORT_MESSAGES.pointGone);
  }

  const now = clock();
  const range = reportRangeOf(report.from, report.to);
  const catalog = await findPointSeries(db, report.tenantId, report.monitoringPointId);
  const parameterIds = report.parameters.map((parameter) => parameter.id);
  const known = await findParameters(db, parameterIds);
  const limits = await findLimitsInForce(db, {
    tenantId: report.tenantId,
    monitoringPointId: report.monitoringPointId,
    parameterIds,
  });
  const tables: ReportSeriesTable[] = [];
  const steps = report.parameters.length + 1;
  for (const [index, parameter] of report.parameters.entries()) {
    if (signal.aborted) throw signal.reason as Error;
    const described = known.get(parameter.id) ?? parameter;
    const measuring = catalog.filter((row) => row.parameter_id === parameter.id);
    const series: SeriesRequest[] = measuring.map((row) => ({
      deviceId: row.device_id,
      parameterId: row.parameter_id,
      aggregation: row.is_counter ? 'DIFF' : row.metric_agg,
    }));
    const texts = await readSeriesPoints(deps.database, {
      tenantId: report.tenantId,
      series,
      dim: 'minute_15',
      fromMs: range.fromMs,
      toMs: Math.min(range.toMs, now.getTime()),
    });
    const seriesOf = (points: readonly DataPoint[], row?: (typeof measuring)[number]): ReportSeries => ({
      parameterId: parameter.id,
      label: described.label,
      unit: described.unit,
      deviceName: row?.device_name ?? null,
      isCounter: row?.is_counter ?? false,
      limit: limits.get(parameter.id) ?? null,
      points,
    });
    const tabulate = (item: ReportSeries) =>
      tabulateSeries(item, { ...range, resolution: report.resolution, nowMs: now.getTime() });
    if (measuring.length === 0) tables.push(tabulate(seriesOf([])));
    measuring.forEach((row, i) => tables.push(tabulate(seriesOf(JSON.parse(texts[i]!) as DataPoint[], row))));
    await setReportProgress(db, reportId, ((index + 1) / steps) * 100);
  }

  const document: ReportDocument = {
    id: report.id,
    tenantName: report.tenantName,
    monitoringPointName: report.monitoringPointName,
    from: report.from,
    to: report.to,
    resolution: report.resolution,
    generatedAt: now,
    tables,
  };
  const folder = `reports/${report.tenantId}`;
  const csvKey = await deps.files.put(folder, renderReportCsv(document), 'csv');
  const pdfKey = await deps.files.put(folder, await renderReportPdf(document), 'pdf');
  const rowCount = tables.reduce((sum, table) => sum + table.rows.length, 0);

  const finished = await db.transaction(async (tx) => {
    // Waits for an e-mail request holding the row, and so reads every recipient it added.
    const [done] = await tx
      .update(reports)
      .set({ status: 'DONE', progress: 100, error: null, csvKey, pdfKey, rowCount, finishedAt: clock() })
      .where(and(eq(reports.id, reportId), eq(reports.status, 'RUNNING')))
      .returning({ mailTo: reports.mailTo });
    if (!done) return false;
    if (done.mailTo.length > 0) {
      await queueReportMails(
        tx,
        deps.mailer,
        { ...report, parameterLabels: report.parameters.map((p) => known.get(p.id)?.label ?? p.label) },
        done.mailTo,
        deps.publicUrl,
      );
      await tx.update(reports).set({ mailTo: [] }).where(eq(reports.id, reportId));
    }
    return true;
  });
  if (!finished) {
    // Another try finished it meanwhile: these files are not the report's.
    await Promise.all([deps.files.delete(csvKey), deps.files.delete(pdfKey)]);
    return { skipped: 'finished elsewhere' };
  }
  return { rows: rowCount };
}

// ── Schedules ──────────────────────────────────────────────────────────────

const MINUTE_MS = 60_000;
/** Schedules taken in one round at most; more due wait for the next minute. */
const SCHEDULES_PER_ROUND = 100;
const keyOf = (minute: number) => `reports.schedule:${minute}`;

/**
 * Queues a report of every schedule due at `now`: the period just closed
 * (`schedulePeriodOf`) for its recipients, and moves the schedule's next run
 * on, in one transaction with the schedules locked, so a schedule is taken
 * once however many processes look at the same minute. A run missed while
 * the console was down is made once, of the period closed last.
 */
export async function queueDueReports(db: Database, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(reportSchedules)
      .where(lte(reportSchedules.nextRunAt, now))
      .orderBy(asc(reportSchedules.nextRunAt), asc(reportSchedules.id))
      .limit(SCHEDULES_PER_ROUND)
      .for('update', { skipLocked: true });
    const queued: number[] = [];
    for (const schedule of due) {
      const period = schedulePeriodOf(schedule.frequency, now.getTime());
      const [report] = await tx
        .insert(reports)
        .values({
          tenantId: schedule.tenantId,
          monitoringPointId: schedule.monitoringPointId,
          parameterIds: schedule.parameterIds,
          fromDate: period.from,
          toDate: period.to,
          resolution: schedule.resolution as ReportResolution,
          scheduleId: schedule.id,
          mailTo: schedule.recipients,
        })
        .returning({ id: reports.id });
      await jobQueue.enqueue(tx, 'reports.generate', { reportId: report!.id });
      await tx
        .update(reportSchedules)
        .set({ nextRunAt: nextScheduleRun(schedule.frequency, now.getTime()), lastRunAt: now })
        .where(eq(reportSchedules.id, schedule.id));
      queued.push(report!.id);
    }
    return queued;
  });
}

/** Queues this minute's look for due schedules (once, however many processes start). */
export async function scheduleReports(db: Database, now = Date.now()) {
  const minute = Math.floor(now / MINUTE_MS);
  await jobQueue.enqueue(db, 'reports.schedule', { minute }, { singletonKey: keyOf(minute) });
}

/** The `reports.schedule` job: queues the due schedules' reports, then the next minute's run. */
export function reportsScheduleJob(db: Database) {
  return async (payload: { minute: number }) => {
    const queued = await queueDueReports(db, new Date());
    const next = Math.max(payload.minute + 1, Math.floor(Date.now() / MINUTE_MS) + 1);
    await jobQueue.enqueue(
      db,
      'reports.schedule',
      { minute: next },
      { singletonKey: keyOf(next), runAt: new Date(next * MINUTE_MS) },
    );
    return { queued: queued.length };
  };
}
