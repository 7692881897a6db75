import { z } from 'zod';
import { dateTimeField } from './fields.js';
import { DATA_FRESHNESS } from './freshness.js';
import { DEVICE_LOG_MESSAGES } from './messages.js';
import { PROVENANCES } from './constants.js';

/**
 * Readings: what devices, edge gateways and push-data apps send. A reading is
 * stored as it arrived (value and unit as sent) with its value in the
 * parameter's standard unit and where it came from; it is never changed after
 * receipt.
 */

export type Provenance = (typeof PROVENANCES)[number];

/** What a device or app may say of its own readings; manual and substituted values come from people. */
export const SENT_PROVENANCES = ['measured', 'calibration', 'maintenance'] as const;

/** Who sent a stored reading. */
/** `migration`: imported by a data migration (modules/data-migrations), its provenance as it was. */
export const READING_SOURCES = ['edge', 'app', 'demo', 'user', 'migration'] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];

/** At most this many readings in one `POST /api/ingest` (or one MQTT message). */
export const INGEST_MAX_BATCH = 1000;
/** Readings older than this are refused (boards take delayed data for 7 days). */
export const INGEST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A reading stamped this far ahead of the server's clock is still taken (clocks drift); beyond, refused. */
export const INGEST_CLOCK_SKEW_MS = 60 * 1000;

/**
 * The largest magnitude a reading may have, as sent and in the standard unit:
 * far beyond any analyser or meter, and small enough that the sums of a
 * slot, an hour or a day stay exact enough and never overflow.
 */
export const INGEST_MAX_ABS_VALUE = 1e15;

/** Why one reading of a batch was refused. */
export const READING_REFUSALS = [
  /** No such device, or it is deleted or disabled. */
  'UNKNOWN_DEVICE',
  /** The device belongs to an industry the token may not send for. */
  'DEVICE_NOT_IN_TENANT',
  /** The device has no enabled parameter by that key or id. */
  'UNKNOWN_PARAMETER',
  /** The unit is not one the parameter's readings may arrive in. */
  'UNIT_NOT_ALLOWED',
  /** The time is not an ISO 8601 date-time with an offset, or epoch milliseconds. */
  'INVALID_TIME',
  /** The time is ahead of the server's clock by more than `INGEST_CLOCK_SKEW_MS`. */
  'TIME_IN_FUTURE',
  /** The time is more than `INGEST_MAX_AGE_MS` old. */
  'TIME_TOO_OLD',
  /** The value is not a finite number. */
  'VALUE_NOT_NUMBER',
  /** The value, as sent or in the standard unit, is beyond `INGEST_MAX_ABS_VALUE` either way. */
  'VALUE_OUT_OF_RANGE',
  /** The provenance is not one a device may send (`SENT_PROVENANCES`). */
  'PROVENANCE_NOT_ALLOWED',
  /** The reading is not an object with deviceId, parameter, time, value and unit. */
  'MALFORMED',
] as const;
export type ReadingRefusal = (typeof READING_REFUSALS)[number];

/**
 * One reading as a client sends it. Its fields are checked one by one by the
 * API (each failure is that row's refusal code), so the schema here documents
 * the shape and does not refuse the batch for one bad row.
 */
export const ingestReadingSchema = z
  .object({
    deviceId: z.unknown().meta({ description: 'The device id in Vayu (a positive integer)', example: 12 }),
    parameter: z.unknown().meta({
      description: "The parameter's key in the catalogue (as the meta sheet lists it) or its id",
      example: 'so2',
    }),
    time: z.unknown().meta({
      description: 'When it was measured: ISO 8601 with an offset, or epoch milliseconds',
      example: '2026-11-27T10:15:00+05:30',
    }),
    value: z.unknown().meta({ description: 'A finite number', example: 42.5 }),
    unit: z
      .unknown()
      .meta({ description: 'The unit of the value as sent (`UNITS` codes)', example: 'mg/Nm3' }),
    provenance: z
      .unknown()
      .optional()
      .meta({ description: 'measured (the default), calibration or maintenance' }),
  })
  .loose();
export type IngestReading = z.input<typeof ingestReadingSchema>;

export const ingestBodySchema = z.object({
  readings: z
    .array(z.unknown())
    .min(1)
    .max(INGEST_MAX_BATCH)
    .meta({
      description: `Up to ${INGEST_MAX_BATCH} readings; each is answered on its own (see ingestReadingSchema)`,
    }),
});
export type IngestBody = z.input<typeof ingestBodySchema>;

export const READING_RESULT_STATUSES = ['accepted', 'duplicate', 'refused'] as const;

export const readingResultSchema = z.object({
  /** Position in the batch. */
  index: z.number().int(),
  status: z.enum(READING_RESULT_STATUSES),
  code: z.enum(READING_REFUSALS).optional(),
  message: z.string().optional(),
});
export type ReadingResult = z.output<typeof readingResultSchema>;

export const ingestResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  /** One result per reading, in the order sent. */
  results: z.array(readingResultSchema),
});
export type IngestResult = z.output<typeof ingestResultSchema>;

/** The MQTT topic readings arrive on: `vayu/{tenantId}/{deviceId}/readings`. */
export const MQTT_READINGS_TOPIC = 'vayu/+/+/readings';
const MQTT_TOPIC_PATTERN = /^vayu\/([1-9][0-9]{0,8})\/([1-9][0-9]{0,8})\/readings$/;

/** The industry and device a topic names, or null when it is not a readings topic. */
export function parseReadingsTopic(topic: string): { tenantId: number; deviceId: number } | null {
  const match = MQTT_TOPIC_PATTERN.exec(topic);
  if (!match) return null;
  return { tenantId: Number(match[1]), deviceId: Number(match[2]) };
}

/** Reading times are checked against the server's clock: in the window, not ahead, not too old. */
export function checkReadingTime(time: unknown, now: number): { ms: number } | { refusal: ReadingRefusal } {
  let ms: number;
  if (typeof time === 'number') {
    if (!Number.isFinite(time) || !Number.isInteger(time)) return { refusal: 'INVALID_TIME' };
    ms = time;
  } else if (typeof time === 'string') {
    // An offset is required: a time without one means different instants on different gateways.
    if (
      time.length > 40 ||
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(time)
    ) {
      return { refusal: 'INVALID_TIME' };
    }
    ms = Date.parse(time);
  } else {
    return { refusal: 'INVALID_TIME' };
  }
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return { refusal: 'INVALID_TIME' };
  if (ms > now + INGEST_CLOCK_SKEW_MS) return { refusal: 'TIME_IN_FUTURE' };
  if (ms < now - INGEST_MAX_AGE_MS) return { refusal: 'TIME_TOO_OLD' };
  return { ms };
}

// ---------------------------------------------------------------------------
// 15-minute data

/** Resolutions of stored data: 15-minute slots (the compliance unit), hours, days. */
export const DATA_DIMS = ['minute_15', 'hour', 'day'] as const;
export type DataDim = (typeof DATA_DIMS)[number];
export const DATA_DIM_MS: Record<DataDim, number> = {
  minute_15: 15 * 60 * 1000,
  hour: 60 * 60 * 1000,
  day: 24 * 60 * 60 * 1000,
};
/** The longest range one data request may ask for. */
export const DATA_MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;
/** Slots in one answer at most (31 days of 15-minute slots). */
export const DATA_MAX_SLOTS = DATA_MAX_RANGE_MS / DATA_DIM_MS.minute_15;

/** The spec's monitored-data window: the last 15 minutes at 15-minute resolution. */
export const MONITORED_WINDOW_MS = 15 * 60 * 1000;

/** India Standard Time, UTC+05:30: days of data run from midnight to midnight in India. */
export const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** The IST calendar date of an instant, as YYYY-MM-DD (`todayInIndia` is today's). */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
/** Midnight in India of a YYYY-MM-DD date, as an instant. */
export function istMidnight(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS);
}

/**
 * The start of the slot of `dim` a time falls in. Slots are aligned to India
 * Standard Time: hours run from :00 IST (:30 UTC) and days from midnight IST;
 * 15-minute slots are the same in UTC and IST.
 */
export function slotStart(ms: number, dim: DataDim): number {
  const size = DATA_DIM_MS[dim];
  return Math.floor((ms + IST_OFFSET_MS) / size) * size - IST_OFFSET_MS;
}

const isoDateTime = z.iso.datetime({ offset: true });

export const entityDataBodySchema = z
  .object({
    /** Parameter keys (as the catalogue names them); empty or left out: every parameter of the point's devices. */
    metrics: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    dim: z.enum(DATA_DIMS).default('minute_15'),
    /** Start of the range; defaults to 15 minutes before now (the spec's monitored-data window). */
    startDate: isoDateTime.optional(),
    /** End of the range (exclusive); defaults to now. */
    endDate: isoDateTime.optional(),
    /** Only this device's parameters. */
    deviceId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict();
export type EntityDataBody = z.input<typeof entityDataBodySchema>;

export const dataPointSchema = z.object({
  /** Start of the slot (ISO). */
  t: z.string(),
  value: z.number(),
  /** Readings the value is made of. */
  count: z.number().int(),
  min: z.number(),
  max: z.number(),
  /**
   * `measured` when every reading was; otherwise the first other provenance
   * among them (a slot with calibration readings in it says `calibration`).
   */
  provenance: z.enum(PROVENANCES),
});
export type DataPoint = z.output<typeof dataPointSchema>;

export const dataSeriesSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  parameterId: z.number().int(),
  key: z.string(),
  label: z.string(),
  /** The standard unit every value is in. */
  unit: z.string().nullable(),
  /** How readings of a slot are combined (a counter: the increase over the slot). */
  aggregation: z.enum(['AVG', 'MIN', 'MAX', 'SUM', 'COUNT', 'DIFF']),
  /** Computed from other series by a derived parameter. */
  isDerived: z.boolean(),
  points: z.array(dataPointSchema),
});
export type DataSeries = z.output<typeof dataSeriesSchema>;

export const entityDataSchema = z.object({
  entityId: z.number().int(),
  dim: z.enum(DATA_DIMS),
  startDate: z.string(),
  endDate: z.string(),
  series: z.array(dataSeriesSchema),
});
export type EntityData = z.output<typeof entityDataSchema>;

// ---------------------------------------------------------------------------
// Freshness and latest values

export const freshnessSchema = z.enum(DATA_FRESHNESS);

export const monitoredDeviceSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  lastDataAt: z.string().nullable(),
  freshness: freshnessSchema,
});

export const monitoredPointSchema = z.object({
  entityId: z.number().int(),
  name: z.string(),
  entityType: z.string(),
  /** The newest reading time of any of its devices. */
  lastDataAt: z.string().nullable(),
  freshness: freshnessSchema,
  devices: z.array(monitoredDeviceSchema),
});
export type MonitoredPoint = z.output<typeof monitoredPointSchema>;

export const monitoredSchema = z.object({
  tenantId: z.number().int(),
  lastDataAt: z.string().nullable(),
  freshness: freshnessSchema,
  points: z.array(monitoredPointSchema),
});
export type Monitored = z.output<typeof monitoredSchema>;

export const latestReadingSchema = z.object({
  parameterId: z.number().int(),
  key: z.string(),
  label: z.string(),
  /** The standard unit of `value`, and what the reading was sent in. */
  unit: z.string().nullable(),
  sentUnit: z.string().nullable(),
  sentValue: z.number().nullable(),
  value: z.number().nullable(),
  time: z.string().nullable(),
  provenance: z.enum(PROVENANCES).nullable(),
  /** The standard's limit in the standard unit, when the catalogue has one. */
  limit: z.number().nullable(),
  freshness: freshnessSchema,
  isCounter: z.boolean(),
});
export type LatestReading = z.output<typeof latestReadingSchema>;

export const deviceReadingsSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  monitoringPointId: z.number().int(),
  monitoringPoint: z.string(),
  lastDataAt: z.string().nullable(),
  freshness: freshnessSchema,
  parameters: z.array(latestReadingSchema),
});
export type DeviceReadings = z.output<typeof deviceReadingsSchema>;

/** The chart ranges of the device readings screen, and the resolution each is drawn at. */
export const READING_RANGES = {
  '24h': { ms: 24 * 60 * 60 * 1000, dim: 'minute_15' },
  '7d': { ms: 7 * 24 * 60 * 60 * 1000, dim: 'minute_15' },
  '30d': { ms: 30 * 24 * 60 * 60 * 1000, dim: 'minute_15' },
} as const satisfies Record<string, { ms: number; dim: DataDim }>;
export type ReadingRange = keyof typeof READING_RANGES;

/**
 * Device log files (`GET /api/devices/{id}/logs`, the spec's log download):
 * what the ingestion recorded for a device in an interval — the readings it
 * received, grouped by the minute they arrived, the ones it refused and why,
 * and the silences between.
 */
/** The longest interval one log file covers. */
export const DEVICE_LOG_MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;
/** Refused readings are kept this long for the log files. */
export const INGEST_REFUSALS_KEPT_DAYS = 90;
/** A log file lists at most this many lines, then says it was cut. */
export const DEVICE_LOG_MAX_LINES = 50_000;
/** A silence at least this long between two arrivals is a line of its own. */
export const DEVICE_LOG_GAP_MS = 30 * 60 * 1000;

export const deviceLogQuerySchema = z
  .object({ from: dateTimeField, to: dateTimeField })
  .strict()
  .superRefine((value, ctx) => {
    const from = Date.parse(value.from);
    const to = Date.parse(value.to);
    if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: DEVICE_LOG_MESSAGES.toBeforeFrom });
    else if (to - from > DEVICE_LOG_MAX_RANGE_MS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: DEVICE_LOG_MESSAGES.tooLong });
    }
  });
export type DeviceLogQuery = z.infer<typeof deviceLogQuerySchema>;
