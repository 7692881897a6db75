import { fromDigits } from '../fields.js';
import { z } from 'zod';
import { CSV_MEDIA_TYPE, EXPORT_DESCRIPTION } from '../exports.js';
import {
  activityLogQuerySchema,
  activityLogRowSchema,
  auditDocumentQuerySchema,
  auditDocumentSchema,
  auditLogDetailSchema,
  auditLogExportQuerySchema,
  auditLogQuerySchema,
  auditLogRowSchema,
} from '../audit.js';
import { ACCOUNT_ADMINS, defineEndpoint, SITE_ONLY } from '../endpoint.js';
import { pageOf } from '../pagination.js';

/** An audit row's id: the trail's ids are 64-bit, so they may pass PostgreSQL's `integer`. */
export const auditIdParamsSchema = z.object({
  id: fromDigits(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
});

/** The audit trail: the list, one entry, and the document search. */
export const auditEndpoints = {
  listAuditLogs: defineEndpoint({
    method: 'GET',
    path: '/api/auditLogs',
    operationId: 'listAuditLogs',
    tag: 'audit',
    summary:
      'The audit trail in a date range (calendar days in India; default the last 7 days), optionally of one industry, record kind or action; 20 per page',
    access: ACCOUNT_ADMINS,
    query: auditLogQuerySchema,
    response: pageOf(auditLogRowSchema),
  }),
  getAuditDetail: defineEndpoint({
    method: 'GET',
    path: '/api/auditDetails/:id',
    operationId: 'getAuditDetail',
    tag: 'audit',
    summary: 'One audit entry with its old and new values and the changed fields',
    access: ACCOUNT_ADMINS,
    params: auditIdParamsSchema,
    response: auditLogDetailSchema,
    owned: { param: 'id', kind: 'audit' },
  }),
  searchAuditDocuments: defineEndpoint({
    method: 'GET',
    path: '/api/auditLog',
    operationId: 'searchAuditDocuments',
    tag: 'audit',
    summary:
      'The trail as JSON documents, searched by a field path and value (newValue.status=DISABLED) or free text',
    access: SITE_ONLY,
    query: auditDocumentQuerySchema,
    response: pageOf(auditDocumentSchema),
  }),
};

/** The activity log: the part of the audit trail that people did. */
export const logsEndpoints = {
  listActivityLogs: defineEndpoint({
    method: 'GET',
    path: '/api/logs',
    operationId: 'listActivityLogs',
    tag: 'audit',
    summary:
      'Sign-ins and changes per industry and user in a date range (default the last 7 days), 20 per page',
    access: ACCOUNT_ADMINS,
    query: activityLogQuerySchema,
    response: pageOf(activityLogRowSchema),
  }),
};

/** The list as a CSV file: the list's filters and access, every matching row. */
export const exportAuditLogsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auditLogs/export',
  operationId: 'exportAuditLogs',
  tag: 'audit',
  summary: 'The audit trail in a date range (default the last 7 days), as a CSV file',
  description: EXPORT_DESCRIPTION,
  access: auditEndpoints.listAuditLogs.access,
  query: auditLogExportQuerySchema,
  produces: CSV_MEDIA_TYPE,
});
