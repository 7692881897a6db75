import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalReportBodySchema,
  approvalReportResultSchema,
  demoDataRecordQuerySchema,
  demoDataRecordSchema,
  demoDataRecordsSchema,
  demoTenantBodySchema,
  tenantApprovalBodySchema,
  tenantApprovalResultSchema,
} from '@vayu/domain';
import { contextOf } from '../../plugins/authentication.js';
import type { ApprovalsService } from './approvals.service.js';

export const approvalsRoutes: FastifyPluginAsyncZod<{ approvals: ApprovalsService }> = async (
  app,
  { approvals },
) => {
  app.post(
    '/api/tenantApprovalData',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Approve or reject an industry',
        body: tenantApprovalBodySchema,
        response: { 200: tenantApprovalResultSchema },
      },
    },
    (request) => approvals.setTenantApproval(contextOf(request), request.body),
  );

  app.post(
    '/api/tenantsApprovalReport/mail',
    {
      schema: {
        tags: ['accounts'],
        summary: 'E-mail the industry approval report (by default to the platform admins)',
        // The console may post no body at all: the report then goes to the platform admins.
        body: approvalReportBodySchema.nullish(),
        response: { 200: approvalReportResultSchema },
      },
    },
    (request) => approvals.mailApprovalReport(contextOf(request), request.body ?? {}),
  );

  app.post(
    '/api/demoTenantData',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Mark an industry as demo (or not) and record the period',
        body: demoTenantBodySchema,
        response: { 200: demoDataRecordSchema },
      },
    },
    (request) => approvals.setDemoData(contextOf(request), request.body),
  );

  app.get(
    '/api/demoDataRecord',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The demo-data records of an industry, newest first',
        querystring: demoDataRecordQuerySchema,
        response: { 200: demoDataRecordsSchema },
      },
    },
    (request) => approvals.getDemoDataRecords(contextOf(request), request.query.tenantId),
  );
};
