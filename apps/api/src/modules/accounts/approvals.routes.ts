import type { FastifyInstance } from 'fastify';
import { approvalsEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { ApprovalsService } from './approvals.service.js';

export async function approvalsRoutes(app: FastifyInstance, { approvals }: { approvals: ApprovalsService }) {
  registerEndpoints(app, approvalsEndpoints, {
    setTenantApproval: ({ body }, request) => approvals.setTenantApproval(contextOf(request), body),
    mailApprovalReport: ({ body }, request) => approvals.mailApprovalReport(contextOf(request), body ?? {}),
    setDemoData: ({ body }, request) => approvals.setDemoData(contextOf(request), body),
    getDemoDataRecords: ({ query }, request) =>
      approvals.getDemoDataRecords(contextOf(request), query.tenantId),
  });
}
