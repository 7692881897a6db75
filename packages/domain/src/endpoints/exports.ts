import {
  alarmExportQuerySchema,
  auditLogExportQuerySchema,
  CSV_MEDIA_TYPE,
  deviceExportQuerySchema,
  parameterExportQuerySchema,
  partnerExportQuerySchema,
  tenantExportQuerySchema,
  userExportQuerySchema,
} from '../exports.js';
import { defineEndpoint } from '../endpoint.js';
import { alertsEndpoints } from './alerts.js';
import { auditEndpoints } from './audit.js';
import { devicesEndpoints } from './devices.js';
import { parametersEndpoints } from './parameters.js';
import { partnersEndpoints } from './partners.js';
import { tenantsEndpoints } from './tenants.js';
import { usersEndpoints } from './users.js';

const STREAMED =
  'A CSV file (UTF-8 with a byte order mark, a header row of English column names), streamed: every row the list matches with these filters, in the list’s order, without paging. Who may export is who may read the list, and the rows are those the list would show them.';

/** Each list as a CSV file: the list's filters and access, every matching row. */
export const exportsEndpoints = {
  exportTenants: defineEndpoint({
    method: 'GET',
    path: '/api/tenants/export',
    operationId: 'exportTenants',
    tag: 'accounts',
    summary: 'The industries (or other accounts) the list shows, as a CSV file',
    description: STREAMED,
    access: tenantsEndpoints.listTenants.access,
    query: tenantExportQuerySchema,
    produces: CSV_MEDIA_TYPE,
  }),
  exportPartners: defineEndpoint({
    method: 'GET',
    path: '/api/partners/export',
    operationId: 'exportPartners',
    tag: 'accounts',
    summary: 'The partners the list shows, as a CSV file',
    description: STREAMED,
    access: partnersEndpoints.listPartners.access,
    query: partnerExportQuerySchema,
    produces: CSV_MEDIA_TYPE,
  }),
  exportUsers: defineEndpoint({
    method: 'GET',
    path: '/api/users/export',
    operationId: 'exportUsers',
    tag: 'users',
    summary: 'The users the list shows, as a CSV file',
    description: `${STREAMED} Only site users may export the users of another corporate (\`corporateId\`).`,
    access: usersEndpoints.listUsers.access,
    query: userExportQuerySchema,
    produces: CSV_MEDIA_TYPE,
  }),
  exportAuditLogs: defineEndpoint({
    method: 'GET',
    path: '/api/auditLogs/export',
    operationId: 'exportAuditLogs',
    tag: 'audit',
    summary: 'The audit trail in a date range (default the last 7 days), as a CSV file',
    description: STREAMED,
    access: auditEndpoints.listAuditLogs.access,
    query: auditLogExportQuerySchema,
    produces: CSV_MEDIA_TYPE,
  }),
  exportDevices: defineEndpoint({
    method: 'GET',
    path: '/api/devices/export',
    operationId: 'exportDevices',
    tag: 'devices',
    summary: 'The devices the list shows, as a CSV file',
    description: STREAMED,
    access: devicesEndpoints.listDevices.access,
    query: deviceExportQuerySchema,
    produces: CSV_MEDIA_TYPE,
  }),
  exportParameters: defineEndpoint({
    method: 'GET',
    path: '/api/parameters/export',
    operationId: 'exportParameters',
    tag: 'parameters',
    summary: 'The standard and functional parameters the list shows, as a CSV file',
    description: STREAMED,
    access: parametersEndpoints.listParameters.access,
    query: parameterExportQuerySchema,
    produces: CSV_MEDIA_TYPE,
  }),
  exportAlarms: defineEndpoint({
    method: 'GET',
    path: '/api/alarm/export',
    operationId: 'exportAlarms',
    tag: 'alerts',
    summary: 'Alerts of every industry the caller sees, open or begun in the last 24 hours, as a CSV file',
    description: STREAMED,
    access: alertsEndpoints.listAlarms.access,
    query: alarmExportQuerySchema,
    produces: CSV_MEDIA_TYPE,
  }),
};
