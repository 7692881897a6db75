import type { FastifyInstance } from 'fastify';
import {
  CALIBRATION_FILE_MAX_BYTES,
  CALIBRATION_FILE_PART,
  calibrationBodySchema,
  DOCUMENT_FIELDS,
  DOCUMENT_FILES_PART,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES_PER_UPLOAD,
  deviceRecordsEndpoints,
  documentUploadFieldsSchema,
  type DocumentFields,
} from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { parseFields, readForm } from '../../lib/multipart-form.js';
import { contextOf } from '../../plugins/authentication.js';
import type { DeviceRecordsService } from './device-records.service.js';
import { attachmentOf } from '../../lib/content-disposition.js';

const MB = 1024 * 1024;

/** The detail fields the form sent (an empty one clears its value); those not sent keep theirs. */
function sentDocumentFields(fields: Record<string, unknown>): Partial<DocumentFields> {
  const parsed = parseFields(documentUploadFieldsSchema, fields);
  const sent: Partial<DocumentFields> = {};
  for (const key of DOCUMENT_FIELDS) {
    if (Object.hasOwn(fields, key)) sent[key] = parsed[key];
  }
  return sent;
}

export async function deviceRecordsRoutes(
  app: FastifyInstance,
  { deviceRecords }: { deviceRecords: DeviceRecordsService },
) {
  registerEndpoints(app, deviceRecordsEndpoints, {
    getDeviceDocuments: ({ params }, request) => deviceRecords.getDocuments(contextOf(request), params.id),
    uploadDeviceDocuments: async ({ params }, request) => {
      const ctx = contextOf(request);
      // Someone who may not change the device is refused before the upload is read.
      await deviceRecords.assertMayChangeDevice(ctx, params.id);
      const { fields, files } = await readForm(request, {
        filePart: DOCUMENT_FILES_PART,
        maxFiles: DOCUMENT_MAX_FILES_PER_UPLOAD,
        maxFileBytes: DOCUMENT_MAX_BYTES,
        sizeMessage: `A supporting document may be at most ${DOCUMENT_MAX_BYTES / MB} MB`,
        fallbackName: 'document',
      });
      return deviceRecords.uploadDocuments(ctx, params.id, sentDocumentFields(fields), files);
    },
    deleteDeviceDocumentFile: ({ params }, request) =>
      deviceRecords.deleteDocumentFile(contextOf(request), params.id, params.fileId),
    getDocumentById: async ({ body }, request, reply) => {
      const file = await deviceRecords.readFile(contextOf(request), body.pathName);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentOf(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
    getLatestCalibration: ({ query }, request) =>
      deviceRecords.getLatestCalibration(contextOf(request), query.deviceId),
    listPreviousCalibrations: ({ query }, request) =>
      deviceRecords.listPreviousCalibrations(contextOf(request), query),
    createCalibration: async (_input, request) => {
      const { fields, files } = await readForm(request, {
        filePart: CALIBRATION_FILE_PART,
        maxFiles: 1,
        maxFileBytes: CALIBRATION_FILE_MAX_BYTES,
        sizeMessage: `A calibration file may be at most ${CALIBRATION_FILE_MAX_BYTES / MB} MB`,
        fallbackName: 'calibration',
      });
      const body = parseFields(calibrationBodySchema, fields);
      return deviceRecords.createCalibration(contextOf(request), body, files[0] ?? null);
    },
    listDeviceActions: ({ params }, request) => deviceRecords.listActions(contextOf(request), params.id),
    requestDeviceAction: ({ params, body }, request) =>
      deviceRecords.requestAction(contextOf(request), params.id, body.action),
  });
}
