import { z } from 'zod';
import { ACCOUNT_ADMINS, defineEndpoint, REPORT_READERS, STATUTORY_REPORT_READERS } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import {
  reportDownloadQuerySchema,
  reportEmailBodySchema,
  reportIndustryQuerySchema,
  reportIndustrySchema,
  reportListQuerySchema,
  reportParamsQuerySchema,
  reportPointSchema,
  reportRequestBodySchema,
  reportScheduleBodySchema,
  reportScheduleListQuerySchema,
  reportScheduleSchema,
  reportSchema,
} from '../reports.js';
import { idParamsSchema, idSchema } from './common.js';

/** Schedules (and the mails they send) are kept by the account administrators of the industry. */
export const REPORT_SCHEDULERS = ACCOUNT_ADMINS;

/**
 * Reports (spec §7: POST reports/{id}; schedule report get/post/delete; report
 * email; /reports, /reports/schedule, /statutory/reports, /report/industry,
 * /report/params, /api/downloadReports).
 */
export const reportsEndpoints = {
  requestReport: defineEndpoint({
    method: 'POST',
    path: '/api/reports/:tenantId',
    operationId: 'requestReport',
    tag: 'reports',
    summary:
      'Request a report of parameters at a monitoring point over India days at a resolution: it is queued and made in the background',
    access: REPORT_READERS,
    params: z.object({ tenantId: idSchema }),
    body: reportRequestBodySchema,
    status: 201,
    response: reportSchema,
    owned: { param: 'tenantId', kind: 'account' },
  }),
  listReports: defineEndpoint({
    method: 'GET',
    path: '/api/reports',
    operationId: 'listReports',
    tag: 'reports',
    summary:
      'Reports of the industries the caller sees, newest first, with their status and progress, by industry, paged',
    access: REPORT_READERS,
    query: reportListQuerySchema,
    response: pageOf(reportSchema),
  }),
  listStatutoryReports: defineEndpoint({
    method: 'GET',
    path: '/api/statutory/reports',
    operationId: 'listStatutoryReports',
    tag: 'reports',
    summary:
      'A board’s view: reports of the industries mapped to the caller’s board (the platform: to any board), newest first, paged',
    access: STATUTORY_REPORT_READERS,
    query: reportListQuerySchema,
    response: pageOf(reportSchema),
  }),
  downloadReport: defineEndpoint({
    method: 'GET',
    path: '/api/downloadReports',
    operationId: 'downloadReport',
    tag: 'reports',
    summary: 'A finished report as a PDF (format=pdf) or a CSV file (format=csv)',
    description:
      'The CSV is UTF-8 with a byte order mark and one row per period and parameter: the period’s start and end (India time, with the offset), the parameter, device and unit, min, avg and max, the limit in force, the exceedances, and the slots with data against those expected with the availability in per cent.',
    access: REPORT_READERS,
    query: reportDownloadQuerySchema,
    produces: '*/*',
    errors: ['NOT_FOUND', 'BUSINESS_RULE'],
  }),
  emailReport: defineEndpoint({
    method: 'POST',
    path: '/api/reports/email/:id',
    operationId: 'emailReport',
    tag: 'reports',
    summary:
      'Mail a report to up to ten recipients: at once when it is made, or as soon as it is (a failed one cannot be mailed)',
    access: REPORT_READERS,
    params: idParamsSchema,
    body: reportEmailBodySchema,
    response: reportSchema,
    errors: ['BUSINESS_RULE'],
  }),
  listReportSchedules: defineEndpoint({
    method: 'GET',
    path: '/api/reports/schedule',
    operationId: 'listReportSchedules',
    tag: 'reports',
    summary: 'Report schedules of the industries the caller sees, by industry, paged',
    access: REPORT_READERS,
    query: reportScheduleListQuerySchema,
    response: pageOf(reportScheduleSchema),
  }),
  createReportSchedule: defineEndpoint({
    method: 'POST',
    path: '/api/reports/schedule',
    operationId: 'createReportSchedule',
    tag: 'reports',
    summary:
      'Schedule a report daily, weekly or monthly of the period just closed, mailed to up to ten recipients',
    access: REPORT_SCHEDULERS,
    body: reportScheduleBodySchema,
    status: 201,
    response: reportScheduleSchema,
    errors: ['NOT_FOUND'],
  }),
  deleteReportSchedule: defineEndpoint({
    method: 'DELETE',
    path: '/api/reports/schedule/:id',
    operationId: 'deleteReportSchedule',
    tag: 'reports',
    summary: 'Delete a report schedule (the reports it made stay)',
    access: REPORT_SCHEDULERS,
    params: idParamsSchema,
    status: 204,
  }),
  listReportIndustries: defineEndpoint({
    method: 'GET',
    path: '/api/report/industry',
    operationId: 'listReportIndustries',
    tag: 'reports',
    summary: 'The industries the caller may report on, by part of their name (or one by id), paged',
    access: REPORT_READERS,
    query: reportIndustryQuerySchema,
    response: pageOf(reportIndustrySchema),
  }),
  listReportParams: defineEndpoint({
    method: 'GET',
    path: '/api/report/params',
    operationId: 'listReportParams',
    tag: 'reports',
    summary:
      'An industry’s monitoring points with the parameters measured at each, their units and the limits in force',
    access: REPORT_READERS,
    query: reportParamsQuerySchema,
    response: z.array(reportPointSchema),
    errors: ['NOT_FOUND'],
  }),
};
