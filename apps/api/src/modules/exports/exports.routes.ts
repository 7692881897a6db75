import type { FastifyInstance } from 'fastify';
import { exportsEndpoints } from '@vayu/domain';
import type { Database } from '../../db/client.js';
import { sendCsvExport } from '../../lib/csv-export.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import { partnersExport } from '../accounts/partners.export.js';
import { tenantsExport } from '../accounts/tenants.export.js';
import { alarmsExport } from '../alerts/alerts.export.js';
import { auditLogsExport } from '../audit/audit.export.js';
import { devicesExport } from '../devices/devices.export.js';
import { parametersExport } from '../parameters/parameters.export.js';
import { usersExport } from '../users/users.export.js';

/**
 * The lists as CSV downloads (lib/csv-export.ts). Each list's module says
 * what its export reads and which columns it writes; the checks a list makes
 * before reading (a 403 or 404 for what the caller may not list, a 400 for a
 * wrong date range) are made here before anything is sent.
 */
export async function exportsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  registerEndpoints(app, exportsEndpoints, {
    exportTenants: ({ query }, request, reply) =>
      sendCsvExport(request, reply, tenantsExport(db, contextOf(request), query)),
    exportPartners: ({ query }, request, reply) =>
      sendCsvExport(request, reply, partnersExport(db, contextOf(request), query)),
    exportUsers: ({ query }, request, reply) =>
      sendCsvExport(request, reply, usersExport(db, contextOf(request), query)),
    exportAuditLogs: ({ query }, request, reply) =>
      sendCsvExport(request, reply, auditLogsExport(db, contextOf(request), query)),
    exportDevices: async ({ query }, request, reply) =>
      sendCsvExport(request, reply, await devicesExport(db, contextOf(request), query)),
    exportParameters: ({ query }, request, reply) =>
      sendCsvExport(request, reply, parametersExport(db, query)),
    exportAlarms: ({ query }, request, reply) =>
      sendCsvExport(request, reply, alarmsExport(db, contextOf(request), query)),
  });
}
