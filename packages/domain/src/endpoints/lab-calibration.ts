import { z } from 'zod';
import { deviceActionSchema } from '../device-records.js';
import { ACCOUNT_ADMINS, DATA_TOKEN, defineEndpoint, SIGNED_IN } from '../endpoint.js';
import {
  calibrationScheduleItemSchema,
  calibrationScheduleQuerySchema,
  deviceActionResultBodySchema,
  LAB_REPORT_MAX_BYTES,
  labReportFieldsSchema,
  labReportListQuerySchema,
  labReportSchema,
} from '../lab-calibration.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema, idSchema } from './common.js';

export const deviceActionParamsSchema = z.object({ id: idSchema, actionId: idSchema });
export const actionIdParamsSchema = z.object({ actionId: idSchema });

const MB = 1024 * 1024;

/** The calibration schedule, the results of device actions, and lab reports per monitoring point. */
export const labCalibrationEndpoints = {
  getCalibrationSchedule: defineEndpoint({
    method: 'GET',
    path: '/api/calibrations/schedule',
    operationId: 'getCalibrationSchedule',
    tag: 'devices',
    summary:
      "The CPCB protocol's calibration checks of each device parameter in view, with the last one done, when the next is due and its marker; overdue first",
    description:
      'One row per device × parameter × check (gases: two-point fortnightly and multipoint quarterly; pH and ' +
      'temperature fortnightly; BOD, COD, TOC, TSS monthly; particulate multipoint quarterly). Markers: OVERDUE ' +
      '(past due), NEVER (no record), DUE (within 2 days of a fortnightly check, 7 days of the others), OK. ' +
      'A multipoint record also counts as a two-point one.',
    access: SIGNED_IN,
    query: calibrationScheduleQuerySchema,
    response: pageOf(calibrationScheduleItemSchema),
  }),
  recordDeviceActionResult: defineEndpoint({
    method: 'POST',
    path: '/api/devices/:id/actions/:actionId/result',
    operationId: 'recordDeviceActionResult',
    tag: 'devices',
    summary: 'Record what came of a requested auto clean or calibrate (DONE or FAILED), now',
    description: 'Only a REQUESTED action takes a result (422 BUSINESS_RULE once it has one).',
    access: ACCOUNT_ADMINS,
    params: deviceActionParamsSchema,
    body: deviceActionResultBodySchema,
    response: deviceActionSchema,
    errors: ['BUSINESS_RULE'],
    owned: { param: 'id', kind: 'device' },
  }),
  reportDeviceActionResult: defineEndpoint({
    method: 'POST',
    path: '/api/edge/deviceActions/:actionId/result',
    operationId: 'reportDeviceActionResult',
    tag: 'devices',
    summary: "A device's edge gateway reports what came of an auto clean or calibrate request",
    description:
      'Send the edge client key (or push-data app token) as `Authorization: Bearer <key>`. The action must be of a device ' +
      'of an industry the key sends for (404 otherwise); only a REQUESTED action takes a result (422 BUSINESS_RULE).',
    access: DATA_TOKEN,
    params: actionIdParamsSchema,
    body: deviceActionResultBodySchema,
    response: deviceActionSchema,
    errors: ['BUSINESS_RULE', 'NOT_FOUND'],
  }),
  listLabReports: defineEndpoint({
    method: 'GET',
    path: '/api/labReports',
    operationId: 'listLabReports',
    tag: 'devices',
    summary: "A monitoring point's lab reports, newest sample first, paged",
    access: SIGNED_IN,
    query: labReportListQuerySchema,
    response: pageOf(labReportSchema),
    errors: ['NOT_FOUND'],
  }),
  uploadLabReport: defineEndpoint({
    method: 'POST',
    path: '/api/labReports',
    operationId: 'uploadLabReport',
    tag: 'devices',
    summary: 'Upload a lab report of a monitoring point',
    description:
      'multipart/form-data: the fields as text parts and one file part `file`: a PDF, CSV, XLSX, JPEG or PNG ' +
      `(checked by content; 415 UNSUPPORTED_MEDIA_TYPE otherwise) of at most ${LAB_REPORT_MAX_BYTES / MB} MB ` +
      '(413 PAYLOAD_TOO_LARGE); a form that cannot be read is 400.',
    access: ACCOUNT_ADMINS,
    multipart: labReportFieldsSchema,
    status: 201,
    response: labReportSchema,
    errors: ['NOT_FOUND'],
  }),
  downloadLabReport: defineEndpoint({
    method: 'GET',
    path: '/api/labReports/:id/file',
    operationId: 'downloadLabReport',
    tag: 'devices',
    summary: "A lab report's file, under its original name",
    access: SIGNED_IN,
    params: idParamsSchema,
    produces: '*/*',
  }),
  deleteLabReport: defineEndpoint({
    method: 'DELETE',
    path: '/api/labReports/:id',
    operationId: 'deleteLabReport',
    tag: 'devices',
    summary: 'Delete a lab report and its file',
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    status: 204,
  }),
};
