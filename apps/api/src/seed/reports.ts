import { and, asc, eq } from 'drizzle-orm';
import { istDate, nextScheduleRun, type ReportResolution } from '@vayu/domain';
import type { Executor } from '../db/client.js';
import { accounts, monitoringPoints, reportSchedules, reports, users } from '../db/schema/index.js';
import { jobQueue } from '../jobs/job-definitions.js';
import { findPointSeries } from '../modules/reports/reports.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo reports of Deccan Cement Works' kiln stack, which has a week of
 * readings: yesterday hourly and at 15 minutes, and the last six days daily,
 * queued so that the first start's job makes them; and a weekly schedule
 * mailed to the plant's EHS head.
 */
export async function seedDemoReports(tx: Executor, now = Date.now()): Promise<void> {
  const [industry] = await tx
    .select({ id: accounts.id, adminId: users.id, adminEmail: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.primaryUserId))
    .where(and(eq(accounts.name, 'Deccan Cement Works'), eq(accounts.type, 'tenant')))
    .limit(1);
  if (!industry) return;
  const points = await tx
    .select({ id: monitoringPoints.id })
    .from(monitoringPoints)
    .where(eq(monitoringPoints.tenantId, industry.id))
    .orderBy(asc(monitoringPoints.id));
  let point: { id: number; parameterIds: number[] } | undefined;
  for (const candidate of points) {
    const measured = [
      ...new Set((await findPointSeries(tx, industry.id, candidate.id)).map((s) => s.parameter_id)),
    ];
    if (measured.length > 0) {
      point = { id: candidate.id, parameterIds: measured.slice(0, 5) };
      break;
    }
  }
  if (!point) return;

  const day = (days: number) => istDate(new Date(now + days * DAY_MS));
  const demo: { from: string; to: string; resolution: ReportResolution; parameterIds: number[] }[] = [
    { from: day(-6), to: day(-1), resolution: 'DAILY', parameterIds: point.parameterIds },
    { from: day(-1), to: day(-1), resolution: 'MIN_15', parameterIds: point.parameterIds.slice(0, 2) },
    { from: day(-1), to: day(-1), resolution: 'HOURLY', parameterIds: point.parameterIds },
  ];
  for (const [index, item] of demo.entries()) {
    const [row] = await tx
      .insert(reports)
      .values({
        tenantId: industry.id,
        monitoringPointId: point.id,
        parameterIds: item.parameterIds,
        resolution: item.resolution,
        fromDate: item.from,
        toDate: item.to,
        requestedBy: industry.adminId,
        // Oldest first, a minute apart, as they were asked for.
        createdAt: new Date(now - (demo.length - index) * 60_000),
      })
      .returning({ id: reports.id });
    await jobQueue.enqueue(tx, 'reports.generate', { reportId: row!.id });
  }
  await tx.insert(reportSchedules).values({
    tenantId: industry.id,
    monitoringPointId: point.id,
    parameterIds: point.parameterIds,
    resolution: 'DAILY',
    frequency: 'WEEKLY',
    recipients: [industry.adminEmail],
    nextRunAt: nextScheduleRun('WEEKLY', now),
    createdBy: industry.adminId,
  });
}
