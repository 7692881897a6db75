import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from './errors.js';
import { formFieldDetails, UNKNOWN_FIELD } from './form-fields.js';

/** A file of a multipart form, read whole (forms here take small files only). */
export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

// eslint-disable-next-line no-control-regex -- a file name keeps no control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const FILE_NAME_MAX = 200;

/**
 * The name a file is kept under: the last part of what the browser sent
 * (some send a whole path), without control characters, at most 200
 * characters with the extension kept.
 */
export function cleanFileName(name: string, fallback: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(CONTROL_CHARACTERS, '').trim();
  if (base === '' || base === '.' || base === '..') return fallback;
  if (base.length <= FILE_NAME_MAX) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, FILE_NAME_MAX - extension.length) + extension;
}

const INVALID_FIELDS = 'The request has invalid fields.';
const MB = 1024 * 1024;

const errorCodeOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

export interface FormRules {
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
export async function readForm(
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

export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(INVALID_FIELDS, formFieldDetails(parsed.error));
  return parsed.data;
}
