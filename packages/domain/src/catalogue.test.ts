import { describe, expect, it } from 'vitest';
import {
  ENTITY_TYPES,
  findEntityType,
  formatUtcOffset,
  getTimeZoneOffsetMinutes,
  listTimeZones,
  masterCategoryBodySchema,
} from './catalogue.js';

describe('entity types', () => {
  it("are the spec's label/key pairs, in order", () => {
    expect(ENTITY_TYPES.map((t) => [t.label, t.key])).toEqual([
      ['Group', 'group'],
      ['Effluent Treatment Plant', 'etp'],
      ['Stack', 'stack'],
      ['CAAQMS', 'caaqms'],
      ['Mobile Stack', 'mobile stack'],
      ['Ash Handling Plant/unit', 'Ash'],
      ['Ground Water', 'ground water'],
    ]);
  });

  it('each names its properties once, with options only on choices', () => {
    for (const type of ENTITY_TYPES) {
      const keys = type.properties.map((p) => p.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const p of type.properties) expect(p.options !== null).toBe(p.type === 'select');
    }
    expect(findEntityType('stack')?.properties.find((p) => p.key === 'stackHeight')?.unit).toBe('m');
    expect(findEntityType('nope')).toBeUndefined();
  });
});

describe('time zones', () => {
  it('India is five and a half hours ahead, all year', () => {
    expect(getTimeZoneOffsetMinutes('Asia/Kolkata', new Date('2026-01-15T12:00:00Z'))).toBe(330);
    expect(getTimeZoneOffsetMinutes('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe(330);
    expect(getTimeZoneOffsetMinutes('Asia/Kathmandu', new Date('2026-07-15T12:00:00Z'))).toBe(345);
  });

  it('follows daylight saving where there is some', () => {
    expect(getTimeZoneOffsetMinutes('Europe/London', new Date('2026-01-15T12:00:00Z'))).toBe(0);
    expect(getTimeZoneOffsetMinutes('Europe/London', new Date('2026-07-15T12:00:00Z'))).toBe(60);
    expect(getTimeZoneOffsetMinutes('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(-300);
  });

  it('labels zones with their offset, India first', () => {
    const zones = listTimeZones(new Date('2026-01-15T12:00:00Z'));
    expect(zones[0]).toEqual({ id: 'Asia/Kolkata', offsetMinutes: 330, label: '(UTC+05:30) Asia/Kolkata' });
    expect(zones.find((z) => z.id === 'America/New_York')?.label).toBe('(UTC−05:00) America/New York');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
  });
});

describe('master category form', () => {
  it('trims, needs a type and empties a blank description', () => {
    expect(masterCategoryBodySchema.parse({ type: '  Red ', description: ' ' })).toEqual({
      type: 'Red',
      description: null,
    });
    expect(masterCategoryBodySchema.safeParse({ type: '  ' }).success).toBe(false);
    expect(masterCategoryBodySchema.safeParse({ type: 'Red', extra: 1 }).success).toBe(false);
  });
});
