import { z } from 'zod';
import {
  calibrationBodySchema,
  calibrationHistoryQuerySchema,
  calibrationQuerySchema,
  deviceActionBodySchema,
} from '../device-calibration.js';
import {
  CALIBRATION_FILE_MAX_BYTES,
  calibrationSchema,
  deviceActionSchema,
  deviceDocumentsSchema,
  documentByIdBodySchema,
  documentFieldsSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES_PER_UPLOAD,
  MAX_DOCUMENTS_PER_DEVICE,
} from '../device-records.js';
import { ACCOUNT_ADMINS, defineEndpoint, SIGNED_IN } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import { idParamsSchema, idSchema } from './common.js';

/** The supporting documents' text parts; a part that is not one of them is refused. */
export const documentUploadFieldsSchema = documentFieldsSchema.strict();
export const documentFileParamsSchema = z.object({ id: idSchema, fileId: idSchema });

const deviceOwned = { param: 'id', kind: 'device' } as const;
const MB = 1024 * 1024;

/** A device's supporting documents, calibration records and auto clean / calibrate requests. */
export const deviceRecordsEndpoints = {
  getDeviceDocuments: defineEndpoint({
    method: 'GET',
    path: '/api/getDocuments/:id',
    operationId: 'getDeviceDocuments',
    tag: 'devices',
    summary: "A device's supporting documents: the instrument's details and its files, newest first",
    access: SIGNED_IN,
    params: idParamsSchema,
    response: deviceDocumentsSchema,
    owned: deviceOwned,
  }),
  uploadDeviceDocuments: defineEndpoint({
    method: 'POST',
    path: '/api/device/documents/:id',
    operationId: 'uploadDeviceDocuments',
    tag: 'devices',
    summary: "Change a device's supporting document details and add files to them",
    description:
      `multipart/form-data: the detail fields as text parts (each one sent replaces the stored one; an empty one clears it) ` +
      `and up to ${DOCUMENT_MAX_FILES_PER_UPLOAD} file parts \`files\`, each a PDF, PNG or JPEG (by content) ` +
      `of at most ${DOCUMENT_MAX_BYTES / MB} MB. A device holds at most ${MAX_DOCUMENTS_PER_DEVICE} files ` +
      '(422 BUSINESS_RULE beyond). A JSON body with the detail fields is accepted too.',
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    multipart: documentUploadFieldsSchema,
    response: deviceDocumentsSchema,
    errors: ['BUSINESS_RULE'],
    owned: deviceOwned,
  }),
  deleteDeviceDocumentFile: defineEndpoint({
    method: 'DELETE',
    path: '/api/device/documents/:id/files/:fileId',
    operationId: 'deleteDeviceDocumentFile',
    tag: 'devices',
    summary: "Remove a file from a device's supporting documents",
    access: ACCOUNT_ADMINS,
    params: documentFileParamsSchema,
    response: deviceDocumentsSchema,
    owned: deviceOwned,
  }),
  getDocumentById: defineEndpoint({
    method: 'POST',
    path: '/api/documentById',
    operationId: 'getDocumentById',
    tag: 'devices',
    summary:
      'The bytes of a supporting document or calibration file, by the `pathName` its record gives, with its type and file name',
    access: SIGNED_IN,
    body: documentByIdBodySchema,
    produces: '*/*',
  }),
  getLatestCalibration: defineEndpoint({
    method: 'GET',
    path: '/api/calibrations',
    operationId: 'getLatestCalibration',
    tag: 'devices',
    summary: "A device's latest calibration record (null when it has none)",
    access: SIGNED_IN,
    query: calibrationQuerySchema,
    response: calibrationSchema.nullable(),
  }),
  listPreviousCalibrations: defineEndpoint({
    method: 'GET',
    path: '/api/Previouscalibrations',
    operationId: 'listPreviousCalibrations',
    tag: 'devices',
    summary: "A device's calibration records before the latest, newest first, paged",
    access: SIGNED_IN,
    query: calibrationHistoryQuerySchema,
    response: pageOf(calibrationSchema),
  }),
  createCalibration: defineEndpoint({
    method: 'POST',
    path: '/api/calibrations',
    operationId: 'createCalibration',
    tag: 'devices',
    summary: 'Record a calibration of a device',
    description:
      'multipart/form-data: the fields as text parts and an optional file part `calibrationFile` ' +
      `(PDF, CSV or plain text by content, at most ${CALIBRATION_FILE_MAX_BYTES / MB} MB); a JSON body without a file is accepted too.`,
    access: ACCOUNT_ADMINS,
    multipart: calibrationBodySchema,
    status: 201,
    response: calibrationSchema,
  }),
  listDeviceActions: defineEndpoint({
    method: 'GET',
    path: '/api/devices/:id/actions',
    operationId: 'listDeviceActions',
    tag: 'devices',
    summary: "A device's latest auto clean and calibrate requests, newest first, with their results",
    access: SIGNED_IN,
    params: idParamsSchema,
    response: z.array(deviceActionSchema),
    owned: deviceOwned,
  }),
  requestDeviceAction: defineEndpoint({
    method: 'POST',
    path: '/api/devices/:id/actions',
    operationId: 'requestDeviceAction',
    tag: 'devices',
    summary:
      'Ask a device to clean itself or calibrate (REQUESTED until its gateway reports the result); refused for a disabled device',
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    body: deviceActionBodySchema,
    status: 201,
    response: deviceActionSchema,
    errors: ['BUSINESS_RULE'],
    owned: deviceOwned,
  }),
};
