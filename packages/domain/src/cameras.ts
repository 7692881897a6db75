import { z } from 'zod';
import { FIELD_MESSAGES } from './constants.js';
import { cameraSchema, OFFLINE_REASONS } from './device-records.js';
import { istDate } from './telemetry.js';
import { dateField, fromDigits, optionalText, requiredText, versionField } from './fields.js';

/**
 * Cameras at an industry's monitoring points (spec §3: provision ID, auth
 * token, viewer ID), and remarks on devices whose data stopped: why, and when
 * the data is expected back (`/devices/offline/remark`).
 */

// ── Cameras ────────────────────────────────────────────────────────────────

/** How many cameras one industry may have: one or two at each stack and effluent outlet. */
export const MAX_CAMERAS_PER_TENANT = 200;
export const CAMERA_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type CameraStatus = (typeof CAMERA_STATUSES)[number];

/** The auth token's bounds: long enough that the four characters shown are a small part of it. */
export const AUTH_TOKEN_MIN_LENGTH = 8;
export const AUTH_TOKEN_MAX_LENGTH = 512;
/** How many of the token's last characters are kept in clear to tell tokens apart. */
export const AUTH_TOKEN_HINT_LENGTH = 4;
const HINT_MASK = '••••';

/** The token's last characters, as stored beside the encrypted token. */
export const authTokenTail = (token: string) => token.slice(-AUTH_TOKEN_HINT_LENGTH);
/** How a token is shown once saved: `••••a1b2`. */
export const authTokenHintOf = (tail: string) => `${HINT_MASK}${tail}`;

export const CAMERA_MESSAGES = {
  tokenLength: `The auth token must be ${AUTH_TOKEN_MIN_LENGTH} to ${AUTH_TOKEN_MAX_LENGTH} characters`,
  tokenSpaces: 'The auth token cannot contain spaces',
  identifierSpaces: 'Use letters, digits and - _ . : / only',
  nameTaken: 'This industry already has a camera with this name.',
  provisionTaken: 'This provision ID is already used by another camera.',
  point: 'Choose a monitoring point of this industry',
} as const;

/** Provision and viewer ids are the camera vendor's identifiers: no spaces. */
const IDENTIFIER = /^[A-Za-z0-9._:/-]+$/;

const authTokenText = z
  .string()
  .trim()
  .min(AUTH_TOKEN_MIN_LENGTH, CAMERA_MESSAGES.tokenLength)
  .max(AUTH_TOKEN_MAX_LENGTH, CAMERA_MESSAGES.tokenLength)
  .regex(/^\S+$/, CAMERA_MESSAGES.tokenSpaces);

/** An edit's token: left empty, the stored token stays. */
const optionalAuthToken = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  authTokenText.optional(),
);

const cameraFields = {
  name: requiredText(100),
  monitoringPointId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
  provisionId: requiredText(100).regex(IDENTIFIER, CAMERA_MESSAGES.identifierSpaces),
  viewerId: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      requiredText(100).regex(IDENTIFIER, CAMERA_MESSAGES.identifierSpaces).nullish(),
    )
    .transform((value) => value ?? null),
  status: z.enum(CAMERA_STATUSES, { message: 'Choose ENABLED or DISABLED' }).default('ENABLED'),
  version: versionField.optional(),
};

/** `POST /api/tenants/{tenantId}/cameras`: the auth token is required. */
export const cameraCreateBodySchema = z
  .object({
    ...cameraFields,
    authToken: z
      .string({ message: FIELD_MESSAGES.required })
      .trim()
      .min(1, FIELD_MESSAGES.required)
      .pipe(authTokenText),
  })
  .strict();

/**
 * `PUT /api/tenants/{tenantId}/cameras/{cameraId}` (with the version it
 * started from): an empty auth token keeps the stored one.
 */
export const cameraUpdateBodySchema = z.object({ ...cameraFields, authToken: optionalAuthToken }).strict();

/** What a camera write carries, once checked: `authToken` is absent on an edit that keeps it. */
export type CameraBody = z.output<typeof cameraUpdateBodySchema>;
export type CameraInput = z.input<typeof cameraUpdateBodySchema>;

export const cameraListSchema = z.object({
  items: z.array(cameraSchema),
  /** The most an industry may have (`MAX_CAMERAS_PER_TENANT`). */
  limit: z.number().int(),
});
export type CameraList = z.infer<typeof cameraListSchema>;

/** `DELETE /api/tenants/{tenantId}/cameras/{cameraId}?version=`. */
export const cameraDeleteQuerySchema = z.object({ version: versionField.optional() }).strict();

// ── Offline remarks ───────────────────────────────────────────────────────

/** The reason that needs the remark to say more. */
export const OTHER_OFFLINE_REASON = 'Other' satisfies (typeof OFFLINE_REASONS)[number];
export const OFFLINE_REMARK_MAX_LENGTH = 1000;
export const OFFLINE_REMARK_STATES = ['open', 'resolved'] as const;
export type OfflineRemarkState = (typeof OFFLINE_REMARK_STATES)[number];

/** Today's date in India (`YYYY-MM-DD`): the day an industry's staff see on their wall. */
export function todayInIndia(now: Date = new Date()): string {
  return istDate(now);
}

/** The latest expected restoration accepted: the same date a year after `today` (`YYYY-MM-DD`). */
export function latestRestorationDate(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + 1, month - 1, day)).toISOString().slice(0, 10);
}

export const OFFLINE_REMARK_MESSAGES = {
  remarkRequired: 'Describe the reason in the remark when the reason is Other',
  restorationPast: 'The expected restoration cannot be before today',
  restorationTooLate: 'The expected restoration must be within a year from today',
  alreadyOpen: 'This device already has an open offline remark. Mark it restored before adding another.',
  alreadyResolved: 'This remark is already marked restored.',
} as const;

/**
 * Whether a date is a possible expected restoration on `today` (India):
 * from today to a year ahead. The message when it is not.
 */
export function restorationDateProblem(date: string, today: string = todayInIndia()): string | null {
  if (date < today) return OFFLINE_REMARK_MESSAGES.restorationPast;
  if (date > latestRestorationDate(today)) return OFFLINE_REMARK_MESSAGES.restorationTooLate;
  return null;
}

/** `POST /api/devices/offline/remarks`. */
export const offlineRemarkBodySchema = z
  .object({
    deviceId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    reason: z.enum(OFFLINE_REASONS, { message: `Choose one of ${OFFLINE_REASONS.join(', ')}` }),
    remark: optionalText(OFFLINE_REMARK_MAX_LENGTH),
    expectedRestoration: z
      .string({ message: FIELD_MESSAGES.required })
      .trim()
      // One check gives one message: required, then the format, then the range.
      .superRefine((date, ctx) => {
        const format = dateField.safeParse(date);
        const problem =
          date === ''
            ? FIELD_MESSAGES.required
            : !format.success
              ? (format.error.issues[0]?.message ?? FIELD_MESSAGES.pattern)
              : restorationDateProblem(date);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict()
  .refine(
    (body: { reason?: unknown; remark?: unknown }) =>
      body.reason !== OTHER_OFFLINE_REASON || (typeof body.remark === 'string' && body.remark.trim() !== ''),
    {
      path: ['remark'],
      message: OFFLINE_REMARK_MESSAGES.remarkRequired,
      // Checked with the other fields' problems too, so that a form shows them all at once.
      when: ({ value }) => typeof value === 'object' && value !== null,
    },
  );
export type OfflineRemarkBody = z.output<typeof offlineRemarkBodySchema>;
export type OfflineRemarkInput = z.input<typeof offlineRemarkBodySchema>;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

export const offlineRemarkSchema = z.object({
  id: z.number().int(),
  tenant: namedRef,
  device: z.object({ id: z.number().int(), name: z.string(), serialNumber: z.string() }),
  monitoringPoint: namedRef,
  reason: z.enum(OFFLINE_REASONS),
  remark: z.string().nullable(),
  /** `YYYY-MM-DD`. */
  expectedRestoration: z.string().nullable(),
  /** The name of who added it (null once that user is gone). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** When the data was marked restored; null while the remark is open. */
  resolvedAt: z.string().nullable(),
});
export type OfflineRemark = z.infer<typeof offlineRemarkSchema>;

export const OFFLINE_REMARK_PAGE_SIZE = 20;

/** `GET /api/devices/offline/remarks`: newest first, of one industry (or all the caller sees), one device, open or resolved. */
export const offlineRemarkListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(OFFLINE_REMARK_PAGE_SIZE),
  tenantId: fromDigits(z.number().int().min(1)).optional(),
  deviceId: fromDigits(z.number().int().min(1)).optional(),
  state: z.enum(OFFLINE_REMARK_STATES).optional(),
});
export type OfflineRemarkListQuery = z.output<typeof offlineRemarkListQuerySchema>;
