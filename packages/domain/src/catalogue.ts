import { z } from 'zod';
import { INTEGER_RANGE, recordStatusSchema, TIME_ZONES } from './fields.js';

// ---------------------------------------------------------------------------
// Entity types: the monitoring points of an industry (spec §3).
// ---------------------------------------------------------------------------

export const ENTITY_PROP_TYPES = ['number', 'text', 'select'] as const;

export const entityPropSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(ENTITY_PROP_TYPES),
  unit: z.string().nullable(),
  options: z.array(z.string()).nullable(),
  required: z.boolean(),
});
export type EntityProp = z.infer<typeof entityPropSchema>;

export const entityTypeSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** The parameter type (mtype) whose parameters fit this monitoring point, when there is one. */
  mtype: z.string().nullable(),
  properties: z.array(entityPropSchema),
});
export type EntityType = z.infer<typeof entityTypeSchema>;

const prop = (
  key: string,
  label: string,
  type: EntityProp['type'],
  extra: { unit?: string; options?: string[]; required?: boolean } = {},
): EntityProp => ({
  key,
  label,
  type,
  unit: extra.unit ?? null,
  options: extra.options ?? null,
  required: extra.required ?? false,
});

const FUEL_TYPES = ['Coal', 'Pet coke', 'Biomass', 'Natural gas', 'LDO/HSD', 'Furnace oil', 'Other'];
const APCD_TYPES = ['ESP', 'Bag filter', 'Wet scrubber', 'Cyclone', 'Multi-cyclone', 'None'];

/**
 * The entity types (label/key as in spec §3) and the properties an entity of
 * each type records — what a board's inspector asks about a stack, an ETP
 * outlet, an ambient station or a piezometer.
 */
export const ENTITY_TYPES: readonly EntityType[] = [
  {
    key: 'group',
    label: 'Group',
    mtype: null,
    properties: [prop('description', 'Description', 'text')],
  },
  {
    key: 'etp',
    label: 'Effluent Treatment Plant',
    mtype: 'etp',
    properties: [
      prop('designCapacity', 'Design capacity', 'number', { unit: 'KLD', required: true }),
      prop('treatmentStage', 'Treatment', 'select', {
        options: ['Primary', 'Secondary', 'Tertiary', 'Zero liquid discharge'],
      }),
      prop('dischargePoint', 'Discharge point', 'select', {
        options: ['CETP', 'Sewer', 'Surface water', 'Land (irrigation)', 'Recycled'],
      }),
    ],
  },
  {
    key: 'stack',
    label: 'Stack',
    mtype: 'stack',
    properties: [
      prop('stackHeight', 'Stack height', 'number', { unit: 'm', required: true }),
      prop('stackDiameter', 'Stack diameter', 'number', { unit: 'm', required: true }),
      prop('attachedTo', 'Attached to', 'text'),
      prop('fuelType', 'Fuel', 'select', { options: FUEL_TYPES }),
      prop('apcd', 'Air pollution control device', 'select', { options: APCD_TYPES }),
    ],
  },
  {
    key: 'caaqms',
    label: 'CAAQMS',
    mtype: 'caaqms',
    properties: [
      prop('locationType', 'Location', 'select', {
        options: ['Upwind', 'Downwind', 'Plant boundary', 'Residential area'],
        required: true,
      }),
      // Where the station stands is the monitoring point's own latitude and longitude.
      prop('inletHeight', 'Sampling inlet height', 'number', { unit: 'm' }),
    ],
  },
  {
    key: 'mobile stack',
    label: 'Mobile Stack',
    mtype: 'stack',
    properties: [
      prop('unitName', 'DG set or unit', 'text', { required: true }),
      prop('ratedCapacity', 'Rated capacity', 'number', { unit: 'kVA' }),
      prop('fuelType', 'Fuel', 'select', { options: FUEL_TYPES }),
    ],
  },
  {
    key: 'Ash',
    label: 'Ash Handling Plant/unit',
    mtype: null,
    properties: [
      prop('capacity', 'Handling capacity', 'number', { unit: 'TPD' }),
      prop('ashType', 'Ash', 'select', { options: ['Fly ash', 'Bottom ash', 'Pond ash'] }),
      prop('disposal', 'Utilisation or disposal', 'text'),
    ],
  },
  {
    key: 'ground water',
    label: 'Ground Water',
    mtype: 'ground water',
    properties: [
      prop('borewellDepth', 'Borewell depth', 'number', { unit: 'm', required: true }),
      prop('abstractionLimit', 'Permitted abstraction', 'number', { unit: 'm3/day' }),
      prop('cgwaNocNumber', 'CGWA NOC number', 'text'),
    ],
  },
];

export const ENTITY_TYPE_KEYS = ENTITY_TYPES.map((type) => type.key);

export function findEntityType(key: string): EntityType | undefined {
  return ENTITY_TYPES.find((type) => type.key === key);
}

// ---------------------------------------------------------------------------
// Time zones offered for accounts.
// ---------------------------------------------------------------------------

export const timeZoneOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Minutes ahead of UTC on the given date (negative west of Greenwich). */
  offsetMinutes: z.number().int(),
});
export type TimeZoneOption = z.infer<typeof timeZoneOptionSchema>;

/** Offset of a zone from UTC at `at`, in minutes, from the platform's time-zone data. */
export function getTimeZoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  const atMinute = Math.floor(at.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - atMinute) / 60_000);
}

/** "UTC+05:30" */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '−' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hours}:${minutes}`;
}

/** The zones accounts may use, with today's offset, India first. */
export function listTimeZones(at: Date = new Date()): TimeZoneOption[] {
  return TIME_ZONES.map((id) => {
    const offsetMinutes = getTimeZoneOffsetMinutes(id, at);
    return { id, offsetMinutes, label: `(${formatUtcOffset(offsetMinutes)}) ${id.replace(/_/g, ' ')}` };
  });
}

// ---------------------------------------------------------------------------
// Master categories (type, description), e.g. CPCB's Red/Orange/Green/White.
// ---------------------------------------------------------------------------

export const masterCategorySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  description: z.string().nullable(),
  status: recordStatusSchema,
  createdAt: z.string(),
  version: z.number().int(),
});
export type MasterCategory = z.infer<typeof masterCategorySchema>;

export const masterCategoryBodySchema = z
  .object({
    type: z.string().trim().min(1, 'This field is required').max(60),
    description: z
      .string()
      .trim()
      .max(300)
      .nullish()
      .transform((v) => v || null),
  })
  .strict();
export type MasterCategoryBody = z.infer<typeof masterCategoryBodySchema>;
export type MasterCategoryInput = z.input<typeof masterCategoryBodySchema>;

export const masterCategoryUpdateSchema = masterCategoryBodySchema
  .extend({ version: z.number().int().min(1).max(INTEGER_RANGE.max) })
  .strict();
