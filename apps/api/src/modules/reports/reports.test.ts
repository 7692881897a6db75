import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  IST_OFFSET_MS,
  PLATFORM_ACCOUNT_ID,
  REPORT_MESSAGES,
  istDate,
  type Page,
  type Report,
  type ReportIndustry,
  type ReportPoint,
  type ReportSchedule,
} from '@vayu/domain';
import {
  deviceParams,
  emailOutbox,
  jobs,
  monitoringPoints,
  parameters,
  reportSchedules,
  reports,
} from '../../db/schema/index.js';
import { claimJobs, completeJob, failJob, PermanentJobError } from '../../jobs/job-queue.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import { createDiskFileStore, type FileStore } from '../../lib/file-store.js';
import { createMailer } from '../../lib/mailer.js';
import { deviceFactories } from '../../test/device-factories.js';
import { auditRowsFor, factories } from '../../test/factories.js';
import { closeAfterFile, startTestApp, type TestContext } from '../../test/harness.js';
import { clientFor, expectError } from '../accounts/partners.test-support.js';
import { ok } from '../billing/billing.test-support.js';
import { insertReadings, type ReadingRow } from '../telemetry/ingest.service.js';
import { rollUpAll } from '../telemetry/rollup.js';
import { queueDueReports, reportsGenerateJob, reportsScheduleJob, scheduleReports } from './report-jobs.js';

/*
 * Reports end to end on the API: requested, made by the queue's job (driven
 * here, not waited for), downloaded as CSV (parsed) and PDF (its text read),
 * mailed, scheduled; and who may see what.
 */

const PUBLIC_URL = 'https://vayu.example';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestContext;
let files: FileStore;
type Caller = Awaited<ReturnType<typeof clientFor>>['call'];
let site: Caller;
const silentLog = { debug() {}, info() {}, warn() {}, error() {} };

/** The India date `days` from today. */
const istDay = (days: number) => istDate(new Date(Date.now() + days * DAY_MS));
const yesterday = istDay(-1);
/** An instant of yesterday in India time ('10:15' → its epoch ms). */
const at = (time: string) => Date.parse(`${yesterday}T${time}:00.000Z`) - IST_OFFSET_MS;

beforeAll(async () => {
  const filesDir = mkdtempSync(join(tmpdir(), 'vayu-reports-'));
  closeAfterFile(() => rmSync(filesDir, { recursive: true, force: true }));
  // No worker of its own: the tests run the queue's jobs themselves.
  t = await startTestApp({ jobConcurrency: 0, filesDir, publicUrl: PUBLIC_URL });
  files = createDiskFileStore(filesDir);
  site = (await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin')).call;
});

/** The `reports.generate` handler as the app wires it, with the test's file store (or one that fails). */
function generateHandler(store: FileStore = files) {
  return reportsGenerateJob({
    database: t.database,
    files: store,
    mailer: createMailer({
      db: t.db,
      smtpUrl: undefined,
      from: 'Vayu <reports@vayu.example>',
      log: silentLog,
    }),
    publicUrl: PUBLIC_URL,
  });
}

/** Claims the due jobs of one queue and runs them with `handler`, recording each outcome as the worker does. */
async function runQueue<P>(queue: string, handler: JobHandler<P>): Promise<number> {
  const claimed = await claimJobs(t.db, { queues: [queue], limit: 50, workerId: 'test', leaseMs: 60_000 });
  for (const job of claimed) {
    try {
      const result = await handler(job.payload as P, { job, signal: new AbortController().signal });
      await completeJob(t.db, job.id, 'test', result);
    } catch (error) {
      const isLast = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      // A retry is made due at once, so the test can run it.
      await failJob(t.db, job.id, 'test', { error: String(error), retryInMs: isLast ? null : 0 });
    }
  }
  return claimed.length;
}
const runReports = (handler = generateHandler()) => runQueue('reports.generate', handler);

/**
 * An industry of a partner with a stack measuring SO2 (standard limit 100) and
 * O2 on one analyser, and yesterday's readings between 10:00 and 11:00 IST:
 * SO2 slots 10:00 (90, 110), 10:15 (120, 140), 10:45 (50), none at 10:30; O2 at 10:00 (5).
 */
async function industryWithReadings() {
  const make = factories(t.db);
  const partner = await make.partner();
  const tenant = await make.tenant({ partnerId: partner.id });
  const devices = deviceFactories(t.db);
  const made = await devices.device(tenant.id);
  const so2 = made.parameter;
  await t.db.update(parameters).set({ standardLimit: 100 }).where(eq(parameters.id, so2.id));
  const o2 = await devices.parameter(`O2 ${tenant.id}`);
  await t.db
    .insert(deviceParams)
    .values({ deviceId: made.device.id, tenantId: tenant.id, parameterId: o2.id, unit: 'mg/Nm3' });
  const reading = (parameterId: number, time: string, value: number, index: number): ReadingRow => ({
    index,
    tenantId: tenant.id,
    deviceId: made.device.id,
    parameterId,
    ms: at(time),
    value,
    unit: 'mg/Nm3',
    valueStd: value,
    provenance: 'measured',
  });
  await insertReadings(
    t.database,
    [
      reading(so2.id, '10:00', 90, 0),
      reading(so2.id, '10:05', 110, 1),
      reading(so2.id, '10:15', 120, 2),
      reading(so2.id, '10:20', 140, 3),
      reading(so2.id, '10:50', 50, 4),
    ],
    { source: 'edge', tokenId: null },
  );
  // SO2 from the rollup; O2 read from the readings (its slot not rolled up yet): the same either way.
  await rollUpAll(t.db);
  await insertReadings(t.database, [reading(o2.id, '10:10', 5, 0)], { source: 'edge', tokenId: null });
  return {
    partner,
    tenant,
    device: made.device,
    pointId: made.monitoringPointId,
    so2,
    o2,
    admin: (await clientFor(t, tenant.id, 'admin')).call,
    viewer: (await clientFor(t, tenant.id, 'user')).call,
    partnerAdmin: (await clientFor(t, partner.id, 'admin')).call,
  };
}
type Setup = Awaited<ReturnType<typeof industryWithReadings>>;

async function requestReport(
  caller: Caller,
  setup: Setup,
  overrides: Record<string, unknown> = {},
): Promise<Report> {
  return ok<Report>(
    caller({
      method: 'POST',
      url: `/api/reports/${setup.tenant.id}`,
      payload: {
        monitoringPointId: setup.pointId,
        parameterIds: [setup.so2.id, setup.o2.id],
        from: yesterday,
        to: yesterday,
        resolution: 'HOURLY',
        ...overrides,
      },
    }),
    201,
  );
}

const reportRow = async (id: number) => (await t.db.select().from(reports).where(eq(reports.id, id)))[0]!;

async function pdfText(data: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(data));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('a requested report', () => {
  it('is made by its job: the CSV holds min, avg, max, exceedances and availability of the readings, and the PDF says the same', async () => {
    const setup = await industryWithReadings();
    const report = await requestReport(setup.viewer, setup);
    expect(report).toMatchObject({
      tenantId: setup.tenant.id,
      monitoringPointId: setup.pointId,
      parameters: [
        { id: setup.so2.id, label: setup.so2.label, unit: 'mg/Nm3' },
        { id: setup.o2.id, label: setup.o2.label, unit: 'mg/Nm3' },
      ],
      from: yesterday,
      to: yesterday,
      resolution: 'HOURLY',
      status: 'QUEUED',
      progress: 0,
    });
    const [audit] = await auditRowsFor(t.db, 'report', report.id);
    expect(audit).toMatchObject({ action: 'CREATE', tenantId: setup.tenant.id });

    // Not ready yet: nothing to download.
    const early = await setup.viewer({
      method: 'GET',
      url: `/api/downloadReports?id=${report.id}&format=csv`,
    });
    expectError(early, 422, 'BUSINESS_RULE');

    // The job moves its progress on per parameter: by the time it writes its files, both are done.
    const seen: { status: string; progress: number }[] = [];
    const watching: FileStore = {
      ...files,
      put: async (folder, data, extension) => {
        const row = await reportRow(report.id);
        seen.push({ status: row.status, progress: row.progress });
        return files.put(folder, data, extension);
      },
    };
    expect(await runReports(generateHandler(watching))).toBe(1);
    expect(seen[0]).toEqual({ status: 'RUNNING', progress: 67 });

    const listed = await ok<Page<Report>>(
      setup.viewer({ method: 'GET', url: `/api/reports?tenantId=${setup.tenant.id}` }),
    );
    expect(listed.items).toEqual([
      expect.objectContaining({ id: report.id, status: 'DONE', progress: 100, rowCount: 48, error: null }),
    ]);

    const csvResponse = await setup.viewer({
      method: 'GET',
      url: `/api/downloadReports?id=${report.id}&format=csv`,
    });
    expect(csvResponse.statusCode, csvResponse.body).toBe(200);
    expect(csvResponse.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvResponse.headers['content-disposition']).toContain(`report-${report.id}-`);
    const rows = parse(csvResponse.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(48);
    const so2At10 = rows.find(
      (row) => row.Parameter === setup.so2.label && row['Period start (IST)'] === `${yesterday}T10:00+05:30`,
    );
    expect(so2At10).toEqual({
      'Period start (IST)': `${yesterday}T10:00+05:30`,
      'Period end (IST)': `${yesterday}T11:00+05:30`,
      Parameter: setup.so2.label,
      Device: setup.device.name,
      Unit: 'mg/Nm³',
      Min: '50',
      // The mean of the slots' values 100, 130 and 50.
      Avg: '93.3333',
      Max: '140',
      Limit: '100',
      // 130 is past the limit; 100 is within it.
      Exceedances: '1',
      'Slots with data': '3',
      'Slots expected': '4',
      'Availability %': '75',
    });
    const so2At9 = rows.find(
      (row) => row.Parameter === setup.so2.label && row['Period start (IST)'] === `${yesterday}T09:00+05:30`,
    );
    expect(so2At9).toMatchObject({ Min: '', Avg: '', Max: '', Exceedances: '0', 'Availability %': '0' });
    const o2At10 = rows.find(
      (row) => row.Parameter === setup.o2.label && row['Period start (IST)'] === `${yesterday}T10:00+05:30`,
    );
    expect(o2At10).toMatchObject({ Avg: '5', Limit: '', 'Slots with data': '1', 'Availability %': '25' });

    const pdfResponse = await setup.viewer({
      method: 'GET',
      url: `/api/downloadReports?id=${report.id}&format=pdf`,
    });
    expect(pdfResponse.statusCode).toBe(200);
    expect(pdfResponse.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdfResponse.rawPayload);
    expect(text).toContain('Monitoring report');
    expect(text).toContain(setup.tenant.name);
    expect(text).toContain(`Report no. ${report.id}`);
    expect(text).toContain('Resolution:');
    expect(text).toContain('Hourly');
    expect(text).toContain(setup.so2.label);
    // The 10:00 hour of SO2: min 50, avg 93.3333, max 140, limit 100, one exceedance, 75.0 % available.
    expect(text).toMatch(/50\s+93\.3333\s+140\s+100\s+1\s+75\.0/);
    // The summary of the day: the same values, with 3 of 96 slots (3.1 %).
    expect(text).toMatch(/mg\/Nm³\s+50\s+93\.3333\s+140\s+100\s+1\s+3\.1/);
  });

  it('keeps the reason of a failed try while the queue tries again, and fails for good when its point is gone', async () => {
    const setup = await industryWithReadings();
    const report = await requestReport(setup.admin, setup, { parameterIds: [setup.so2.id] });
    let calls = 0;
    const flaky: FileStore = {
      ...files,
      put: async (...args) => {
        calls += 1;
        if (calls === 1) throw new Error('disk full');
        return files.put(...args);
      },
    };
    await runReports(generateHandler(flaky));
    const retrying = await reportRow(report.id);
    expect(retrying).toMatchObject({ status: 'QUEUED', progress: 0 });
    expect(retrying.error).toBe(REPORT_MESSAGES.serverError);
    await runReports(generateHandler(flaky));
    expect(await reportRow(report.id)).toMatchObject({ status: 'DONE', progress: 100, error: null });

    const gone = await requestReport(setup.admin, setup, { parameterIds: [setup.so2.id] });
    await t.db
      .update(monitoringPoints)
      .set({ status: 'DELETED' })
      .where(eq(monitoringPoints.id, setup.pointId));
    await runReports();
    expect(await reportRow(gone.id)).toMatchObject({ status: 'FAILED', error: REPORT_MESSAGES.pointGone });
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, 'reports.generate'))
      .orderBy(desc(jobs.id))
      .limit(1);
    expect(job).toMatchObject({ state: 'dead', payload: { reportId: gone.id } });
    // A failed report is not mailed.
    expectError(
      await setup.admin({
        method: 'POST',
        url: `/api/reports/email/${gone.id}`,
        payload: { recipients: ['ehs@plant.example'] },
      }),
      422,
      'BUSINESS_RULE',
    );
  });

  it('refuses a range too long, an end before the start, far dates, tomorrow and a parameter not measured at the point, naming the field', async () => {
    const setup = await industryWithReadings();
    const detailsOf = async (overrides: Record<string, unknown>) => {
      const response = await setup.admin({
        method: 'POST',
        url: `/api/reports/${setup.tenant.id}`,
        payload: {
          monitoringPointId: setup.pointId,
          parameterIds: [setup.so2.id],
          from: yesterday,
          to: yesterday,
          resolution: 'HOURLY',
          ...overrides,
        },
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      return (response.json().error.details as { path: string; message: string }[]).map((d) => [
        d.path,
        d.message,
      ]);
    };
    expect(await detailsOf({ from: istDay(-100) })).toEqual([['from', REPORT_MESSAGES.rangeTooLong.HOURLY]]);
    expect(await detailsOf({ from: istDay(-40), resolution: 'MIN_15' })).toEqual([
      ['from', REPORT_MESSAGES.rangeTooLong.MIN_15],
    ]);
    expect(await detailsOf({ to: istDay(-2) })).toEqual([['to', REPORT_MESSAGES.toBeforeFrom]]);
    expect(await detailsOf({ to: istDay(1) })).toEqual([['to', REPORT_MESSAGES.toInFuture]]);
    expect((await detailsOf({ from: '1999-12-31' }))[0]?.[0]).toBe('from');
    expect((await detailsOf({ to: '9999-12-31' }))[0]?.[0]).toBe('to');
    expect((await detailsOf({ resolution: 'WEEKLY' }))[0]?.[0]).toBe('resolution');
    expect((await detailsOf({ monitoringPointId: 99_999_999_999 }))[0]?.[0]).toBe('monitoringPointId');
    const other = await deviceFactories(t.db).parameter();
    expect(await detailsOf({ parameterIds: [setup.so2.id, other.id] })).toEqual([
      ['parameterIds', REPORT_MESSAGES.unknownParameter],
    ]);
    const elsewhere = await deviceFactories(t.db).monitoringPoint((await factories(t.db).tenant()).id);
    expect(await detailsOf({ monitoringPointId: elsewhere.id })).toEqual([
      ['monitoringPointId', REPORT_MESSAGES.unknownPoint],
    ]);
    const [none] = await t.db.select().from(reports).where(eq(reports.tenantId, setup.tenant.id));
    expect(none).toBeUndefined();
  });
});

describe('who sees a report', () => {
  it('another partner neither sees, downloads, mails nor requests one (404); a board user sees its industries only', async () => {
    const ours = await industryWithReadings();
    const theirs = await industryWithReadings();
    const report = await requestReport(site, theirs, { parameterIds: [theirs.so2.id] });
    await runReports();
    const stranger = ours.partnerAdmin;
    for (const format of ['csv', 'pdf']) {
      expectError(
        await stranger({ method: 'GET', url: `/api/downloadReports?id=${report.id}&format=${format}` }),
        404,
        'NOT_FOUND',
      );
    }
    expectError(
      await stranger({
        method: 'POST',
        url: `/api/reports/email/${report.id}`,
        payload: { recipients: ['someone@plant.example'] },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await stranger({ method: 'GET', url: `/api/reports?tenantId=${theirs.tenant.id}` }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await stranger({
        method: 'POST',
        url: `/api/reports/${theirs.tenant.id}`,
        payload: {
          monitoringPointId: theirs.pointId,
          parameterIds: [theirs.so2.id],
          from: yesterday,
          to: yesterday,
          resolution: 'DAILY',
        },
      }),
      404,
      'NOT_FOUND',
    );
    const own = await ok<Page<Report>>(stranger({ method: 'GET', url: '/api/reports' }));
    expect(own.items.some((item) => item.id === report.id)).toBe(false);
    // Its own partner does see and download it.
    expect(
      (await theirs.partnerAdmin({ method: 'GET', url: `/api/downloadReports?id=${report.id}&format=csv` }))
        .statusCode,
    ).toBe(200);

    // A board with only `ours` mapped to it.
    const board = await factories(t.db).board();
    await factories(t.db).mapToBoard(board.id, ours.tenant.id);
    const officer = (await clientFor(t, board.id, 'admin')).call;
    const mine = await requestReport(officer, ours, { parameterIds: [ours.so2.id], resolution: 'DAILY' });
    const boardView = await ok<Page<Report>>(officer({ method: 'GET', url: '/api/statutory/reports' }));
    expect(boardView.items.map((item) => item.id)).toEqual([mine.id]);
    const general = await ok<Page<Report>>(officer({ method: 'GET', url: '/api/reports' }));
    expect(general.items.map((item) => item.id)).toEqual([mine.id]);
    expectError(
      await officer({ method: 'GET', url: `/api/downloadReports?id=${report.id}&format=csv` }),
      404,
      'NOT_FOUND',
    );
    // The board's view is for boards (and the platform).
    expectError(await ours.partnerAdmin({ method: 'GET', url: '/api/statutory/reports' }), 403, 'FORBIDDEN');
    const platform = await ok<Page<Report>>(
      site({ method: 'GET', url: `/api/statutory/reports?tenantId=${ours.tenant.id}` }),
    );
    expect(platform.items.map((item) => item.id)).toEqual([mine.id]);
  });

  it('lists the industries one may report on, by name, and an industry’s points with their parameters and limits', async () => {
    const ours = await industryWithReadings();
    const theirs = await industryWithReadings();
    const found = await ok<Page<ReportIndustry>>(
      ours.partnerAdmin({
        method: 'GET',
        url: `/api/report/industry?search=${encodeURIComponent(ours.tenant.name.slice(-8))}`,
      }),
    );
    expect(found.items).toEqual([expect.objectContaining({ id: ours.tenant.id, name: ours.tenant.name })]);
    const none = await ok<Page<ReportIndustry>>(
      ours.partnerAdmin({
        method: 'GET',
        url: `/api/report/industry?search=${encodeURIComponent(theirs.tenant.name)}`,
      }),
    );
    expect(none.items).toEqual([]);
    // Wildcards are taken as they are.
    const percent = await ok<Page<ReportIndustry>>(
      ours.partnerAdmin({ method: 'GET', url: '/api/report/industry?search=%25' }),
    );
    expect(percent.items).toEqual([]);

    const points = await ok<ReportPoint[]>(
      ours.viewer({ method: 'GET', url: `/api/report/params?tenantId=${ours.tenant.id}` }),
    );
    expect(points).toEqual([
      expect.objectContaining({
        id: ours.pointId,
        parameters: expect.arrayContaining([
          { id: ours.so2.id, label: ours.so2.label, unit: 'mg/Nm3', limit: 100 },
          { id: ours.o2.id, label: ours.o2.label, unit: 'mg/Nm3', limit: null },
        ]),
      }),
    ]);
    expectError(
      await ours.viewer({ method: 'GET', url: `/api/report/params?tenantId=${theirs.tenant.id}` }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('report mails', () => {
  it('go out at once for a report made, and when it is made for one still queued', async () => {
    const setup = await industryWithReadings();
    const queued = await requestReport(setup.viewer, setup, { resolution: 'DAILY' });
    const early = `early-${queued.id}@plant.example`;
    await ok<Report>(
      setup.viewer({
        method: 'POST',
        url: `/api/reports/email/${queued.id}`,
        payload: { recipients: [early] },
      }),
    );
    const outboxTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(await outboxTo(early)).toEqual([]);
    await runReports();
    const [mail] = await outboxTo(early);
    expect(mail).toMatchObject({ kind: 'REPORT' });
    expect(mail!.subject).toContain(setup.tenant.name);
    expect(mail!.bodyText).toContain(`${PUBLIC_URL}/api/downloadReports?id=${queued.id}&format=pdf`);
    expect(mail!.bodyText).toContain(`${PUBLIC_URL}/api/downloadReports?id=${queued.id}&format=csv`);

    const later = `later-${queued.id}@plant.example`;
    const invalid = await setup.viewer({
      method: 'POST',
      url: `/api/reports/email/${queued.id}`,
      payload: { recipients: [later, 'not an e-mail'] },
    });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.json().error.details[0].path).toBe('recipients.1');
    await ok<Report>(
      setup.viewer({
        method: 'POST',
        url: `/api/reports/email/${queued.id}`,
        payload: { recipients: [later] },
      }),
    );
    expect(await outboxTo(later)).toHaveLength(1);
    const audits = await auditRowsFor(t.db, 'report', queued.id);
    expect(audits.filter((row) => row.action === 'MAIL')).toHaveLength(2);
  });
});

describe('report schedules', () => {
  it('are kept by account admins; a due one runs as a job once, and its report is mailed to its recipients', async () => {
    const setup = await industryWithReadings();
    const recipients = [`plant-${setup.tenant.id}@plant.example`, `board-${setup.tenant.id}@plant.example`];
    const body = {
      tenantId: setup.tenant.id,
      monitoringPointId: setup.pointId,
      parameterIds: [setup.so2.id],
      resolution: 'HOURLY',
      frequency: 'DAILY',
      recipients,
    };
    // Users who are not admins, and admins of another partner, cannot.
    expectError(
      await setup.viewer({ method: 'POST', url: '/api/reports/schedule', payload: body }),
      403,
      'FORBIDDEN',
    );
    const stranger = (await industryWithReadings()).partnerAdmin;
    expectError(
      await stranger({ method: 'POST', url: '/api/reports/schedule', payload: body }),
      404,
      'NOT_FOUND',
    );
    const tooMany = await setup.admin({
      method: 'POST',
      url: '/api/reports/schedule',
      payload: { ...body, recipients: Array.from({ length: 11 }, (_, i) => `r${i}@plant.example`) },
    });
    expectError(tooMany, 400, 'VALIDATION_FAILED');
    expect(tooMany.json().error.details[0].path).toBe('recipients');

    const schedule = await ok<ReportSchedule>(
      setup.admin({ method: 'POST', url: '/api/reports/schedule', payload: body }),
      201,
    );
    expect(schedule).toMatchObject({ frequency: 'DAILY', resolution: 'HOURLY', recipients, lastRunAt: null });
    // Next: 01:00 India time.
    expect(new Date(Date.parse(schedule.nextRunAt) + IST_OFFSET_MS).toISOString().slice(11, 16)).toBe(
      '01:00',
    );
    expect(Date.parse(schedule.nextRunAt)).toBeGreaterThan(Date.now());
    expect(await auditRowsFor(t.db, 'report_schedule', schedule.id)).toEqual([
      expect.objectContaining({ action: 'CREATE', tenantId: setup.tenant.id }),
    ]);
    const listed = await ok<Page<ReportSchedule>>(
      setup.viewer({ method: 'GET', url: `/api/reports/schedule?tenantId=${setup.tenant.id}` }),
    );
    expect(listed.items.map((item) => item.id)).toEqual([schedule.id]);

    // Due: the minute job takes it once and moves its next run on.
    const now = new Date();
    await t.db
      .update(reportSchedules)
      .set({ nextRunAt: new Date(now.getTime() - 60_000) })
      .where(eq(reportSchedules.id, schedule.id));
    await scheduleReports(t.db, now.getTime());
    expect(await runQueue('reports.schedule', reportsScheduleJob(t.db))).toBe(1);
    expect(await queueDueReports(t.db, new Date())).toEqual([]);
    const [moved] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.id, schedule.id));
    expect(moved!.nextRunAt.getTime()).toBeGreaterThan(now.getTime());
    expect(moved!.lastRunAt).not.toBeNull();
    const [made] = await t.db.select().from(reports).where(eq(reports.scheduleId, schedule.id));
    // A daily schedule reports the India day before its run.
    expect(made).toMatchObject({
      fromDate: istDay(-1),
      toDate: istDay(-1),
      status: 'QUEUED',
      requestedBy: null,
    });
    // The next minute's look is queued.
    const next = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, 'reports.schedule'), eq(jobs.state, 'queued')));
    expect(next.length).toBeGreaterThan(0);

    await runReports();
    expect(await reportRow(made!.id)).toMatchObject({ status: 'DONE', mailTo: [] });
    for (const to of recipients) {
      const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
      expect(mails).toEqual([expect.objectContaining({ kind: 'REPORT' })]);
      expect(mails[0]!.bodyText).toContain(`The daily report of ${setup.tenant.name} is ready.`);
      expect(mails[0]!.bodyText).toContain(`/api/downloadReports?id=${made!.id}&format=pdf`);
    }
    // The scheduled report downloads like any other.
    const csv = await setup.admin({ method: 'GET', url: `/api/downloadReports?id=${made!.id}&format=csv` });
    expect(csv.statusCode).toBe(200);
  });

  it('are deleted by the industry’s admins only, with an audit row; the reports they made stay', async () => {
    const setup = await industryWithReadings();
    const schedule = await ok<ReportSchedule>(
      setup.partnerAdmin({
        method: 'POST',
        url: '/api/reports/schedule',
        payload: {
          tenantId: setup.tenant.id,
          monitoringPointId: setup.pointId,
          parameterIds: [setup.so2.id, setup.o2.id],
          resolution: 'DAILY',
          frequency: 'MONTHLY',
          recipients: ['EHS@Plant.example'],
        },
      }),
      201,
    );
    expect(schedule.recipients).toEqual(['ehs@plant.example']);
    await t.db
      .update(reportSchedules)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(reportSchedules.id, schedule.id));
    const [reportId] = await queueDueReports(t.db, new Date());

    const other = await industryWithReadings();
    expectError(
      await other.admin({ method: 'DELETE', url: `/api/reports/schedule/${schedule.id}` }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await setup.viewer({ method: 'DELETE', url: `/api/reports/schedule/${schedule.id}` }),
      403,
      'FORBIDDEN',
    );
    const deleted = await setup.admin({ method: 'DELETE', url: `/api/reports/schedule/${schedule.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.select().from(reportSchedules).where(eq(reportSchedules.id, schedule.id))).toEqual([]);
    const [audit] = await auditRowsFor(t.db, 'report_schedule', schedule.id);
    expect(audit).toMatchObject({
      action: 'DELETE',
      tenantId: setup.tenant.id,
      oldValue: expect.objectContaining({ frequency: 'MONTHLY', recipients: ['ehs@plant.example'] }),
    });
    expect(await reportRow(reportId!)).toMatchObject({ scheduleId: null });
    expectError(
      await setup.admin({ method: 'DELETE', url: `/api/reports/schedule/${schedule.id}` }),
      404,
      'NOT_FOUND',
    );
  });
});
