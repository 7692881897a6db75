import { z } from 'zod';
import { ENTITY_TYPE_KEYS, findEntityType, type EntityProp } from './catalogue.js';
import { FIELD_MESSAGES } from './constants.js';
import { optionalNumberInRange, requiredText, versionField } from './fields.js';

/**
 * Monitoring points (the spec's entities): an industry's stacks, effluent
 * treatment plants, ambient (CAAQMS) stations, ground-water points and so on,
 * each of an entity type of the catalogue with the properties that type
 * records. Devices, readings and a board's station ids hang off them.
 */

/** How many monitoring points one industry may have: a large plant has a few dozen. */
export const MAX_MONITORING_POINTS_PER_TENANT = 200;

/** A property's value: numbers for number properties, text for the others; null when not given. */
const propertyValueSchema = z.union([z.string().nullable(), z.number().nullable()]);

export const monitoringPointSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  name: z.string(),
  /** The entity type's key (`stack`, `etp`, `caaqms`, …). */
  entityType: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The entity type's properties (stack height, design capacity, …), by key. */
  properties: z.record(z.string(), propertyValueSchema),
  /** Devices (not deleted) at the point. */
  deviceCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type MonitoringPoint = z.infer<typeof monitoringPointSchema>;

export const monitoringPointListSchema = z.object({
  items: z.array(monitoringPointSchema),
  /** The most an industry may have (`MAX_MONITORING_POINTS_PER_TENANT`). */
  limit: z.number().int(),
});
export type MonitoringPointList = z.infer<typeof monitoringPointListSchema>;

/** Checks one property's value against its definition; the message when it is wrong. */
function propertyProblem(prop: EntityProp, value: unknown): string | null {
  const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (missing) return prop.required ? FIELD_MESSAGES.required : null;
  switch (prop.type) {
    case 'number': {
      const number = typeof value === 'string' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return FIELD_MESSAGES.number;
      if (number < 0) return `${prop.label} cannot be negative`;
      if (number > 1_000_000_000) return `${prop.label} must be at most 1000000000`;
      return null;
    }
    case 'select':
      return typeof value === 'string' && (prop.options ?? []).includes(value)
        ? null
        : `Choose one of ${(prop.options ?? []).join(', ')}`;
    default:
      if (typeof value !== 'string') return 'Must be text';
      return value.trim().length > 200 ? 'Must be at most 200 characters' : null;
  }
}

/** A property's value as stored: numbers as numbers, text trimmed, nothing as null. */
function propertyValue(prop: EntityProp, value: unknown): string | number | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return null;
  if (prop.type === 'number') return typeof value === 'string' ? Number(value) : (value as number);
  return (value as string).trim();
}

/**
 * `POST /api/tenants/{id}/entities` and `PUT /api/tenants/{id}/entities/{entityId}`
 * (the update with the version it started from). The properties are those of
 * the chosen entity type: required ones must be given, numbers are numbers of
 * zero or more, choices come from the type's list, and a property of another
 * type is refused.
 */
export const monitoringPointBodySchema = z
  .object({
    name: requiredText(100),
    entityType: z.enum(ENTITY_TYPE_KEYS as [string, ...string[]], {
      message: `Choose an entity type: ${ENTITY_TYPE_KEYS.join(', ')}`,
    }),
    latitude: optionalNumberInRange(-90, 90, 'Latitude'),
    longitude: optionalNumberInRange(-180, 180, 'Longitude'),
    properties: z.record(z.string().max(64), propertyValueSchema).default({}),
    version: versionField.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const type = findEntityType(body.entityType);
    if (!type) return;
    for (const key of Object.keys(body.properties)) {
      if (!type.properties.some((prop) => prop.key === key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['properties', key],
          message: `${type.label} has no property "${key}"`,
        });
      }
    }
    for (const prop of type.properties) {
      const problem = propertyProblem(prop, body.properties[prop.key]);
      if (problem) ctx.addIssue({ code: 'custom', path: ['properties', prop.key], message: problem });
    }
  })
  .transform((body) => {
    const type = findEntityType(body.entityType)!;
    return {
      ...body,
      properties: Object.fromEntries(
        type.properties.map((prop) => [prop.key, propertyValue(prop, body.properties[prop.key])]),
      ),
    };
  });
export type MonitoringPointBody = z.output<typeof monitoringPointBodySchema>;
export type MonitoringPointInput = z.input<typeof monitoringPointBodySchema>;

/**
 * `DELETE /api/tenants/{id}/entities/{entityId}?version=`: with the version the
 * person saw, the delete is refused (409) when the point changed since.
 */
export const monitoringPointDeleteQuerySchema = z.object({ version: versionField.optional() }).strict();
