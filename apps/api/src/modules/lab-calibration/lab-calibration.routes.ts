import type { FastifyInstance } from 'fastify';
import {
  LAB_REPORT_FILE_PART,
  LAB_REPORT_MAX_BYTES,
  LAB_REPORT_MESSAGES,
  labCalibrationEndpoints,
  labReportFieldsSchema,
} from '@vayu/domain';
import type { Database } from '../../db/client.js';
import { attachmentOf } from '../../lib/content-disposition.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { parseFields, readForm } from '../../lib/multipart-form.js';
import { contextOf } from '../../plugins/authentication.js';
import { resolveDataSender } from '../telemetry/data-tokens.js';
import type { LabCalibrationService } from './lab-calibration.service.js';

export async function labCalibrationRoutes(
  app: FastifyInstance,
  { labCalibration, db }: { labCalibration: LabCalibrationService; db: Database },
) {
  registerEndpoints(app, labCalibrationEndpoints, {
    getCalibrationSchedule: ({ query }, request) => labCalibration.getSchedule(contextOf(request), query),
    recordDeviceActionResult: ({ params, body }, request) =>
      labCalibration.recordActionResult(contextOf(request), params.id, params.actionId, body.result),
    // The key was resolved before the body was read (plugins/authentication.ts).
    reportDeviceActionResult: async ({ params, body }, request) =>
      labCalibration.reportActionResult(
        request.dataSender ?? (await resolveDataSender(db, request)),
        { requestId: request.id, ip: request.ip },
        params.actionId,
        body.result,
      ),
    listLabReports: ({ query }, request) => labCalibration.listLabReports(contextOf(request), query),
    uploadLabReport: async (_input, request) => {
      const ctx = contextOf(request);
      const { fields, files } = await readForm(request, {
        filePart: LAB_REPORT_FILE_PART,
        maxFiles: 1,
        maxFileBytes: LAB_REPORT_MAX_BYTES,
        sizeMessage: LAB_REPORT_MESSAGES.fileSize,
        fallbackName: 'lab-report',
      });
      const body = parseFields(labReportFieldsSchema, fields);
      return labCalibration.uploadLabReport(ctx, body, files[0]);
    },
    downloadLabReport: async ({ params }, request, reply) => {
      const file = await labCalibration.readLabReportFile(contextOf(request), params.id);
      return reply
        .header(
          'content-type',
          file.contentType === 'text/csv' ? 'text/csv; charset=utf-8' : file.contentType,
        )
        .header('content-disposition', attachmentOf(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
    deleteLabReport: ({ params }, request) => labCalibration.deleteLabReport(contextOf(request), params.id),
  });
}
