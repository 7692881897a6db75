import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  REPORT_MESSAGES,
  REPORTS_PAGE_SIZE,
  nextScheduleRun,
  type Page,
  type Report,
  type ReportFormat,
  type ReportIndustry,
  type ReportListQuery,
  type ReportPoint,
  type ReportResolution,
  type ReportSchedule,
} from '@vayu/domain';
import type { RequestContext } from '../../auth/principal.js';
import { accountsWhere, scopeOf, tenantRowsWhere } from '../../auth/scope.js';
import type { Database, Executor } from '../../db/client.js';
import { accounts, boardTenants, reportSchedules, reports } from '../../db/schema/index.js';
import { AppError, businessRule, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import type { Mailer } from '../../lib/mailer.js';
import { readPage } from '../../lib/paging.js';
import { jobQueue } from '../../jobs/job-definitions.js';
import { changeableIndustry, visibleIndustry } from '../accounts/industry-access.js';
import { containsPattern } from '../accounts/tenants.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import { queueReportMails } from './report-mail.js';
import {
  findPoint,
  findPointSeries,
  findReport,
  findReportPoints,
  findReports,
  findSchedules,
  reportMatches,
  scheduleMatches,
  toReport,
  type StoredReport,
} from './reports.repository.js';

const SCHEDULE_REFUSAL = 'You are not allowed to change the report schedules of this industry.';
const partner = alias(accounts, 'partner');

/** A field of the request that names something the industry does not have: a 400 naming the field. */
const unknownField = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message, code: 'FIELD_UNKNOWN' }]);

/** What a report or schedule is of, checked against the industry: its point, and parameters measured there. */
async function checkSubject(
  exec: Executor,
  tenantId: number,
  body: { monitoringPointId: number; parameterIds: readonly number[] },
) {
  const point = await findPoint(exec, tenantId, body.monitoringPointId);
  if (!point) throw unknownField('monitoringPointId', REPORT_MESSAGES.unknownPoint);
  const measured = new Set((await findPointSeries(exec, tenantId, point.id)).map((row) => row.parameter_id));
  if (body.parameterIds.some((id) => !measured.has(id))) {
    throw unknownField('parameterIds', REPORT_MESSAGES.unknownParameter);
  }
  return point;
}

const fileNameOf = (report: StoredReport, format: ReportFormat) => {
  const slug = `${report.tenantName}-${report.monitoringPointName}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `report-${report.id}-${slug}-${report.from}-${report.to}.${format}`;
};

export function createReportsService(deps: {
  db: Database;
  files: FileStore;
  mailer: Mailer;
  /** The console's address, for the links in report mails. */
  publicUrl: string;
}) {
  const { db } = deps;

  /** The condition of the reports (or schedules) the caller sees, for one industry when asked (404 if not seen). */
  async function scopedTo(ctx: RequestContext, column: AnyPgColumn, tenantId: number | undefined) {
    const scope = scopeOf(ctx.principal);
    const industry = tenantId === undefined ? undefined : await visibleIndustry(db, ctx, tenantId);
    return and(tenantRowsWhere(scope, column), industry ? eq(column, industry.id) : undefined);
  }

  function reportsPage(where: SQL | undefined, page: number, key: unknown): Promise<Page<Report>> {
    return readPage(
      db,
      { page, pageSize: REPORTS_PAGE_SIZE },
      {
        rows: async (limit, offset) => (await findReports(db, where, limit, offset)).map(toReport),
        matches: () => reportMatches(db, where),
        countKey: key,
      },
    );
  }

  /** A report the caller sees (404 otherwise). */
  async function visibleReport(exec: Executor, ctx: RequestContext, id: number, lock = false) {
    const where = and(eq(reports.id, id), tenantRowsWhere(scopeOf(ctx.principal), reports.tenantId));
    const found = await findReport(exec, where, { lock });
    if (!found) throw notFound('Report');
    return found;
  }

  const keyOf = (ctx: RequestContext) => [
    ctx.principal.userType,
    ctx.principal.accountId,
    ctx.principal.actingTenantId,
  ];

  return {
    async request(
      ctx: RequestContext,
      tenantId: number,
      body: {
        monitoringPointId: number;
        parameterIds: number[];
        from: string;
        to: string;
        resolution: ReportResolution;
      },
    ): Promise<Report> {
      return db.transaction(async (tx) => {
        const industry = await visibleIndustry(tx, ctx, tenantId);
        const point = await checkSubject(tx, industry.id, body);
        const [row] = await tx
          .insert(reports)
          .values({
            tenantId: industry.id,
            monitoringPointId: point.id,
            parameterIds: body.parameterIds,
            fromDate: body.from,
            toDate: body.to,
            resolution: body.resolution,
            requestedBy: ctx.principal.userId,
          })
          .returning({ id: reports.id });
        await jobQueue.enqueue(tx, 'reports.generate', { reportId: row!.id });
        const created = (await findReport(tx, eq(reports.id, row!.id)))!;
        await recordAudit(tx, ctx, {
          entity: 'report',
          entityId: created.id,
          action: 'CREATE',
          tenantId: industry.id,
          newValue: {
            monitoringPoint: created.monitoringPointName,
            parameters: created.parameters.map((p) => p.label),
            from: created.from,
            to: created.to,
            resolution: created.resolution,
          },
        });
        return toReport(created);
      });
    },

    async list(ctx: RequestContext, query: ReportListQuery): Promise<Page<Report>> {
      const where = and(
        await scopedTo(ctx, reports.tenantId, query.tenantId),
        query.status ? eq(reports.status, query.status) : undefined,
      );
      return reportsPage(where, query.page, ['reports', keyOf(ctx), query.tenantId, query.status]);
    },

    /** The board's view: reports of industries mapped to the caller's board (the platform's people: to any board). */
    async listForBoard(ctx: RequestContext, query: ReportListQuery): Promise<Page<Report>> {
      const p = ctx.principal;
      const mapped = db
        .select({ tenantId: boardTenants.tenantId })
        .from(boardTenants)
        .where(p.userType === 'statutory' ? eq(boardTenants.statutoryAccountId, p.accountId) : undefined);
      const where = and(
        await scopedTo(ctx, reports.tenantId, query.tenantId),
        inArray(reports.tenantId, mapped),
        query.status ? eq(reports.status, query.status) : undefined,
      );
      return reportsPage(where, query.page, ['board-reports', keyOf(ctx), query.tenantId, query.status]);
    },

    async download(ctx: RequestContext, id: number, format: ReportFormat) {
      const report = await visibleReport(db, ctx, id);
      const key = format === 'pdf' ? report.pdfKey : report.csvKey;
      if (report.status !== 'DONE' || !key) throw businessRule(REPORT_MESSAGES.notReady);
      const data = await deps.files.get(key);
      if (!data) throw notFound('Report file');
      return {
        data,
        fileName: fileNameOf(report, format),
        contentType: format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8',
      };
    },

    async email(ctx: RequestContext, id: number, recipients: string[]): Promise<Report> {
      return db.transaction(async (tx) => {
        // Locked, so a job finishing now either mails these recipients itself or leaves them to us.
        const report = await visibleReport(tx, ctx, id, true);
        if (report.status === 'FAILED') throw businessRule(REPORT_MESSAGES.failed);
        if (report.status === 'DONE') {
          await queueReportMails(
            tx,
            deps.mailer,
            { ...report, parameterLabels: report.parameters.map((p) => p.label) },
            recipients,
            deps.publicUrl,
          );
        } else {
          await tx
            .update(reports)
            .set({ mailTo: [...new Set([...report.mailTo, ...recipients])] })
            .where(eq(reports.id, report.id));
        }
        await recordAudit(tx, ctx, {
          entity: 'report',
          entityId: report.id,
          action: 'MAIL',
          tenantId: report.tenantId,
          newValue: { recipients, sent: report.status === 'DONE' ? 'now' : 'when made' },
        });
        return toReport(report);
      });
    },

    async listSchedules(ctx: RequestContext, query: { tenantId?: number | undefined; page: number }) {
      const where = await scopedTo(ctx, reportSchedules.tenantId, query.tenantId);
      return readPage<ReportSchedule>(
        db,
        { page: query.page, pageSize: REPORTS_PAGE_SIZE },
        {
          rows: (limit, offset) => findSchedules(db, where, limit, offset),
          matches: () => scheduleMatches(db, where),
          countKey: ['report-schedules', keyOf(ctx), query.tenantId],
        },
      );
    },

    async createSchedule(
      ctx: RequestContext,
      body: {
        tenantId: number;
        monitoringPointId: number;
        parameterIds: number[];
        resolution: ReportResolution;
        frequency: ReportSchedule['frequency'];
        recipients: string[];
      },
    ): Promise<ReportSchedule> {
      return db.transaction(async (tx) => {
        const industry = await changeableIndustry(tx, ctx, body.tenantId, SCHEDULE_REFUSAL);
        const point = await checkSubject(tx, industry.id, body);
        const [row] = await tx
          .insert(reportSchedules)
          .values({
            tenantId: industry.id,
            monitoringPointId: point.id,
            parameterIds: body.parameterIds,
            resolution: body.resolution,
            frequency: body.frequency,
            recipients: body.recipients,
            nextRunAt: nextScheduleRun(body.frequency, Date.now()),
            createdBy: ctx.principal.userId,
          })
          .returning({ id: reportSchedules.id });
        const [created] = await findSchedules(tx, eq(reportSchedules.id, row!.id), 1, 0);
        await recordAudit(tx, ctx, {
          entity: 'report_schedule',
          entityId: created!.id,
          action: 'CREATE',
          tenantId: industry.id,
          newValue: {
            monitoringPoint: created!.monitoringPointName,
            parameters: created!.parameters.map((p) => p.label),
            resolution: created!.resolution,
            frequency: created!.frequency,
            recipients: created!.recipients,
          },
        });
        return created!;
      });
    },

    async deleteSchedule(ctx: RequestContext, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const where = and(
          eq(reportSchedules.id, id),
          tenantRowsWhere(scopeOf(ctx.principal), reportSchedules.tenantId),
        );
        const [found] = await findSchedules(tx, where, 1, 0);
        if (!found) throw notFound('Report schedule');
        await changeableIndustry(tx, ctx, found.tenantId, SCHEDULE_REFUSAL);
        await tx.delete(reportSchedules).where(eq(reportSchedules.id, found.id));
        await recordAudit(tx, ctx, {
          entity: 'report_schedule',
          entityId: found.id,
          action: 'DELETE',
          tenantId: found.tenantId,
          oldValue: {
            monitoringPoint: found.monitoringPointName,
            parameters: found.parameters.map((p) => p.label),
            resolution: found.resolution,
            frequency: found.frequency,
            recipients: found.recipients,
          },
        });
      });
    },

    async industries(
      ctx: RequestContext,
      query: { search?: string | undefined; id?: number | undefined; page: number },
    ): Promise<Page<ReportIndustry>> {
      const p = ctx.principal;
      const search = query.search?.trim();
      const where = and(
        eq(accounts.type, 'tenant'),
        ne(accounts.status, 'DELETED'),
        accountsWhere(scopeOf(p)),
        p.actingTenantId === null ? undefined : eq(accounts.id, p.actingTenantId),
        search ? sql`lower(${accounts.name}) LIKE ${containsPattern(search)}` : undefined,
        query.id === undefined ? undefined : eq(accounts.id, query.id),
      );
      return readPage(
        db,
        { page: query.page, pageSize: REPORTS_PAGE_SIZE },
        {
          rows: (limit, offset) =>
            db
              .select({
                id: accounts.id,
                name: accounts.name,
                city: accounts.city,
                partnerName: partner.name,
              })
              .from(accounts)
              .leftJoin(partner, eq(partner.id, accounts.partnerId))
              .where(where)
              .orderBy(sql`lower(${accounts.name})`, asc(accounts.id))
              .limit(limit)
              .offset(offset),
          matches: () => db.select({ id: accounts.id }).from(accounts).where(where).$dynamic(),
          countKey: ['report-industries', keyOf(ctx), search ?? '', query.id],
        },
      );
    },

    async points(ctx: RequestContext, tenantId: number): Promise<ReportPoint[]> {
      const industry = await visibleIndustry(db, ctx, tenantId);
      return findReportPoints(db, industry.id);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
