import { z } from 'zod';
import { FIELD_MESSAGES } from './constants.js';
import { fromDigits, optionalText, requiredText, versionField } from './fields.js';
import { INDIAN_STATES } from './geography.js';
import { DATA_DIM_MS, slotStart } from './telemetry.js';
import { REGULATOR_MESSAGES, KEY_STATUS_CONNECTED, KEY_STATUS_NOT_YET } from './area-messages.js';

/**
 * Regulators: a state's pollution control board, the industries mapped to it
 * with the board's ids for their stations, devices, parameters and units, the
 * key files a push is signed with, and the push of 15-minute slots to the
 * board (spec: /regulator, /viewRegulator/{statId}).
 */

// ── Constants ──────────────────────────────────────────────────────────────

/** The catalogue parameter the spec keeps out of every board mapping (standard id 58). */
export const REGULATOR_EXCLUDED_PARAMETER_ID = 58;

/** The protocols a board may speak (the API's adapters: modules/regulators/protocols). */
export const BOARD_PROTOCOL_IDS = ['cpcb-v1'] as const;
export type BoardProtocolId = (typeof BOARD_PROTOCOL_IDS)[number];

/** Boards take 15-minute values up to 7 days old; older slots are never sent. */
export const PUSH_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The length of a slot. */
export const PUSH_SLOT_MS = DATA_DIM_MS.minute_15;
/**
 * A slot is sent once it has ended and this much more has passed, so that
 * readings of its last minutes (sent in batches by gateways) are in.
 */
export const PUSH_SLOT_GRACE_MS = 5 * 60 * 1000;

/** Key files an industry uploads for a board (spec: public, private, server, user keys). */
export const REGULATOR_KEY_KINDS = ['public', 'private', 'server', 'user'] as const;
export type RegulatorKeyKind = (typeof REGULATOR_KEY_KINDS)[number];
/** Only these file extensions are taken (spec §5), and the content must be a key of that form. */
export const REGULATOR_KEY_EXTENSIONS = ['pem', 'ppk'] as const;
/** A key file is a few kilobytes; anything larger is not a key. */
export const REGULATOR_KEY_MAX_BYTES = 16 * 1024;

/** Where one device's 15-minute slot stands at the board. */
export const PUSH_SLOT_STATES = ['pending', 'delivered', 'refused', 'no_data', 'expired'] as const;
export type PushSlotState = (typeof PUSH_SLOT_STATES)[number];
/** What one try to send a slot came to. */
export const PUSH_ATTEMPT_OUTCOMES = ['delivered', 'refused', 'retry'] as const;
export type PushAttemptOutcome = (typeof PUSH_ATTEMPT_OUTCOMES)[number];

// ── Board ──────────────────────────────────────────────────────────────────

const STATE_CODES = INDIAN_STATES.map((state) => state.code) as [string, ...string[]];
export const stateCodeField = z.enum(STATE_CODES, { message: 'Choose a state from the list' });

/** A board's push settings (the spec's config, as JSON). */
export const boardConfigSchema = z
  .object({
    protocol: z.enum(BOARD_PROTOCOL_IDS, { message: 'Choose a protocol from the list' }).default('cpcb-v1'),
    /** The board's server, e.g. https://cems.example.gov.in (the protocol adds its paths). */
    baseUrl: z
      .url({ protocol: /^https?$/, message: 'Enter the board server as an http(s) address' })
      .max(500)
      .nullable()
      .default(null),
    /** How long to wait for the board's answer to one slot. */
    timeoutMs: z
      .number({ message: FIELD_MESSAGES.number })
      .int()
      .min(1000, 'Use 1,000 to 120,000 ms')
      .max(120_000, 'Use 1,000 to 120,000 ms')
      .default(30_000),
    /** Whether slots are pushed to this board at all. */
    pushEnabled: z.boolean().default(true),
  })
  .strict();
export type BoardConfig = z.output<typeof boardConfigSchema>;

/** `POST /api/pcbConfiguration`, `PUT /api/pcbConfiguration/{statId}`. */
export const boardBodySchema = z
  .object({
    name: requiredText(150),
    statutoryId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    stateCode: stateCodeField,
    config: boardConfigSchema.default({
      protocol: 'cpcb-v1',
      baseUrl: null,
      timeoutMs: 30_000,
      pushEnabled: true,
    }),
    version: versionField.optional(),
  })
  .strict();
export type BoardBody = z.output<typeof boardBodySchema>;

/** Industries at a board by freshness (spec: accounts by state code with status and counts). */
export const accountCountsSchema = z.object({
  total: z.number().int(),
  live: z.number().int(),
  delayed: z.number().int(),
  offline: z.number().int(),
});

/** A board (spec: statId, Statname, statutoryId, stateCode, config, accountCounts). */
export const boardSchema = z.object({
  statId: z.number().int(),
  name: z.string(),
  statutoryId: z.number().int(),
  statutoryName: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  config: boardConfigSchema,
  accountCounts: accountCountsSchema,
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Board = z.infer<typeof boardSchema>;
export const boardListSchema = z.object({ items: z.array(boardSchema) });

/** A state with its board, when it has one: the add form flags a state that has. */
export const boardStateSchema = z.object({
  code: z.string(),
  name: z.string(),
  boardAbbreviation: z.string().nullable(),
  statId: z.number().int().nullable(),
});
export const boardStatesSchema = z.object({ items: z.array(boardStateSchema) });

// ── Board parameters and units ─────────────────────────────────────────────

export const boardParameterBodySchema = z
  .object({
    parameterId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)).refine(
      (id) => id !== REGULATOR_EXCLUDED_PARAMETER_ID,
      REGULATOR_MESSAGES.parameterExcluded,
    ),
    spcbParameterId: requiredText(100),
  })
  .strict();
export const boardParameterSchema = z.object({
  id: z.number().int(),
  parameterId: z.number().int(),
  parameterLabel: z.string(),
  stdUnit: z.string().nullable(),
  spcbParameterId: z.string(),
});
export type BoardParameter = z.infer<typeof boardParameterSchema>;
export const boardParameterListSchema = z.object({ items: z.array(boardParameterSchema) });

export const boardUnitBodySchema = z.object({ unit: requiredText(40), spcbUnit: requiredText(60) }).strict();
export const boardUnitSchema = z.object({ id: z.number().int(), unit: z.string(), spcbUnit: z.string() });
export type BoardUnit = z.infer<typeof boardUnitSchema>;
export const boardUnitListSchema = z.object({ items: z.array(boardUnitSchema) });

// ── An industry at a board ─────────────────────────────────────────────────

/** The authorization key: a board token, no spaces. Empty on an edit keeps the stored one. */
const authorizationKeyText = z
  .string()
  .trim()
  .min(8, 'The authorization key must be 8 to 512 characters')
  .max(512, 'The authorization key must be 8 to 512 characters')
  .regex(/^\S+$/, 'The authorization key cannot contain spaces');

const regulatorTenantFields = {
  spcbTenantId: requiredText(100),
  signature: optionalText(500),
  nocNumber: optionalText(100),
  pushEnabled: z.boolean().default(true),
  version: versionField.optional(),
};

export const regulatorTenantCreateSchema = z
  .object({
    tenantId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    authorizationKey: authorizationKeyText,
    ...regulatorTenantFields,
  })
  .strict();
export type RegulatorTenantCreate = z.output<typeof regulatorTenantCreateSchema>;

export const regulatorTenantUpdateSchema = z
  .object({
    authorizationKey: z.preprocess(
      (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
      authorizationKeyText.optional(),
    ),
    ...regulatorTenantFields,
  })
  .strict();
export type RegulatorTenantUpdate = z.output<typeof regulatorTenantUpdateSchema>;

export const regulatorKeyFileSchema = z.object({
  kind: z.enum(REGULATOR_KEY_KINDS),
  fileName: z.string(),
  fingerprint: z.string(),
  uploadedAt: z.string(),
});
export type RegulatorKeyFile = z.infer<typeof regulatorKeyFileSchema>;

/** An industry's mapping at a board (spec: regulator tenant mapping). The private key never comes back. */
export const regulatorTenantSchema = z.object({
  id: z.number().int(),
  statId: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  spcbTenantId: z.string(),
  authorizationKeyHint: z.string().nullable(),
  signature: z.string().nullable(),
  nocNumber: z.string().nullable(),
  /** 'not Yet' until the board took a first slot, then 'connected'. */
  keyStatus: z.enum([KEY_STATUS_NOT_YET, KEY_STATUS_CONNECTED]),
  pushEnabled: z.boolean(),
  keyFiles: z.array(regulatorKeyFileSchema),
  nextSlot: z.string(),
  lastAttemptAt: z.string().nullable(),
  lastDeliveredAt: z.string().nullable(),
  lastError: z.string().nullable(),
  version: z.number().int(),
});
export type RegulatorTenant = z.infer<typeof regulatorTenantSchema>;
export const regulatorTenantListSchema = z.object({ items: z.array(regulatorTenantSchema) });

// ── Stations and devices ───────────────────────────────────────────────────

export const stationBodySchema = z
  .object({
    monitoringPointId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    spcbEntityId: requiredText(100),
    version: versionField.optional(),
  })
  .strict();
export type StationBody = z.output<typeof stationBodySchema>;

export const stationSchema = z.object({
  id: z.number().int(),
  regulatorTenantId: z.number().int(),
  monitoringPointId: z.number().int(),
  monitoringPointName: z.string(),
  entityType: z.string(),
  spcbEntityId: z.string(),
  version: z.number().int(),
});
export type Station = z.infer<typeof stationSchema>;
export const stationListSchema = z.object({ items: z.array(stationSchema) });

/** `POST /api/createPcbDevice`: one parameter of one device, as the board knows it. */
export const regulatorDeviceBodySchema = z
  .object({
    regulatorTenantId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    stationId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    deviceId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    parameterId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)).refine(
      (id) => id !== REGULATOR_EXCLUDED_PARAMETER_ID,
      REGULATOR_MESSAGES.parameterExcluded,
    ),
    unit: requiredText(40),
    regulatorParameterId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    regulatorUnitId: fromDigits(z.number({ message: FIELD_MESSAGES.required }).int().min(1)),
    spcbDeviceId: requiredText(100),
  })
  .strict();
export type RegulatorDeviceBody = z.output<typeof regulatorDeviceBodySchema>;

export const regulatorDeviceSchema = z.object({
  id: z.number().int(),
  regulatorTenantId: z.number().int(),
  stationId: z.number().int(),
  spcbEntityId: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  parameterId: z.number().int(),
  parameterLabel: z.string(),
  unit: z.string(),
  regulatorParameterId: z.number().int(),
  spcbParameterId: z.string(),
  regulatorUnitId: z.number().int(),
  spcbUnit: z.string(),
  spcbDeviceId: z.string(),
});
export type RegulatorDevice = z.infer<typeof regulatorDeviceSchema>;
export const regulatorDeviceListSchema = z.object({ items: z.array(regulatorDeviceSchema) });

// ── The push ───────────────────────────────────────────────────────────────

export const pushAttemptSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  slot: z.string(),
  requestId: z.string(),
  outcome: z.enum(PUSH_ATTEMPT_OUTCOMES),
  httpStatus: z.number().int().nullable(),
  boardCode: z.string().nullable(),
  answer: z.string(),
  durationMs: z.number().int(),
  attemptedAt: z.string(),
});
export type PushAttempt = z.infer<typeof pushAttemptSchema>;

// ── Compliance ─────────────────────────────────────────────────────────────

/** How many days the compliance timeline shows at most (the boards' 7 days and a little history). */
export const COMPLIANCE_MAX_DAYS = 31;

/** A day (IST) of an industry's slots at its board: each mapped device's slots by what became of them. */
export const complianceDaySchema = z.object({
  /** `YYYY-MM-DD`, midnight to midnight IST. */
  day: z.string(),
  /** Slots the day has for the mapped devices, up to now (devices × slots). */
  expected: z.number().int(),
  delivered: z.number().int(),
  refused: z.number().int(),
  /** Tried and not through yet, or not reached yet by the push. */
  pending: z.number().int(),
  /** The device sent nothing for the slot. */
  noData: z.number().int(),
  /** Aged past 7 days before the board took it. */
  expired: z.number().int(),
  /** delivered ÷ expected (0 when nothing is expected). */
  deliveredShare: z.number(),
});
export type ComplianceDay = z.infer<typeof complianceDaySchema>;

/** One slot of the last 24 hours, by the least good state among its devices. */
export const complianceSlotSchema = z.object({
  slot: z.string(),
  state: z.enum(['delivered', 'refused', 'pending', 'no_data', 'expired']),
  /** The board's code when it refused a device's slot. */
  boardCode: z.string().nullable(),
});

export const complianceTimelineQuerySchema = z
  .object({
    regulatorTenantId: fromDigits(z.number().int().min(1)),
    days: fromDigits(z.number().int().min(1).max(COMPLIANCE_MAX_DAYS)).default(7),
  })
  .strict();

/** `GET /api/getSPCBComplianceTimeline`: newest day first, and the last 24 hours slot by slot. */
export const complianceTimelineSchema = z.object({
  regulatorTenantId: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  statId: z.number().int(),
  days: z.array(complianceDaySchema),
  slots: z.array(complianceSlotSchema),
});
export type ComplianceTimeline = z.infer<typeof complianceTimelineSchema>;

/** An industry as its board sees it (`/api/regulatoryView`, the statutory view). */
export const regulatoryIndustrySchema = z.object({
  regulatorTenantId: z.number().int().nullable(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  city: z.string().nullable(),
  spcbTenantId: z.string().nullable(),
  freshness: z.enum(['LIVE', 'DELAYED', 'OFFLINE']),
  lastDataAt: z.string().nullable(),
  keyStatus: z.enum([KEY_STATUS_NOT_YET, KEY_STATUS_CONNECTED]).nullable(),
  lastDeliveredAt: z.string().nullable(),
  /** Share of the last 24 hours' slots delivered (null when the industry is not mapped). */
  deliveredShare24h: z.number().nullable(),
});
export type RegulatoryIndustry = z.infer<typeof regulatoryIndustrySchema>;

export const regulatoryViewQuerySchema = z
  .object({
    /** A site user names the board; a board user sees their own. */
    statId: fromDigits(z.number().int().min(1)).optional(),
    freshness: z.enum(['LIVE', 'DELAYED', 'OFFLINE']).optional(),
    page: fromDigits(z.number().int().min(1).max(10_000)).default(1),
    size: fromDigits(z.number().int().min(1).max(100)).default(20),
  })
  .strict();

/** Industries of a state with their freshness, and how many are in each state (spec: accounts by state code). */
export const stateAccountsQuerySchema = z
  .object({
    /** Industries whose name has this text. */
    search: z.string().trim().max(100).optional(),
    /** Only those the state's board has ('yes') or has not ('no'). */
    mapped: z.enum(['yes', 'no']).optional(),
    page: fromDigits(z.number().int().min(1).max(10_000)).default(1),
    size: fromDigits(z.number().int().min(1).max(100)).default(20),
  })
  .strict();

/** A ground water point as the Central Ground Water Authority's view shows it (the spec's CGWA view). */
export const groundWaterPointSchema = z.object({
  monitoringPointId: z.number().int(),
  name: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  stateCode: z.string().nullable(),
  cgwaNocNumber: z.string().nullable(),
  /** Permitted abstraction, m³/day. */
  abstractionLimit: z.number().nullable(),
  /** Borewell depth, m. */
  borewellDepth: z.number().nullable(),
  freshness: z.enum(['LIVE', 'DELAYED', 'OFFLINE']),
  lastDataAt: z.string().nullable(),
});
export type GroundWaterPoint = z.infer<typeof groundWaterPointSchema>;

export const groundWaterQuerySchema = z
  .object({
    freshness: z.enum(['LIVE', 'DELAYED', 'OFFLINE']).optional(),
    page: fromDigits(z.number().int().min(1).max(10_000)).default(1),
    size: fromDigits(z.number().int().min(1).max(100)).default(20),
  })
  .strict();

/** The start of the 15-minute slot `time` falls in. */
export const slotStartOf = (time: Date | number): Date =>
  new Date(slotStart(typeof time === 'number' ? time : time.getTime(), 'minute_15'));

/** The last slot the push may send at `now`: the newest one that ended `PUSH_SLOT_GRACE_MS` ago. */
export const lastReadySlot = (now: Date | number): Date =>
  slotStartOf((typeof now === 'number' ? now : now.getTime()) - PUSH_SLOT_GRACE_MS - PUSH_SLOT_MS + 1);
