import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  activityLogQuerySchema,
  addDays,
  auditDocumentQuerySchema,
  auditLogQuerySchema,
  AUDIT_MAX_RANGE_DAYS,
  countDaysInRange,
  getAuditRangeErrors,
  getChangedFields,
  getDefaultAuditRange,
  getZonedDate,
  getZonedDayStart,
  resolveAuditRange,
} from './audit.js';

describe('getChangedFields', () => {
  it('finds nothing when the values are equal, whatever the key order', () => {
    expect(getChangedFields({ a: 1, b: { c: 'x' } }, { b: { c: 'x' }, a: 1 })).toEqual([]);
    expect(getChangedFields(null, null)).toEqual([]);
    expect(getChangedFields('same', 'same')).toEqual([]);
  });

  it('lists changed, added and removed fields as sorted dotted paths', () => {
    expect(
      getChangedFields(
        { status: 'ENABLED', name: 'A', removed: 1, address: { city: 'Pune', pin: '411001' } },
        { status: 'DISABLED', name: 'A', added: true, address: { city: 'Nashik', pin: '411001' } },
      ),
    ).toEqual(['added', 'address.city', 'removed', 'status']);
  });

  it('compares arrays by position', () => {
    expect(getChangedFields({ tags: ['a', 'b', 'c'] }, { tags: ['a', 'b', 'd'] })).toEqual(['tags.2']);
    expect(getChangedFields({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual(['tags.1']);
  });

  it('marks a whole field when its kind changes (object, array, primitive)', () => {
    expect(getChangedFields({ v: [1] }, { v: { 0: 1 } })).toEqual(['v']);
    expect(getChangedFields({ v: { a: 1 } }, { v: 'a' })).toEqual(['v']);
    expect(getChangedFields({ v: 1 }, { v: '1' })).toEqual(['v']);
  });

  it('treats a creation (no old value) as every new field changed', () => {
    expect(getChangedFields(null, { name: 'Plant', status: 'ENABLED' })).toEqual(['(value)']);
    expect(getChangedFields({}, { name: 'Plant', status: 'ENABLED' })).toEqual(['name', 'status']);
  });

  it('names the value itself when two primitives differ at the top', () => {
    expect(getChangedFields(1, 2)).toEqual(['(value)']);
  });
});

describe('getDefaultAuditRange', () => {
  it('covers the last 7 calendar days, today included', () => {
    expect(getDefaultAuditRange(new Date('2026-03-10T12:00:00Z'))).toEqual({
      startDate: '2026-03-04',
      endDate: '2026-03-10',
    });
  });

  it('uses the calendar day in India, not in UTC or the local zone', () => {
    // 20:00 UTC is already 01:30 the next day in India (UTC+05:30)
    expect(getDefaultAuditRange(new Date('2026-03-10T20:00:00Z'))).toEqual({
      startDate: '2026-03-05',
      endDate: '2026-03-11',
    });
    // 18:29 UTC is 23:59 in India: still the same day
    expect(getDefaultAuditRange(new Date('2026-03-10T18:29:00Z')).endDate).toBe('2026-03-10');
    expect(getDefaultAuditRange(new Date('2026-03-10T18:30:00Z')).endDate).toBe('2026-03-11');
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(getDefaultAuditRange(new Date('2026-01-03T06:00:00Z'))).toEqual({
      startDate: '2025-12-28',
      endDate: '2026-01-03',
    });
    expect(getDefaultAuditRange(new Date('2028-03-02T06:00:00Z'))).toEqual({
      startDate: '2028-02-25',
      endDate: '2028-03-02',
    });
  });

  it('takes another length or time zone', () => {
    expect(getDefaultAuditRange(new Date('2026-03-10T12:00:00Z'), 1)).toEqual({
      startDate: '2026-03-10',
      endDate: '2026-03-10',
    });
    expect(getDefaultAuditRange(new Date('2026-03-10T20:00:00Z'), 7, 'UTC').endDate).toBe('2026-03-10');
  });
});

describe('date range helpers', () => {
  it('finds the start of a day in India', () => {
    expect(getZonedDayStart('2026-03-10').toISOString()).toBe('2026-03-09T18:30:00.000Z');
    expect(getZonedDayStart('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(getZonedDate(getZonedDayStart('2026-03-10'))).toBe('2026-03-10');
  });

  it('counts days with both ends included and adds days', () => {
    expect(countDaysInRange('2026-03-10', '2026-03-10')).toBe(1);
    expect(countDaysInRange('2026-03-10', '2026-03-09')).toBe(0);
    expect(countDaysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('fills in the missing ends of a range', () => {
    const now = new Date('2026-03-10T06:00:00Z');
    expect(resolveAuditRange({}, now)).toEqual({ startDate: '2026-03-04', endDate: '2026-03-10' });
    expect(resolveAuditRange({ startDate: '2026-01-01' }, now)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-03-10',
    });
    expect(resolveAuditRange({ endDate: '2026-02-07' }, now)).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-07',
    });
    expect(resolveAuditRange({ startDate: '2025-05-01', endDate: '2025-05-02' }, now)).toEqual({
      startDate: '2025-05-01',
      endDate: '2025-05-02',
    });
  });

  it('refuses an end before the start and a range longer than the limit', () => {
    expect(getAuditRangeErrors({ startDate: '2026-03-10', endDate: '2026-03-10' })).toEqual([]);
    expect(getAuditRangeErrors({ startDate: '2026-03-10', endDate: '2026-03-09' })).toEqual([
      { path: 'endDate', message: 'The end date must not be before the start date' },
    ]);
    expect(AUDIT_MAX_RANGE_DAYS).toBe(366);
    expect(getAuditRangeErrors({ startDate: '2024-01-01', endDate: '2024-12-31' })).toEqual([]);
    expect(getAuditRangeErrors({ startDate: '2024-01-01', endDate: '2025-01-01' })).toEqual([
      { path: 'endDate', message: 'Choose a range of at most 366 days' },
    ]);
  });
});

describe('audit and log query dates', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a day after today in India, whatever the clock of the machine says in UTC', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:59 on 2026-03-10 in India.
    vi.setSystemTime(new Date('2026-03-10T18:29:00Z'));
    expect(auditLogQuerySchema.safeParse({ startDate: '2026-03-10', endDate: '2026-03-10' }).success).toBe(
      true,
    );
    const tomorrow = auditLogQuerySchema.safeParse({ endDate: '2026-03-11' });
    expect(tomorrow.error?.issues).toEqual([
      expect.objectContaining({ path: ['endDate'], message: 'The date must not be after today' }),
    ]);
    expect(auditLogQuerySchema.safeParse({ startDate: '2026-03-11' }).error?.issues[0]?.path).toEqual([
      'startDate',
    ]);
    expect(activityLogQuerySchema.safeParse({ endDate: '2026-03-11' }).error?.issues[0]?.path).toEqual([
      'endDate',
    ]);

    // 00:00 on 2026-03-11 in India, still 2026-03-10 in UTC.
    vi.setSystemTime(new Date('2026-03-10T18:30:00Z'));
    expect(auditLogQuerySchema.safeParse({ endDate: '2026-03-11' }).success).toBe(true);
  });

  it('leaves a text that is no date and a date past the supported range to their own checks', () => {
    for (const endDate of ['today', '9999-12-31']) {
      const result = auditLogQuerySchema.safeParse({ endDate });
      expect(result.success, endDate).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).not.toContain(
        'The date must not be after today',
      );
    }
  });
});

describe('audit queries and the closed lists of record kinds and actions', () => {
  it('filters the list only by a known record kind and action', () => {
    expect(auditLogQuerySchema.parse({ entity: 'account', action: 'UPDATE' })).toMatchObject({
      entity: 'account',
      action: 'UPDATE',
    });
    for (const query of [{ entity: 'tenant' }, { action: 'update' }]) {
      const result = auditLogQuerySchema.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(Object.keys(query));
    }
  });

  it('refuses a document search for a record kind or action outside the lists, in any letter case', () => {
    expect(auditDocumentQuerySchema.safeParse({ field: 'entity', value: 'USER' }).success).toBe(true);
    expect(auditDocumentQuerySchema.safeParse({ field: 'action', value: 'password_change' }).success).toBe(
      true,
    );
    const kind = auditDocumentQuerySchema.safeParse({ field: 'entity', value: 'tenant' });
    expect(kind.error?.issues[0]?.path).toEqual(['value']);
    const action = auditDocumentQuerySchema.safeParse({ field: 'action', value: 'LOGGED_IN' });
    expect(action.error?.issues[0]?.path).toEqual(['value']);
    // Other fields take any value.
    expect(auditDocumentQuerySchema.safeParse({ field: 'newValue.status', value: 'tenant' }).success).toBe(
      true,
    );
  });
});
