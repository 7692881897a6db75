import { z } from 'zod';

/** A row of `/auditLog` (`GET /api/auditLogs`). */
export const auditLogRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorUserId: z.number().int().nullable(),
  actorUserName: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  actingTenantId: z.number().int().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

export const AUDIT_SORT_FIELDS = ['createdAt', 'entity', 'action', 'actorUserName', 'tenantName'] as const;

const isoDate = z.iso.date({ message: 'Use the format YYYY-MM-DD' });

/** `GET /api/auditLogs?startDate&endDate&tenantId&pageNum` (20 per page; default the last 7 days). */
export const auditLogQuerySchema = z.object({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  tenantId: z.coerce.number().int().optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
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
export const auditDocumentQuerySchema = z.object({
  field: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/, 'Use a field path such as newValue.status')
    .max(100)
    .optional(),
  value: z.string().trim().max(200).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export const auditDocumentSchema = z.object({
  id: z.number().int(),
  document: z.record(z.string(), z.unknown()),
});

/** `GET /api/logs`: activity per tenant and user over a date range. */
export const activityLogQuerySchema = z.object({
  tenantId: z.coerce.number().int().optional(),
  userId: z.coerce.number().int().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
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

/** The default audit window: the last 7 days up to today, as YYYY-MM-DD in the given time zone offset. */
export function getDefaultAuditRange(today: Date, days = 7): { startDate: string; endDate: string } {
  const end = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  const fmt = (d: Date) => d.toISOString().slice(0, 10);
  return { startDate: fmt(start), endDate: fmt(end) };
}
