import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import type { z } from 'zod';
import { registerEndpoints } from '../../lib/endpoints.js';
import { formFieldDetails, UNKNOWN_FIELD } from '../../lib/form-fields.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { contextOf } from '../../plugins/authentication.js';
import { cleanFileName, type DeviceRecordsService, type UploadedFile } from './device-records.service.js';
import { attachmentOf } from '../../lib/content-disposition.js';

const INVALID_FIELDS = 'The request has invalid fields.';
const MB = 1024 * 1024;

const errorCodeOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

interface FormRules {
  /** The one file part the form has. */
  filePart: string;
  maxFiles: number;
  maxFileBytes: number;
  /** What a file over the size limit is told. */
  sizeMessage: string;
  /** The name a file without one is kept under. */
  fallbackName: string;
}

/**
 * Reads a form: multipart text parts and the files of `rules.filePart`, or a
 * JSON body of fields (no files). A form the parser cannot read is the
 * client's fault (400); a file or form over its limits is 413; a NUL in a
 * text part (the database cannot store it) is 400 on that field.
 */
async function readForm(
  request: FastifyRequest,
  rules: FormRules,
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && body !== null) {
      if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be an object.');
      Object.assign(fields, body);
    }
    return { fields, files };
  }
  let currentFile = '';
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxFileBytes,
        files: rules.maxFiles,
        fields: 30,
        fieldSize: 64 * 1024,
        parts: rules.maxFiles + 30,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') {
          throw badRequest(INVALID_FIELDS, [
            { path: part.fieldname, message: 'Must be text', code: 'FIELD_INVALID' },
          ]);
        }
        if (part.value.includes('\u0000')) {
          throw badRequest(INVALID_FIELDS, [
            {
              path: part.fieldname,
              message: 'Contains a character that is not allowed',
              code: 'FIELD_INVALID',
            },
          ]);
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== rules.filePart) {
        throw badRequest(INVALID_FIELDS, [
          { path: part.fieldname, message: UNKNOWN_FIELD, code: 'FIELD_UNKNOWN' },
        ]);
      }
      currentFile = cleanFileName(part.filename ?? '', rules.fallbackName);
      const data = await part.toBuffer();
      // A file input left empty still sends a part, without a name or bytes.
      if (data.length === 0 && !part.filename) continue;
      files.push({ fileName: currentFile, data });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = errorCodeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        rules.sizeMessage,
        [
          {
            path: rules.filePart,
            message: `"${currentFile}": ${rules.sizeMessage}`,
            code: 'FIELD_TOO_LARGE',
          },
        ],
        { fileNames: currentFile, maxMb: rules.maxFileBytes / MB },
      );
    }
    if (code === 'FST_FILES_LIMIT') {
      const message = `Send at most ${rules.maxFiles} file${rules.maxFiles === 1 ? '' : 's'} at once.`;
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        message,
        [{ path: rules.filePart, message, code: 'FIELD_TOO_LARGE' }],
        { maxFiles: rules.maxFiles },
      );
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The form has too many fields or files.');
    }
    // A form the parser could not read (no boundary, a cut-off part): the client's fault.
    throw badRequest('The form data could not be read.');
  }
  return { fields, files };
}

function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(INVALID_FIELDS, formFieldDetails(parsed.error));
  return parsed.data;
}

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
