import {
  approvalReportBodySchema,
  approvalReportResultSchema,
  demoDataRecordQuerySchema,
  demoDataRecordSchema,
  demoDataRecordsSchema,
  demoTenantBodySchema,
  tenantApprovalBodySchema,
  tenantApprovalResultSchema,
} from '../accounts.js';
import { defineEndpoint, only, SITE_ONLY } from '../endpoint.js';

/** The platform's approval of industries a partner onboards, and demo periods. */
export const approvalsEndpoints = {
  setTenantApproval: defineEndpoint({
    method: 'POST',
    path: '/api/tenantApprovalData',
    operationId: 'setTenantApproval',
    tag: 'accounts',
    summary: 'Approve or reject an industry',
    access: SITE_ONLY,
    body: tenantApprovalBodySchema,
    response: tenantApprovalResultSchema,
    errors: ['NOT_FOUND'],
  }),
  mailApprovalReport: defineEndpoint({
    method: 'POST',
    path: '/api/tenantsApprovalReport/mail',
    operationId: 'mailApprovalReport',
    tag: 'accounts',
    summary: 'E-mail the industry approval report (by default to the platform admins)',
    access: SITE_ONLY,
    // The console may post no body at all: the report then goes to the platform admins.
    body: approvalReportBodySchema.nullish(),
    response: approvalReportResultSchema,
    errors: ['NO_RECIPIENTS'],
  }),
  setDemoData: defineEndpoint({
    method: 'POST',
    path: '/api/demoTenantData',
    operationId: 'setDemoData',
    tag: 'accounts',
    summary: 'Mark an industry as demo (or not) and record the period',
    access: SITE_ONLY,
    body: demoTenantBodySchema,
    response: demoDataRecordSchema,
    errors: ['NOT_FOUND'],
  }),
  getDemoDataRecords: defineEndpoint({
    method: 'GET',
    path: '/api/demoDataRecord',
    operationId: 'getDemoDataRecords',
    tag: 'accounts',
    summary: 'The demo-data records of an industry, newest first',
    access: only(['site', 'partner']),
    query: demoDataRecordQuerySchema,
    response: demoDataRecordsSchema,
    errors: ['NOT_FOUND'],
  }),
};
