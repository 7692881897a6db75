import { z } from 'zod';
import { dateField, emailField, fromDigits } from './fields.js';
import { UNITS } from './units.js';
import { istDate, istMidnight } from './telemetry.js';
import { REPORT_MESSAGES } from './area-messages.js';

/**
 * Reports: a monitoring point × some of its parameters × a range of India
 * days × a resolution (15 minutes, hours or days), as a table of min, avg and
 * max with the exceedances of the limit in force and the data availability of
 * each row, made by a background job as a CSV and a PDF that stay
 * downloadable. A schedule makes one every day, week or month for the period
 * just closed and mails it to its recipients
 * (docs/decisions/0018-reports.md).
 */

// ── Constants ──────────────────────────────────────────────────────────────

export const REPORT_RESOLUTIONS = ['MIN_15', 'HOURLY', 'DAILY'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

/** The length of one row of each resolution. */
export const REPORT_RESOLUTION_MS: Record<ReportResolution, number> = {
  MIN_15: 15 * 60 * 1000,
  HOURLY: 60 * 60 * 1000,
  DAILY: 24 * 60 * 60 * 1000,
};

/** The longest range (in India days, both ends counted) each resolution may cover. */
export const REPORT_MAX_DAYS: Record<ReportResolution, number> = { MIN_15: 31, HOURLY: 92, DAILY: 366 };

/** Parameters in one report at most. */
export const REPORT_MAX_PARAMETERS = 20;
/** Recipients of one mail or one schedule at most. */
export const REPORT_MAX_RECIPIENTS = 10;
/** Rows of the report lists per page. */
export const REPORTS_PAGE_SIZE = 20;
/**
 * Rows the PDF lists at most (a month of 15-minute rows of twenty parameters
 * would be a thousand pages); the CSV always holds every row, and the PDF
 * says how many it left out.
 */
export const REPORT_PDF_MAX_ROWS = 3000;

/** Where a report stands: queued for the job, being made (with its progress), made, or failed (with why). */
export const REPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** A report whose job has not finished: its list is asked again until it has. */
export const isReportPending = (status: ReportStatus): boolean => status === 'QUEUED' || status === 'RUNNING';

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** A schedule runs at this hour (India time) once its period has closed: the previous day, week or month. */
export const REPORT_SCHEDULE_HOUR_IST = 1;

// ── Dates ──────────────────────────────────────────────────────────────────

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants a report of India days `from` to `to` (both included) covers: [midnight of from, midnight after to). */
export function reportRangeOf(from: string, to: string): { fromMs: number; toMs: number } {
  return { fromMs: istMidnight(from).getTime(), toMs: istMidnight(to).getTime() + DAY_MS };
}

/** The days from `from` to `to`, both included (0 when `to` is before `from`). */
export function reportDayCount(from: string, to: string): number {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  return Number.isFinite(days) ? Math.max(0, days) : 0;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Monday 0 … Sunday 6, of a calendar date. */
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** What is wrong with a range at a resolution, by field (`today`: the India date now). */
export function checkReportRange(
  range: { from: string; to: string; resolution: ReportResolution },
  today: string,
): { path: 'from' | 'to'; message: string }[] {
  if (range.to < range.from) return [{ path: 'to', message: REPORT_MESSAGES.toBeforeFrom }];
  if (range.to > today) return [{ path: 'to', message: REPORT_MESSAGES.toInFuture }];
  if (reportDayCount(range.from, range.to) > REPORT_MAX_DAYS[range.resolution]) {
    return [{ path: 'from', message: REPORT_MESSAGES.rangeTooLong[range.resolution] }];
  }
  return [];
}

/**
 * When a schedule runs next after `afterMs`: 01:00 India time the next day
 * (DAILY), the next Monday (WEEKLY) or the next first of a month (MONTHLY).
 */
export function nextScheduleRun(frequency: ReportFrequency, afterMs: number): Date {
  const today = istDate(new Date(afterMs));
  const at = (date: string) => istMidnight(date).getTime() + REPORT_SCHEDULE_HOUR_IST * 60 * 60 * 1000;
  let date: string;
  switch (frequency) {
    case 'DAILY':
      date = today;
      while (at(date) <= afterMs) date = addDays(date, 1);
      break;
    case 'WEEKLY':
      date = addDays(today, -weekdayOf(today));
      while (at(date) <= afterMs) date = addDays(date, 7);
      break;
    case 'MONTHLY': {
      date = `${today.slice(0, 8)}01`;
      if (at(date) <= afterMs) {
        const [year, month] = today.split('-').map(Number) as [number, number];
        date = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
      }
      break;
    }
  }
  return new Date(at(date));
}

/**
 * The period a schedule's run at `runAtMs` reports on: the India day before
 * (DAILY), the last whole Monday-to-Sunday week (WEEKLY) or the last whole
 * calendar month (MONTHLY) before the day of the run.
 */
export function schedulePeriodOf(frequency: ReportFrequency, runAtMs: number): { from: string; to: string } {
  const today = istDate(new Date(runAtMs));
  switch (frequency) {
    case 'DAILY': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'WEEKLY': {
      const sunday = addDays(today, -weekdayOf(today) - 1);
      return { from: addDays(sunday, -6), to: sunday };
    }
    case 'MONTHLY': {
      const to = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${to.slice(0, 8)}01`, to };
    }
  }
}

/** A unit code as documents write it (mg/Nm3 → mg/Nm³). */
export function reportUnitLabel(code: string | null): string {
  if (!code) return '';
  return UNITS.find((unit) => unit.code === code)?.label ?? code;
}

// ── Requests ───────────────────────────────────────────────────────────────

const idField = fromDigits(z.number().int().positive());

const parameterIdsField = z
  .array(idField)
  .min(1, 'Choose at least one parameter')
  .max(REPORT_MAX_PARAMETERS, `Choose at most ${REPORT_MAX_PARAMETERS} parameters`)
  .refine((ids) => new Set(ids).size === ids.length, REPORT_MESSAGES.duplicateParameter);

/** Recipients: distinct e-mails (compared in lower case), one to ten. */
export const reportRecipientsField = z
  .array(emailField)
  .min(1, 'Add at least one e-mail')
  .max(REPORT_MAX_RECIPIENTS, `At most ${REPORT_MAX_RECIPIENTS} e-mails`)
  .transform((emails) => [...new Set(emails)]);

/** `POST /api/reports/{tenantId}`: a report of some parameters at a monitoring point over India days. */
export const reportRequestBodySchema = z
  .object({
    monitoringPointId: idField,
    parameterIds: parameterIdsField,
    from: dateField,
    to: dateField,
    resolution: z.enum(REPORT_RESOLUTIONS),
  })
  .strict()
  .superRefine((body, context) => {
    // A date its own field refused is not compared again.
    if (!dateField.safeParse(body.from).success || !dateField.safeParse(body.to).success) return;
    for (const issue of checkReportRange(body, istDate(new Date()))) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
export type ReportRequestBody = z.input<typeof reportRequestBodySchema>;

export const reportParameterSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The standard unit's code (the values are in it). */
  unit: z.string().nullable(),
});
export type ReportParameter = z.infer<typeof reportParameterSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  monitoringPointId: z.number().int(),
  monitoringPointName: z.string(),
  parameters: z.array(reportParameterSchema),
  /** India days, both included. */
  from: z.string(),
  to: z.string(),
  resolution: z.enum(REPORT_RESOLUTIONS),
  status: z.enum(REPORT_STATUSES),
  /** 0–100 while made; 100 when done. */
  progress: z.number().int(),
  /** Why the last try failed (kept while it is tried again, and when it failed for good). */
  error: z.string().nullable(),
  /** Rows of the table, once made. */
  rowCount: z.number().int().nullable(),
  /** The schedule that made it (null: asked for by a person). */
  scheduleId: z.number().int().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListQuerySchema = z.object({
  /** One industry's reports (default: every industry the caller sees). */
  tenantId: idField.optional(),
  status: z.enum(REPORT_STATUSES).optional(),
  page: fromDigits(z.number().int().min(1).max(100_000)).default(1),
});
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

export const reportDownloadQuerySchema = z.object({
  id: idField,
  format: z.enum(REPORT_FORMATS),
});

export const reportEmailBodySchema = z.object({ recipients: reportRecipientsField }).strict();
export type ReportEmailBody = z.input<typeof reportEmailBodySchema>;

// ── Schedules ──────────────────────────────────────────────────────────────

export const reportScheduleBodySchema = z
  .object({
    tenantId: idField,
    monitoringPointId: idField,
    parameterIds: parameterIdsField,
    resolution: z.enum(REPORT_RESOLUTIONS),
    frequency: z.enum(REPORT_FREQUENCIES),
    recipients: reportRecipientsField,
  })
  .strict();
export type ReportScheduleBody = z.input<typeof reportScheduleBodySchema>;

export const reportScheduleSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  monitoringPointId: z.number().int(),
  monitoringPointName: z.string(),
  parameters: z.array(reportParameterSchema),
  resolution: z.enum(REPORT_RESOLUTIONS),
  frequency: z.enum(REPORT_FREQUENCIES),
  recipients: z.array(z.string()),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleListQuerySchema = z.object({
  tenantId: idField.optional(),
  page: fromDigits(z.number().int().min(1).max(100_000)).default(1),
});

// ── What may be reported on ────────────────────────────────────────────────

export const reportIndustryQuerySchema = z.object({
  /** Part of the industry's name. */
  search: z.string().trim().max(100).optional(),
  /** One industry (its name for a choice held in the address). */
  id: idField.optional(),
  page: fromDigits(z.number().int().min(1).max(100_000)).default(1),
});

export const reportIndustrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  partnerName: z.string().nullable(),
});
export type ReportIndustry = z.infer<typeof reportIndustrySchema>;

export const reportParamsQuerySchema = z.object({ tenantId: idField });

/** A monitoring point with the parameters its devices measure, each with its unit and the limit in force. */
export const reportPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  entityType: z.string(),
  parameters: z.array(reportParameterSchema.extend({ limit: z.number().nullable() })),
});
export type ReportPoint = z.infer<typeof reportPointSchema>;
