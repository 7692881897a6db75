import { z } from 'zod';
import { FIELD_MESSAGES, DATE_RANGE } from './constants.js';
import { dateField, fromDigits, optionalText, requiredText } from './fields.js';
import { IST_OFFSET_MS } from './telemetry.js';

/**
 * Calibration schedules (the CPCB protocol's checks and their intervals) and
 * lab reports per monitoring point.
 */

/** The kinds of calibration check a calibration record may be. */
export const CALIBRATION_CHECKS = ['TWO_POINT', 'MULTIPOINT'] as const;
export type CalibrationCheck = (typeof CALIBRATION_CHECKS)[number];

// ── The protocol as data ───────────────────────────────────────────────────

/** How often a check is due: a fixed number of days, or calendar months in India time. */
export const CALIBRATION_INTERVALS = {
  FORTNIGHTLY: { days: 14, months: 0 },
  MONTHLY: { days: 0, months: 1 },
  QUARTERLY: { days: 0, months: 3 },
} as const;
export type CalibrationInterval = keyof typeof CALIBRATION_INTERVALS;
export const CALIBRATION_INTERVAL_NAMES = Object.keys(CALIBRATION_INTERVALS) as CalibrationInterval[];

/**
 * How long before its due time a check shows as DUE: two days for a
 * fortnightly check (a seventh of its interval, enough to book the span gas),
 * a week for a monthly or quarterly one (a lab visit or a reference-method
 * sampling is planned further ahead).
 */
export const DUE_WINDOW_DAYS: Record<CalibrationInterval, number> = {
  FORTNIGHTLY: 2,
  MONTHLY: 7,
  QUARTERLY: 7,
};

/** The classes of parameter the protocol names, each with its own checks. */
export const PARAMETER_CLASSES = ['GAS', 'PH', 'TEMPERATURE', 'WATER_QUALITY', 'PARTICULATE'] as const;
export type ParameterClass = (typeof PARAMETER_CLASSES)[number];

export interface ProtocolCheck {
  check: CalibrationCheck;
  interval: CalibrationInterval;
}

/**
 * CPCB's calibration protocol for continuous monitoring: gases two-point
 * fortnightly and multipoint quarterly; pH and temperature fortnightly;
 * BOD, COD, TOC and TSS monthly; particulate matter quarterly (a multipoint
 * correlation against the reference method). A multipoint calibration also
 * counts as a two-point one (it includes the zero and span points).
 */
export const CALIBRATION_PROTOCOL: Record<ParameterClass, readonly ProtocolCheck[]> = {
  GAS: [
    { check: 'TWO_POINT', interval: 'FORTNIGHTLY' },
    { check: 'MULTIPOINT', interval: 'QUARTERLY' },
  ],
  PH: [{ check: 'TWO_POINT', interval: 'FORTNIGHTLY' }],
  TEMPERATURE: [{ check: 'TWO_POINT', interval: 'FORTNIGHTLY' }],
  WATER_QUALITY: [{ check: 'TWO_POINT', interval: 'MONTHLY' }],
  PARTICULATE: [{ check: 'MULTIPOINT', interval: 'QUARTERLY' }],
};

/** Whether a record of kind `done` satisfies the check `wanted` (a multipoint one covers two-point). */
export function isCheckCoveredBy(wanted: CalibrationCheck, done: CalibrationCheck): boolean {
  return wanted === done || (wanted === 'TWO_POINT' && done === 'MULTIPOINT');
}

const PARTICULATE_WORDS = new Set(['PM', 'PM1', 'PM10', 'PM2.5', 'PM25', 'SPM', 'RSPM', 'TSP', 'DUST']);
const GAS_WORDS = new Set([
  'SO2',
  'NOX',
  'NO',
  'NO2',
  'CO',
  'CO2',
  'O2',
  'NH3',
  'HCL',
  'HF',
  'H2S',
  'CL2',
  'O3',
  'HC',
  'THC',
  'NMHC',
  'CH4',
  'VOC',
  'TVOC',
  'BENZENE',
  'TRS',
]);
const WATER_QUALITY_WORDS = new Set(['BOD', 'COD', 'TOC', 'TSS']);
const TEMPERATURE_WORDS = new Set(['TEMPERATURE', 'TEMP']);

/**
 * The protocol class of a catalogue parameter from its label (or name):
 * "SO2", "CAAQMS PM2.5", "NOx as NO2", "Effluent Temperature", "Ground
 * Water pH". The first word that names a class decides, particulate before
 * gases (so "PM" is never read as a gas). Null for what the protocol does
 * not schedule (flow, colour, wind, energy, mercury, ammonical nitrogen, …).
 */
export function classifyParameter(label: string): ParameterClass | null {
  const words = label
    .toUpperCase()
    .split(/[^A-Z0-9.]+/)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter((word) => word !== '');
  if (words.some((word) => PARTICULATE_WORDS.has(word)) || /PARTICULATE/i.test(label)) return 'PARTICULATE';
  for (const word of words) {
    if (GAS_WORDS.has(word)) return 'GAS';
    if (WATER_QUALITY_WORDS.has(word)) return 'WATER_QUALITY';
    if (word === 'PH') return 'PH';
    if (TEMPERATURE_WORDS.has(word)) return 'TEMPERATURE';
  }
  return null;
}

/** The checks the protocol asks of a parameter (none when it is not scheduled). */
export function checksForParameter(label: string): readonly ProtocolCheck[] {
  const parameterClass = classifyParameter(label);
  return parameterClass ? CALIBRATION_PROTOCOL[parameterClass] : [];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `at` plus the interval: days as 24-hour days (India keeps no daylight
 * saving), months as calendar months on India's wall clock, the day kept or
 * brought back to the month's last (31 January + 1 month = 28 or 29
 * February, 11:00 IST as it was). PostgreSQL's `timestamp + interval` does the same.
 */
export function addCalibrationInterval(at: Date, interval: CalibrationInterval): Date {
  const { days, months } = CALIBRATION_INTERVALS[interval];
  if (months === 0) return new Date(at.getTime() + days * DAY_MS);
  const wall = new Date(at.getTime() + IST_OFFSET_MS);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(wall.getUTCDate(), lastDay);
  const timeOfDay = wall.getTime() - Date.UTC(year, wall.getUTCMonth(), wall.getUTCDate());
  return new Date(Date.UTC(year, month, day) + timeOfDay + days * DAY_MS - IST_OFFSET_MS);
}

/**
 * Where a check stands: OVERDUE after its due time, DUE from the window's
 * start up to and including the due time, OK before, NEVER without a record.
 * The order is the schedule's: what needs doing first comes first.
 */
export const CALIBRATION_MARKERS = ['OVERDUE', 'NEVER', 'DUE', 'OK'] as const;
export type CalibrationMarker = (typeof CALIBRATION_MARKERS)[number];

export interface CalibrationStanding {
  /** When the check is next due; null when it was never done (due at once). */
  dueAt: Date | null;
  /** When it starts to show as DUE. */
  dueFrom: Date | null;
  marker: CalibrationMarker;
}

/** The standing of a check last done at `lastDoneAt` (null: never), at `now`. */
export function getCalibrationStanding(
  lastDoneAt: Date | null,
  interval: CalibrationInterval,
  now: Date,
): CalibrationStanding {
  if (lastDoneAt === null) return { dueAt: null, dueFrom: null, marker: 'NEVER' };
  const dueAt = addCalibrationInterval(lastDoneAt, interval);
  const dueFrom = new Date(dueAt.getTime() - DUE_WINDOW_DAYS[interval] * DAY_MS);
  const marker: CalibrationMarker =
    now.getTime() > dueAt.getTime() ? 'OVERDUE' : now.getTime() >= dueFrom.getTime() ? 'DUE' : 'OK';
  return { dueAt, dueFrom, marker };
}

// ── Calibration schedule (GET /api/calibrations/schedule) ──────────────────

export const CALIBRATION_SCHEDULE_PAGE_SIZE = 20;

export const calibrationScheduleQuerySchema = z.object({
  tenantId: fromDigits(z.number().int().min(1)).optional(),
  deviceId: fromDigits(z.number().int().min(1)).optional(),
  status: z
    .enum(CALIBRATION_MARKERS, { message: `Choose one of ${CALIBRATION_MARKERS.join(', ')}` })
    .optional(),
  page: fromDigits(z.number().int().min(1).max(100_000)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(CALIBRATION_SCHEDULE_PAGE_SIZE),
});
export type CalibrationScheduleQuery = z.output<typeof calibrationScheduleQuerySchema>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const calibrationScheduleItemSchema = z.object({
  tenant: ref,
  monitoringPoint: ref,
  device: ref,
  parameter: z.object({ id: z.number().int(), label: z.string() }),
  parameterClass: z.enum(PARAMETER_CLASSES),
  check: z.enum(CALIBRATION_CHECKS),
  interval: z.enum(['FORTNIGHTLY', 'MONTHLY', 'QUARTERLY']),
  /** The latest calibration record that covers this check of this parameter. */
  lastDone: z
    .object({
      calibrationId: z.number().int(),
      at: z.string(),
      by: z.string().nullable(),
      check: z.enum(CALIBRATION_CHECKS),
    })
    .nullable(),
  dueAt: z.string().nullable(),
  marker: z.enum(CALIBRATION_MARKERS),
});
export type CalibrationScheduleItem = z.infer<typeof calibrationScheduleItemSchema>;

// ── Device action results ───────────────────────────────────────────────────

/** What became of an auto clean / calibrate request, as its gateway or an admin reports it. */
export const DEVICE_ACTION_OUTCOMES = ['DONE', 'FAILED'] as const;

export const deviceActionResultBodySchema = z
  .object({
    result: z.enum(DEVICE_ACTION_OUTCOMES, { message: `Choose one of ${DEVICE_ACTION_OUTCOMES.join(', ')}` }),
  })
  .strict();
export type DeviceActionResultBody = z.output<typeof deviceActionResultBodySchema>;

// ── Lab reports ─────────────────────────────────────────────────────────────

/** What a lab report may be, checked by its bytes. */
export const LAB_REPORT_CONTENT_TYPES = [
  'application/pdf',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/jpeg',
  'image/png',
] as const;
export type LabReportContentType = (typeof LAB_REPORT_CONTENT_TYPES)[number];
export const LAB_REPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart part that carries the report's file. */
export const LAB_REPORT_FILE_PART = 'file';
/** What the file picker offers. */
export const LAB_REPORT_ACCEPT = '.pdf,.csv,.xlsx,.jpg,.jpeg,.png';
export const LAB_REPORT_PAGE_SIZE = 20;

export const LAB_REPORT_MESSAGES = {
  futureSample: 'The sample date must not be in the future',
  fileRequired: 'Choose the report file',
  fileType: 'A lab report must be a PDF, CSV, XLSX, JPEG or PNG file',
  fileSize: `A lab report may be at most ${LAB_REPORT_MAX_BYTES / (1024 * 1024)} MB`,
} as const;

/** Today in India, `YYYY-MM-DD`. */
export const indiaToday = (now = Date.now()) => new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The text parts of a lab report upload (`POST /api/labReports`, multipart with one `file`). */
export const labReportFieldsSchema = z
  .object({
    monitoringPointId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    title: requiredText(200),
    labName: optionalText(200),
    sampledOn: z
      .string({ message: FIELD_MESSAGES.required })
      .trim()
      .min(1, FIELD_MESSAGES.required)
      .pipe(dateField)
      .refine((value) => value <= indiaToday(), LAB_REPORT_MESSAGES.futureSample),
    comment: optionalText(1000),
  })
  .strict();
export type LabReportFields = z.output<typeof labReportFieldsSchema>;
export type LabReportInput = z.input<typeof labReportFieldsSchema>;
export const LAB_REPORT_DATE_MIN = DATE_RANGE.min;

export const labReportSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  monitoringPoint: ref,
  title: z.string(),
  labName: z.string().nullable(),
  sampledOn: z.string(),
  comment: z.string().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type LabReport = z.infer<typeof labReportSchema>;

export const labReportListQuerySchema = z.object({
  monitoringPointId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
  page: fromDigits(z.number().int().min(1).max(100_000)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(LAB_REPORT_PAGE_SIZE),
});
