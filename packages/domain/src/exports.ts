import type { z } from 'zod';
import { partnerListQuerySchema, tenantListQuerySchema } from './accounts.js';
import { alertListQuerySchema } from './alerts.js';
import { auditLogQuerySchema } from './audit.js';
import { deviceListQuerySchema } from './devices.js';
import { parameterListQuerySchema } from './parameters.js';
import { userListQuerySchema } from './users.js';

/**
 * CSV exports of the lists. Each takes exactly its list's filters (the list's
 * query without paging) and sees what the list sees; the whole match is
 * streamed, however many rows it has.
 */

/** `GET /api/tenants/export`: the filters of `GET /api/tenants`. */
export const tenantExportQuerySchema = tenantListQuerySchema.omit({ page: true, pageSize: true });
export type TenantExportQuery = z.output<typeof tenantExportQuerySchema>;

/** `GET /api/partners/export`: the filters of `GET /api/partners`. */
export const partnerExportQuerySchema = partnerListQuerySchema;
export type PartnerExportQuery = z.output<typeof partnerExportQuerySchema>;

/** `GET /api/users/export`: the filters of `GET /api/users`. */
export const userExportQuerySchema = userListQuerySchema.omit({ page: true, pageSize: true });
export type UserExportQuery = z.output<typeof userExportQuerySchema>;

/** `GET /api/auditLogs/export`: the date range, filters and order of `GET /api/auditLogs`. */
export const auditLogExportQuerySchema = auditLogQuerySchema.omit({ pageNum: true });
export type AuditLogExportQuery = z.output<typeof auditLogExportQuerySchema>;

/** `GET /api/devices/export`: the filters of `GET /api/devices`. */
export const deviceExportQuerySchema = deviceListQuerySchema.omit({ page: true, pageSize: true });
export type DeviceExportQuery = z.output<typeof deviceExportQuerySchema>;

/** `GET /api/parameters/export`: the filters of `GET /api/parameters`. */
export const parameterExportQuerySchema = parameterListQuerySchema.omit({ page: true, pageSize: true });
export type ParameterExportQuery = z.output<typeof parameterExportQuerySchema>;

/** `GET /api/alarm/export`: the filters of `GET /api/alarm`. */
export const alarmExportQuerySchema = alertListQuerySchema.omit({ page: true });
export type AlarmExportQuery = z.output<typeof alarmExportQuerySchema>;

/** The media type of every export: UTF-8 text with a byte order mark, so that spreadsheets read it as such. */
export const CSV_MEDIA_TYPE = 'text/csv';
