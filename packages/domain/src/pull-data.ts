import { z } from 'zod';
import { authTokenHintOf } from './cameras.js';
import { FIELD_MESSAGES, LIST_PAGE_SIZE } from './constants.js';
import { dateTimeField, fromDigits, requiredText } from './fields.js';

/**
 * Pull data (`/pullData`, spec §7 "Pull data: GET, POST, DELETE
 * /pullData/{id}"): an industry gives a third party (a consultant, a group's
 * own system, a researcher) a token that reads its 15-minute data within a
 * scope: some monitoring points, some parameters of their devices, how many
 * days back and how long one request's range may be. The token is shown once,
 * when issued; after that only its last characters are (`••••a1b2`). It stops
 * when revoked or past its expiry.
 */

/** How far back a token may ever read: a year of 15-minute data. */
export const PULL_HISTORY_DAYS_MAX = 366;
/** The longest range one pull request may ask for (as the console's data endpoint allows). */
export const PULL_MAX_RANGE_DAYS_MAX = 31;
/** Monitoring points and parameters one token may name. */
export const PULL_MAX_POINTS = 50;
export const PULL_MAX_PARAMETERS = 100;
/** A token may be set to expire up to this many days ahead (or never). */
export const PULL_EXPIRY_MAX_DAYS = 5 * 366;
/** Requests one token may make a minute (counted across every API process); beyond, 429 with Retry-After. */
export const PULL_RATE_LIMIT_PER_MINUTE = 60;
export const PULL_TOKEN_PAGE_SIZE = LIST_PAGE_SIZE;
/** What a token starts with: a third party (and a secret scanner) can tell what it is. */
export const PULL_TOKEN_PREFIX = 'vpd_';

export const PULL_TOKEN_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type PullTokenStatus = (typeof PULL_TOKEN_STATUSES)[number];

export const PULL_DATA_MESSAGES = {
  points: 'Choose at least one monitoring point',
  tooManyPoints: `Choose at most ${PULL_MAX_POINTS} monitoring points`,
  parameters: 'Choose at least one parameter',
  tooManyParameters: `Choose at most ${PULL_MAX_PARAMETERS} parameters`,
  duplicate: 'Each may be chosen once',
  historyDays: `History must be a whole number of days from 1 to ${PULL_HISTORY_DAYS_MAX}`,
  maxRangeDays: `The range must be a whole number of days from 1 to ${PULL_MAX_RANGE_DAYS_MAX}`,
  rangeOverHistory: 'The range cannot be longer than the history',
  expiryPast: 'The expiry must be in the future',
  expiryTooFar: `The expiry must be within ${PULL_EXPIRY_MAX_DAYS} days`,
  pointNotOfIndustry: 'This monitoring point is not one of the industry',
  parameterNotOfPoints: "This parameter is not measured by the chosen monitoring points' devices",
  // The read endpoint's answers.
  noToken: 'Send the pull token as a Bearer token.',
  tokenInvalid: 'This pull token is unknown, revoked or expired.',
  pointOutOfScope: 'This token may not read this monitoring point.',
  parameterOutOfScope: 'This token may not read these parameters.',
  toBeforeFrom: 'The end must be after the start.',
  toInFuture: 'The end cannot be more than a day from now.',
  rangeTooLong: (days: number) => `This token may read at most ${days} days at once.`,
  fromTooOld: (days: number) => `This token may read at most ${days} days back.`,
  rateLimited: `Too many requests with this token: at most ${PULL_RATE_LIMIT_PER_MINUTE} a minute.`,
} as const;

/** How a token is shown once issued: `••••a1b2`. */
export const pullTokenHintOf = authTokenHintOf;

const idField = fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().positive());

const distinctIds = (min: string, max: number, maxMessage: string) =>
  z
    .array(idField, { message: min })
    .min(1, min)
    .max(max, maxMessage)
    .refine((ids) => new Set(ids).size === ids.length, PULL_DATA_MESSAGES.duplicate);

const daysField = (max: number, message: string) =>
  fromDigits(z.number({ message }).int(message).min(1, message).max(max, message));

/** `POST /api/pullData/{tenantId}`. */
export const pullTokenCreateBodySchema = z
  .object({
    name: requiredText(100),
    monitoringPointIds: distinctIds(
      PULL_DATA_MESSAGES.points,
      PULL_MAX_POINTS,
      PULL_DATA_MESSAGES.tooManyPoints,
    ),
    parameterIds: distinctIds(
      PULL_DATA_MESSAGES.parameters,
      PULL_MAX_PARAMETERS,
      PULL_DATA_MESSAGES.tooManyParameters,
    ),
    historyDays: daysField(PULL_HISTORY_DAYS_MAX, PULL_DATA_MESSAGES.historyDays),
    maxRangeDays: daysField(PULL_MAX_RANGE_DAYS_MAX, PULL_DATA_MESSAGES.maxRangeDays),
    /** When the token stops (ISO date-time with an offset); left out or null: never. */
    expiresAt: dateTimeField.nullish(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (
      Number.isInteger(body.historyDays) &&
      Number.isInteger(body.maxRangeDays) &&
      body.maxRangeDays > body.historyDays
    ) {
      ctx.addIssue({ code: 'custom', path: ['maxRangeDays'], message: PULL_DATA_MESSAGES.rangeOverHistory });
    }
  });
export type PullTokenCreateBody = z.output<typeof pullTokenCreateBodySchema>;
export type PullTokenCreateInput = z.input<typeof pullTokenCreateBodySchema>;

/** `GET /api/pullData/{tenantId}`. */
export const pullTokenListQuerySchema = z
  .object({
    page: fromDigits(z.number().int().min(1)).default(1),
    pageSize: fromDigits(z.number().int().min(1).max(100)).default(PULL_TOKEN_PAGE_SIZE),
  })
  .strict();
export type PullTokenListQuery = z.output<typeof pullTokenListQuerySchema>;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

/** A token as the screens show it: never the token itself. */
export const pullTokenSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  name: z.string(),
  /** `••••a1b2`: the token's last characters. */
  hint: z.string(),
  /** The points it may read (a point deleted since is left out). */
  monitoringPoints: z.array(namedRef),
  parameters: z.array(z.object({ id: z.number().int(), name: z.string(), key: z.string() })),
  historyDays: z.number().int(),
  maxRangeDays: z.number().int(),
  expiresAt: z.string().nullable(),
  status: z.enum(PULL_TOKEN_STATUSES),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** When it was last used (to the minute); null if never. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type PullToken = z.infer<typeof pullTokenSchema>;

/** A token just issued: `token` is in this answer only and can never be read again. */
export const pullTokenIssuedSchema = z.object({ token: z.string(), pullToken: pullTokenSchema });
export type PullTokenIssued = z.infer<typeof pullTokenIssuedSchema>;

/** The status of a token at `now`. */
export function getPullTokenStatus(
  token: { revokedAt: string | null; expiresAt: string | null },
  now: number,
): PullTokenStatus {
  if (token.revokedAt !== null) return 'REVOKED';
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= now) return 'EXPIRED';
  return 'ACTIVE';
}

/** `parameterIds=3,7` (or left out: every parameter of the token's scope at the point). */
const idListField = z
  .string()
  .max(1000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'A comma-separated list of parameter ids')
  .transform((text) => text.split(',').map(Number))
  .pipe(
    z
      .array(z.number().int().positive().max(2_147_483_647, 'A parameter id is too large'))
      .max(PULL_MAX_PARAMETERS, PULL_DATA_MESSAGES.tooManyParameters),
  );

/** `GET /api/pull/data`: one monitoring point's 15-minute data over a range. */
export const pullDataQuerySchema = z
  .object({
    monitoringPointId: idField.meta({ description: 'A monitoring point of the token', example: 12 }),
    parameterIds: idListField
      .optional()
      .meta({ description: "Comma-separated parameter ids; left out: every parameter of the token's scope" }),
    from: dateTimeField.meta({
      description: 'Start of the range (ISO 8601 with an offset)',
      example: '2026-11-26T00:00:00+05:30',
    }),
    to: dateTimeField.optional().meta({
      description:
        "End of the range, exclusive (ISO 8601 with an offset); left out: now, or the end of the token's longest range from `from` when that is sooner",
    }),
  })
  .strict();
export type PullDataQuery = z.output<typeof pullDataQuerySchema>;
