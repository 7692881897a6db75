import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditDocumentQuerySchema,
  auditDocumentSchema,
  auditLogDetailSchema,
  auditLogQuerySchema,
  auditLogRowSchema,
  pageOf,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { AuditQueryService } from './audit-query.service.js';

const auditIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditQueryService }> = async (app, { audit }) => {
  app.get(
    '/api/auditLogs',
    {
      schema: {
        tags: ['audit'],
        summary:
          'The audit trail in a date range (calendar days in India; default the last 7 days), 20 per page',
        querystring: auditLogQuerySchema,
        response: { 200: pageOf(auditLogRowSchema) },
      },
    },
    (request) => audit.listAuditLogs(contextOf(request), request.query),
  );

  app.get(
    '/api/auditDetails/:id',
    {
      schema: {
        tags: ['audit'],
        summary: 'One audit entry with its old and new values and the changed fields',
        params: auditIdParamsSchema,
        response: { 200: auditLogDetailSchema },
      },
    },
    (request) => audit.getAuditDetail(contextOf(request), request.params.id),
  );

  app.get(
    '/api/auditLog',
    {
      schema: {
        tags: ['audit'],
        summary:
          'The trail as JSON documents, searched by a field path and value (newValue.status=DISABLED) or free text',
        querystring: auditDocumentQuerySchema,
        response: { 200: pageOf(auditDocumentSchema) },
      },
    },
    (request) => audit.searchAuditDocuments(contextOf(request), request.query),
  );
};
