import type { FastifyInstance } from 'fastify';
import { auditEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { AuditQueryService } from './audit-query.service.js';

export async function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditQueryService }) {
  registerEndpoints(app, auditEndpoints, {
    listAuditLogs: ({ query }, request) => audit.listAuditLogs(contextOf(request), query),
    getAuditDetail: ({ params }, request) => audit.getAuditDetail(contextOf(request), params.id),
    searchAuditDocuments: ({ query }, request) => audit.searchAuditDocuments(contextOf(request), query),
  });
}
