import { describe, expect, it } from 'vitest';
import { monitoringPointBodySchema } from './monitoring-points.js';

const issuesOf = (input: unknown) => {
  const result = monitoringPointBodySchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('monitoringPointBodySchema', () => {
  it('keeps the entity type’s properties only, numbers as numbers, text trimmed, the rest null', () => {
    const body = monitoringPointBodySchema.parse({
      name: '  ETP Outlet ',
      entityType: 'etp',
      latitude: '21.17',
      longitude: '',
      properties: { designCapacity: '450', treatmentStage: 'Tertiary' },
    });
    expect(body).toEqual({
      name: 'ETP Outlet',
      entityType: 'etp',
      latitude: 21.17,
      longitude: null,
      properties: { designCapacity: 450, treatmentStage: 'Tertiary', dischargePoint: null },
    });
  });

  it('asks for each required property of the type', () => {
    expect(issuesOf({ name: 'Stack 1', entityType: 'stack', properties: { stackHeight: ' ' } })).toEqual([
      'properties.stackHeight: This field is required',
      'properties.stackDiameter: This field is required',
    ]);
  });

  it('takes zero and refuses a negative or non-numeric number', () => {
    const stack = (stackHeight: unknown) => ({
      name: 'Stack 1',
      entityType: 'stack',
      properties: { stackHeight, stackDiameter: 1 },
    });
    expect(issuesOf(stack(0))).toEqual([]);
    expect(issuesOf(stack(-0.1))).toEqual(['properties.stackHeight: Stack height cannot be negative']);
    expect(issuesOf(stack('tall'))).toEqual(['properties.stackHeight: Must be a number']);
    expect(issuesOf(stack(1e12))).toEqual([
      'properties.stackHeight: Stack height must be at most 1000000000',
    ]);
  });

  it('takes a choice from the type’s list only, and no property of another type', () => {
    expect(
      issuesOf({
        name: 'North station',
        entityType: 'caaqms',
        properties: { locationType: 'Rooftop', stackHeight: 30 },
      }),
    ).toEqual([
      'properties.stackHeight: CAAQMS has no property "stackHeight"',
      'properties.locationType: Choose one of Upwind, Downwind, Plant boundary, Residential area',
    ]);
  });

  it('bounds latitude and longitude at their edges', () => {
    const at = (latitude: number, longitude: number) => ({
      name: 'G1',
      entityType: 'group',
      latitude,
      longitude,
    });
    expect(issuesOf(at(-90, 180))).toEqual([]);
    expect(issuesOf(at(90.01, -180.01))).toEqual([
      'latitude: Latitude must be between -90 and 90',
      'longitude: Longitude must be between -180 and 180',
    ]);
  });

  it('refuses an unknown entity type, an empty name, a name over 100 characters and unknown fields', () => {
    expect(issuesOf({ name: ' ', entityType: 'tower' })).toHaveLength(2);
    expect(issuesOf({ name: 'x'.repeat(101), entityType: 'group' })).toEqual([
      'name: Must be at most 100 characters',
    ]);
    expect(issuesOf({ name: 'G1', entityType: 'group', colour: 'red' })).toHaveLength(1);
  });
});
