import { fromDigits } from './fields.js';
import { z } from 'zod';
import { dateField } from './fields.js';
import { DATE_RANGE } from './constants.js';

/** What an audit row is about: one name per table (or per kind of event that has no table of its own). */
export const AUDIT_ENTITIES = [
  'account',
  'user',
  'session',
  'address',
  'subscription',
  'partner_request',
  'corporate',
  'approval_report',
  'industry_category',
  'master_category',
  'parameter',
  'derived_parameter',
  'diagnostic_param',
  'energy_metric',
  'energy_parameter',
  'monitoring_point',
  'make',
  'model',
  'model_type',
  'device',
  'device_vendor',
  'device_profile',
  'device_document',
  'calibration',
  'device_action',
  'camera',
  'offline_remark',
  'edge_client',
  'app_vendor',
  'data_token',
  'reading',
  'regulator_board',
  'regulator_parameter',
  'regulator_unit',
  'regulator_tenant',
  'regulator_key',
  'regulator_station',
  'regulator_device',
  'plan',
  'addon',
  'coupon',
  'discount',
  'invoice',
  'payment',
  'alert_limit',
  'alert',
  'report',
  'report_schedule',
  'public_dashboard',
  'pull_token',
  'data_migration',
  'lab_report',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What was done. */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'STATUS_CHANGE',
  'WORKING_STATUS_CHANGE',
  'PARTNER_CHANGE',
  'SUBSCRIPTION_UPDATE',
  'ADDRESS_UPDATE',
  'APPROVAL',
  'DEMO_DATA',
  'MAIL',
  'LOGIN',
  'LOGIN_FAILED',
  'PASSWORD_CHANGE',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_SET',
  'PRIMARY_USER_CHANGE',
  'ACTIVATION_RESENT',
  'TOKEN_ISSUED',
  'TOKEN_REVOKED',
  'TENANTS_ADDED',
  'PLAN_CHANGE',
  'RENEWAL',
  'CANCEL',
  'COUPON_APPLIED',
  'COUPON_REMOVED',
  'DISCOUNTS_REBUILT',
  'PAYMENT_RECORDED',
  'PAYMENT_DECIDED',
  'ACKNOWLEDGE',
  'IMPORT',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditEntitySchema = z.enum(AUDIT_ENTITIES);
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

export function isAuditEntity(value: unknown): value is AuditEntity {
  return typeof value === 'string' && (AUDIT_ENTITIES as readonly string[]).includes(value);
}

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** A row of `/auditLog` (`GET /api/auditLogs`). */
export const auditLogRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorUserId: z.number().int().nullable(),
  actorUserName: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  actingTenantId: z.number().int().nullable(),
  entity: auditEntitySchema,
  entityId: z.string().nullable(),
  action: auditActionSchema,
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

export const AUDIT_SORT_FIELDS = ['createdAt', 'entity', 'action', 'actorUserName', 'tenantName'] as const;

/** Said of an audit or log date after today: nothing can have been recorded yet on such a day. */
export const AUDIT_FUTURE_DATE_MESSAGE = 'The date must not be after today';

/**
 * A date of an audit or log query: a calendar day no later than today in India
 * (`AUDIT_TIME_ZONE`), checked when the query is read.
 */
const isoDate = dateField.refine(
  // A text that is no date, or a date past the supported range, is left to those checks.
  (value) =>
    !/^\d{4}-\d{2}-\d{2}$/.test(value) || value > DATE_RANGE.max || value <= getZonedDate(new Date()),
  AUDIT_FUTURE_DATE_MESSAGE,
);

/** `GET /api/auditLogs?startDate&endDate&tenantId&entity&action&pageNum` (20 per page; default the last 7 days). */
export const auditLogQuerySchema = z.object({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  tenantId: fromDigits(z.number().int()).optional(),
  /** Only rows about this kind of record. */
  entity: auditEntitySchema.optional(),
  /** Only rows of this action. */
  action: auditActionSchema.optional(),
  pageNum: fromDigits(z.number().int().min(1)).default(1),
  sort: z.enum(AUDIT_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** `GET /api/auditDetails/{id}`: old and new values with the changed fields. */
export const auditLogDetailSchema = auditLogRowSchema.extend({
  oldValue: z.unknown(),
  newValue: z.unknown(),
  changedFields: z.array(z.string()),
});
export type AuditLogDetail = z.infer<typeof auditLogDetailSchema>;

/** `GET /api/auditLog`: the document view; `field` is a dotted path such as `newValue.status`. */
export const auditDocumentQuerySchema = z
  .object({
    field: z
      .string()
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/, 'Use a field path such as newValue.status')
      .max(100)
      .optional(),
    value: z.string().trim().max(200).optional(),
    q: z.string().trim().max(200).optional(),
    page: fromDigits(z.number().int().min(1)).default(1),
  })
  .superRefine((query, context) => {
    // The record kind and the action are closed lists: a search for anything else cannot match.
    if (!query.value) return;
    if (query.field === 'entity' && !isAuditEntity(query.value.toLowerCase())) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: `Use one of ${AUDIT_ENTITIES.join(', ')}`,
      });
    }
    if (query.field === 'action' && !isAuditAction(query.value.toUpperCase())) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: `Use one of ${AUDIT_ACTIONS.join(', ')}`,
      });
    }
  });
/**
 * Fields of an audit document that map to its columns. Any other search goes
 * below `newValue.` or `oldValue.` (for example `newValue.status`).
 */
export const AUDIT_DOCUMENT_FIELDS = [
  'id',
  'createdAt',
  'actor.userId',
  'actor.userName',
  'actor.accountId',
  'actor.actingTenantId',
  'tenant.id',
  'tenant.name',
  'entity',
  'entityId',
  'action',
  'requestId',
  'ip',
] as const;
export type AuditDocumentField = (typeof AUDIT_DOCUMENT_FIELDS)[number];
export const AUDIT_VALUE_ROOTS = ['newValue', 'oldValue'] as const;
export type AuditDocumentQuery = z.infer<typeof auditDocumentQuerySchema>;
export const auditDocumentSchema = z.object({
  id: z.number().int(),
  document: z.record(z.string(), z.unknown()),
});
export type AuditDocument = z.infer<typeof auditDocumentSchema>;

/** `GET /api/logs`: activity per tenant and user over a date range. */
export const activityLogQuerySchema = z.object({
  tenantId: fromDigits(z.number().int()).optional(),
  userId: fromDigits(z.number().int()).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  pageNum: fromDigits(z.number().int().min(1)).default(1),
});
export const activityLogRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type ActivityLogQuery = z.infer<typeof activityLogQuerySchema>;
export type ActivityLogRow = z.infer<typeof activityLogRowSchema>;

type Json = unknown;

/**
 * The fields that differ between an old and a new value, as dotted paths
 * (`address.city`, `tags.2`). Used to mark changes on `/auditDetails/{id}`.
 */
export function getChangedFields(oldValue: Json, newValue: Json, prefix = ''): string[] {
  const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null;
  if (isObject(oldValue) && isObject(newValue) && Array.isArray(oldValue) === Array.isArray(newValue)) {
    const keys = [...new Set([...Object.keys(oldValue), ...Object.keys(newValue)])].sort();
    return keys.flatMap((key) =>
      getChangedFields(oldValue[key], newValue[key], prefix ? `${prefix}.${key}` : key),
    );
  }
  if (JSON.stringify(oldValue) === JSON.stringify(newValue)) return [];
  return [prefix || '(value)'];
}

/** Audit and log dates are calendar days in India Standard Time, whatever the server's or browser's zone. */
export const AUDIT_TIME_ZONE = 'Asia/Kolkata';
/** Rows per page of the audit list, the document view and the activity log (spec §9). */
export const AUDIT_PAGE_SIZE = 20;
/** Days the audit list and the activity log show when no range is given (spec §9). */
export const AUDIT_DEFAULT_DAYS = 7;
/** The widest date range one query may ask for, in calendar days (both ends included). */
export const AUDIT_MAX_RANGE_DAYS = 366;
/** A free-text search of the document view without a field filter looks back this many days. */
export const AUDIT_TEXT_SEARCH_DAYS = 90;

const DAY_MS = 86_400_000;

/**
 * Formatters by kind and time zone. Making an Intl.DateTimeFormat costs far
 * more than using one, and every audit list request needs a few.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(kind: 'date' | 'parts', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter =
      kind === 'date'
        ? // en-CA formats as YYYY-MM-DD.
          new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone (India unless said). */
export function getZonedDate(instant: Date, timeZone: string = AUDIT_TIME_ZONE): string {
  return formatterOf('date', timeZone).format(instant);
}

function parseIsoDate(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!);
}

function formatIsoDate(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** Adds calendar days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return formatIsoDate(parseIsoDate(date) + days * DAY_MS);
}

/** Calendar days from start to end, both included (1 for the same day, 0 or less when end is before start). */
export function countDaysInRange(startDate: string, endDate: string): number {
  return Math.round((parseIsoDate(endDate) - parseIsoDate(startDate)) / DAY_MS) + 1;
}

function getTimeZoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = formatterOf('parts', timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClockAsUtc - (instant.getTime() - instant.getUTCMilliseconds());
}

/** Day starts already worked out, by time zone and date (a list asks for the same few days again and again). */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 1000;

/** The instant a calendar day starts in a time zone (midnight there). */
export function getZonedDayStart(date: string, timeZone: string = AUDIT_TIME_ZONE): Date {
  const key = `${timeZone} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const utcMidnight = parseIsoDate(date);
    start = utcMidnight - getTimeZoneOffsetMs(new Date(utcMidnight), timeZone);
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/**
 * The default audit window: the last `days` calendar days up to and including
 * today, as YYYY-MM-DD in the audit time zone (India Standard Time).
 */
export function getDefaultAuditRange(
  today: Date,
  days = AUDIT_DEFAULT_DAYS,
  timeZone: string = AUDIT_TIME_ZONE,
): { startDate: string; endDate: string } {
  const endDate = getZonedDate(today, timeZone);
  return { startDate: addDays(endDate, -(days - 1)), endDate };
}

export interface AuditRange {
  startDate: string;
  endDate: string;
}

/**
 * The range a list query asks for, with the defaults filled in: nothing given
 * is the last 7 days; only a start runs to today; only an end covers the 7
 * days up to it.
 */
export function resolveAuditRange(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): AuditRange {
  const fallback = getDefaultAuditRange(now);
  if (query.startDate && query.endDate) return { startDate: query.startDate, endDate: query.endDate };
  if (query.startDate) return { startDate: query.startDate, endDate: fallback.endDate };
  if (query.endDate)
    return { startDate: addDays(query.endDate, -(AUDIT_DEFAULT_DAYS - 1)), endDate: query.endDate };
  return fallback;
}

export const AUDIT_RANGE_MESSAGES = {
  endBeforeStart: 'The end date must not be before the start date',
  tooLong: `Choose a range of at most ${AUDIT_MAX_RANGE_DAYS} days`,
} as const;

/** What is wrong with a date range, as field errors (empty when it is fine). */
export function getAuditRangeErrors(range: AuditRange): { path: string; message: string }[] {
  const days = countDaysInRange(range.startDate, range.endDate);
  if (days < 1) return [{ path: 'endDate', message: AUDIT_RANGE_MESSAGES.endBeforeStart }];
  if (days > AUDIT_MAX_RANGE_DAYS) return [{ path: 'endDate', message: AUDIT_RANGE_MESSAGES.tooLong }];
  return [];
}

/** `GET /api/auditLogs/export`: the date range, filters and order of `GET /api/auditLogs`. */
export const auditLogExportQuerySchema = auditLogQuerySchema.omit({ pageNum: true });
export type AuditLogExportQuery = z.output<typeof auditLogExportQuerySchema>;
