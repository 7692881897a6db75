import { z } from 'zod';
import { LIVE_THRESHOLD_MS, PROVENANCES } from './constants.js';
import { fromDigits, versionField } from './fields.js';
import { ALERT_MESSAGES } from './area-messages.js';

/**
 * Alerts: an exceedance when a 15-minute value of a parameter passes its
 * limit at a monitoring point, and an offline alert when a device watched for
 * silence sends nothing for its window. One alert per episode: it opens once,
 * follows its peak, and closes on recovery.
 */

export const ALERT_TYPES = ['EXCEEDANCE', 'OFFLINE'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** The spec's alerts window: the last 24 hours. */
export const ALERT_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A device watched for silence (`offlineAlert`) raises its alert once it has
 * sent nothing for this long: when it stops being LIVE by the freshness rule.
 */
export const OFFLINE_ALERT_AFTER_MS = LIVE_THRESHOLD_MS;
/** How often the alerts are worked out (a job a minute): an alert is raised within this of its cause. */
export const ALERT_EVALUATION_MS = 60_000;

/** Whether a 15-minute value passes its limit (a value equal to the limit is within it). */
export const isExceedance = (value: number, limit: number): boolean => value > limit;

/** A limit at a monitoring point: the parameter's standard unless the industry set a stricter one. */
export const alertLimitSchema = z.object({
  tenantId: z.number().int(),
  monitoringPointId: z.number().int(),
  monitoringPointName: z.string(),
  parameterId: z.number().int(),
  parameterLabel: z.string(),
  alertLabel: z.string().nullable(),
  unit: z.string(),
  /** The catalogue's standard (the board's): the limit when none is set, and the most a set one may be. */
  standardLimit: z.number().nullable(),
  /** The industry's own limit, when it set one. */
  customLimit: z.number().nullable(),
  /** The limit in force. */
  limit: z.number().nullable(),
  enabled: z.boolean(),
  version: z.number().int(),
});
export type AlertLimit = z.infer<typeof alertLimitSchema>;

export const alertLimitsQuerySchema = z.object({ tenantId: fromDigits(z.number().int().min(1)) });

/** `PUT /api/alerts/limits`: an industry's limit of a parameter at a monitoring point (null: the standard). */
export const alertLimitBodySchema = z
  .object({
    tenantId: fromDigits(z.number().int().min(1)),
    monitoringPointId: fromDigits(z.number().int().min(1)),
    parameterId: fromDigits(z.number().int().min(1)),
    customLimit: z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .number({ message: 'Must be a number' })
        .finite()
        .positive(ALERT_MESSAGES.limitPositive)
        .max(1e9, ALERT_MESSAGES.limitTooLarge)
        .nullable(),
    ),
    enabled: z.boolean(),
    /** The version the form started from; absent for a limit never set. */
    version: versionField.optional(),
  })
  .strict();

/**
 * How alerts reach people. E-mail goes through the mail outbox; SMS and
 * WhatsApp are channels with no provider configured yet (an interface in the
 * API), so they show as unavailable and nothing is sent on them.
 */
export const NOTIFICATION_CHANNELS = ['EMAIL', 'SMS', 'WHATSAPP'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Alert mails are batched per industry: the first alert after a quiet hour is
 * mailed at once, the ones after it wait until an hour has passed since that
 * mail and go together, so one bad hour is one or two mails, not sixty.
 */
export const ALERT_MAIL_BATCH_MS = 60 * 60 * 1000;
/** At most this many alerts are listed in one mail; the rest are counted. */
export const ALERT_MAIL_MAX_LISTED = 50;

/** A user's choice for one alert type on one channel (on unless the user opted out). */
export const alertPreferenceSchema = z.object({
  alertType: z.enum(ALERT_TYPES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
  /** Whether the channel can send at all (a provider is configured). */
  available: z.boolean(),
});
export type AlertPreference = z.infer<typeof alertPreferenceSchema>;

/** `GET /api/alerts/preferences`: the signed-in user's notifications, every alert type × channel. */
export const alertPreferencesSchema = z.object({
  /** Whether the user is notified at all: alerts go to the users of the industry they belong to. */
  notified: z.boolean(),
  preferences: z.array(alertPreferenceSchema),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

/** `PUT /api/alerts/preferences`: switch alert types on or off per channel (those not named stay as they are). */
export const alertPreferencesBodySchema = z
  .object({
    preferences: z
      .array(
        z
          .object({
            alertType: z.enum(ALERT_TYPES),
            channel: z.enum(NOTIFICATION_CHANNELS),
            enabled: z.boolean(),
          })
          .strict(),
      )
      .min(1)
      .max(ALERT_TYPES.length * NOTIFICATION_CHANNELS.length),
  })
  .strict();
export type AlertPreferencesBody = z.infer<typeof alertPreferencesBodySchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  type: z.enum(ALERT_TYPES),
  tenantId: z.number().int(),
  tenantName: z.string(),
  monitoringPointId: z.number().int().nullable(),
  monitoringPointName: z.string().nullable(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  parameterId: z.number().int().nullable(),
  parameterLabel: z.string().nullable(),
  unit: z.string().nullable(),
  limit: z.number().nullable(),
  /** The first 15-minute value past the limit, and the highest of the episode. */
  firstValue: z.number().nullable(),
  peakValue: z.number().nullable(),
  lastValue: z.number().nullable(),
  /** Where the values came from (measured, substituted, …), as the readings said. */
  provenance: z.array(z.enum(PROVENANCES)),
  startedAt: z.string(),
  /** Null while open. */
  endedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListQuerySchema = z.object({
  alertType: z.enum(ALERT_TYPES).optional(),
  /** Only the open ones. */
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: fromDigits(z.number().int().min(1).max(100_000)).default(1),
});
export const ALERTS_PAGE_SIZE = 20;

/** `GET /api/alerts/count/{id}`: an industry's alerts of the last 24 hours and those still open. */
export const alertCountSchema = z.object({
  tenantId: z.number().int(),
  open: z.number().int(),
  last24h: z.number().int(),
  byType: z.record(z.enum(ALERT_TYPES), z.number().int()),
});

/** `GET /api/alarm/export`: the filters of `GET /api/alarm`. */
export const alarmExportQuerySchema = alertListQuerySchema.omit({ page: true });
export type AlarmExportQuery = z.output<typeof alarmExportQuerySchema>;
