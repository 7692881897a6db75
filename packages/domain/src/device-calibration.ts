import { z } from 'zod';
import { FIELD_MESSAGES } from './constants.js';
import { DEVICE_ACTIONS } from './device-records.js';
import { fromDigits, optionalNumberInRange, optionalText } from './fields.js';
import { CALIBRATION_CHECKS } from './lab-calibration.js';
import { CALIBRATION_MESSAGES } from './area-messages.js';

/**
 * The bodies of a device's calibration records and of the auto clean /
 * calibrate requests, and the limits of the files that go with them.
 */

/** What a calibration file may be, checked by content: a report (PDF) or the analyser's export (CSV, text). */
export const CALIBRATION_FILE_CONTENT_TYPES = ['application/pdf', 'text/csv', 'text/plain'] as const;
export type CalibrationFileContentType = (typeof CALIBRATION_FILE_CONTENT_TYPES)[number];
/** The multipart part that carries a calibration file. */
export const CALIBRATION_FILE_PART = 'calibrationFile';
/** The multipart part that carries the supporting documents' files (up to DOCUMENT_MAX_FILES_PER_UPLOAD). */
export const DOCUMENT_FILES_PART = 'files';

/** Previous calibrations per page. */
export const CALIBRATION_PAGE_SIZE = 10;
/** How many of a device's latest auto clean / calibrate requests are shown. */
export const DEVICE_ACTIONS_SHOWN = 20;

/** A clock a few minutes ahead of the server's still records "now" (a calibration just done). */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** The earliest date a calibration record may carry. */
export const EARLIEST_RECORD_DATE = '2000-01-01T00:00:00.000Z';

/** The most parameters one calibration record may name. */
export const MAX_CALIBRATION_PARAMETERS = 60;

/**
 * The parameters a calibration covered: ids as a list, or as digits joined by
 * commas (a multipart text part); none (empty) means every parameter of the device.
 */
const calibrationParameterIds = z
  .preprocess(
    (value) => {
      if (value === undefined || value === null) return undefined;
      if (typeof value === 'string') {
        const text = value.trim();
        return text === '' ? undefined : text.split(',').map((part) => part.trim());
      }
      return value;
    },
    z
      .array(fromDigits(z.number({ message: FIELD_MESSAGES.number }).int().min(1)), {
        message: CALIBRATION_MESSAGES.parameters,
      })
      .max(MAX_CALIBRATION_PARAMETERS, `At most ${MAX_CALIBRATION_PARAMETERS} parameters`)
      .refine((ids) => new Set(ids).size === ids.length, CALIBRATION_MESSAGES.parameterTwice)
      .optional(),
  )
  .transform((ids) => (ids === undefined || ids.length === 0 ? null : ids));

const emptyToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A moment with its offset (ISO 8601, e.g. 2026-03-10T11:42:00+05:30), between 2000 and now. */
const pastMoment = z
  .string({ message: FIELD_MESSAGES.required })
  .trim()
  .min(1, FIELD_MESSAGES.required)
  .pipe(z.iso.datetime({ offset: true, message: CALIBRATION_MESSAGES.moment }))
  .refine((value) => Date.parse(value) >= Date.parse(EARLIEST_RECORD_DATE), CALIBRATION_MESSAGES.tooEarly)
  .refine((value) => Date.parse(value) <= Date.now() + CLOCK_SKEW_MS, CALIBRATION_MESSAGES.future)
  .transform((value) => new Date(value).toISOString());

const optionalPastMoment = z
  .preprocess(emptyToUndefined, pastMoment.optional())
  .transform((value) => value ?? null);

/**
 * A calibration record (`POST /api/calibrations`): multipart text parts (with
 * an optional `calibrationFile`) or JSON. Numbers may come as text.
 */
export const calibrationBodySchema = z
  .object({
    deviceId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    /** The calibrator used: a model of a Calibrator make. */
    modelId: z
      .preprocess(
        emptyToUndefined,
        fromDigits(z.number({ message: FIELD_MESSAGES.number }).int().min(1)).optional(),
      )
      .transform((value) => value ?? null),
    offset: optionalNumberInRange(-1_000_000, 1_000_000, 'Offset'),
    span: optionalNumberInRange(-1_000_000, 1_000_000, 'Span'),
    coefficients: optionalText(500),
    /** Of the analyser's light source or filter, in nanometres. */
    wavelength: optionalNumberInRange(1, 100_000, 'Wavelength (nm)'),
    lastCalibration: optionalPastMoment,
    lastClean: optionalPastMoment,
    comment: optionalText(1000),
    /** When the calibration was done. */
    date: pastMoment,
    /** In percent. */
    signalStrength: optionalNumberInRange(0, 100, 'Signal strength (%)'),
    /** The protocol's check this record is (calibration schedule). */
    checkKind: z
      .preprocess(
        emptyToUndefined,
        z.enum(CALIBRATION_CHECKS, { message: `Choose one of ${CALIBRATION_CHECKS.join(', ')}` }).optional(),
      )
      .transform((value) => value ?? 'TWO_POINT'),
    /** The device's parameters it covered; null: all of them. */
    parameterIds: calibrationParameterIds,
  })
  .strict();
export type CalibrationBody = z.output<typeof calibrationBodySchema>;
export type CalibrationInput = z.input<typeof calibrationBodySchema>;
export const CALIBRATION_FIELDS = Object.keys(calibrationBodySchema.shape) as (keyof CalibrationBody)[];

export const calibrationQuerySchema = z.object({
  deviceId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
});
export const calibrationHistoryQuerySchema = calibrationQuerySchema.extend({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(CALIBRATION_PAGE_SIZE),
});

/** `POST /api/devices/{id}/actions`. */
export const deviceActionBodySchema = z
  .object({
    action: z.enum(DEVICE_ACTIONS, { message: `Choose one of ${DEVICE_ACTIONS.join(', ')}` }),
  })
  .strict();
export type DeviceActionBody = z.output<typeof deviceActionBodySchema>;

/** The opaque name `POST /api/documentById` takes for a device's supporting document. */
export const documentPathName = (deviceId: number, fileId: number) =>
  `device-documents/${deviceId}/${fileId}`;
/** The opaque name `POST /api/documentById` takes for a calibration record's file. */
export const calibrationFilePathName = (deviceId: number, calibrationId: number) =>
  `calibrations/${deviceId}/${calibrationId}`;

const PATH_NAME = /^(device-documents|calibrations)\/([1-9]\d{0,9})\/([1-9]\d{0,9})$/;

/** What a path name names, or null when it is not one this API gives out. */
export function parseRecordPathName(
  pathName: string,
): { kind: 'document' | 'calibration'; deviceId: number; recordId: number } | null {
  const match = PATH_NAME.exec(pathName);
  if (!match) return null;
  const deviceId = Number(match[2]);
  const recordId = Number(match[3]);
  if (deviceId > 2_147_483_647 || recordId > 2_147_483_647) return null;
  return { kind: match[1] === 'calibrations' ? 'calibration' : 'document', deviceId, recordId };
}
