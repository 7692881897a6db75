import type { FastifyInstance } from 'fastify';
import { reportsEndpoints } from '@vayu/domain';
import { attachmentOf } from '../../lib/content-disposition.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { ReportsService } from './reports.service.js';

export async function reportsRoutes(app: FastifyInstance, { reports }: { reports: ReportsService }) {
  registerEndpoints(app, reportsEndpoints, {
    requestReport: ({ params, body }, request) => reports.request(contextOf(request), params.tenantId, body),
    listReports: ({ query }, request) => reports.list(contextOf(request), query),
    listStatutoryReports: ({ query }, request) => reports.listForBoard(contextOf(request), query),
    downloadReport: async ({ query }, request, reply) => {
      const file = await reports.download(contextOf(request), query.id, query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentOf(file.fileName))
        .send(file.data);
    },
    emailReport: ({ params, body }, request) => reports.email(contextOf(request), params.id, body.recipients),
    listReportSchedules: ({ query }, request) => reports.listSchedules(contextOf(request), query),
    createReportSchedule: ({ body }, request) => reports.createSchedule(contextOf(request), body),
    deleteReportSchedule: ({ params }, request) => reports.deleteSchedule(contextOf(request), params.id),
    listReportIndustries: ({ query }, request) => reports.industries(contextOf(request), query),
    listReportParams: ({ query }, request) => reports.points(contextOf(request), query.tenantId),
  });
}
