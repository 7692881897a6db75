import { describe, expect, it } from 'vitest';
import {
  checkReportRange,
  nextScheduleRun,
  reportDayCount,
  reportRangeOf,
  reportRequestBodySchema,
  reportScheduleBodySchema,
  schedulePeriodOf,
} from './reports.js';
import { REPORT_MESSAGES } from './area-messages.js';

/** An instant given in India time. */
const ist = (local: string) => Date.parse(`${local}+05:30`);

describe('report ranges', () => {
  it('covers India days from midnight to midnight, both ends included', () => {
    expect(reportRangeOf('2026-11-20', '2026-11-21')).toEqual({
      fromMs: ist('2026-11-20T00:00:00'),
      toMs: ist('2026-11-22T00:00:00'),
    });
    expect(reportDayCount('2026-11-20', '2026-11-20')).toBe(1);
    expect(reportDayCount('2026-01-01', '2026-12-31')).toBe(365);
    expect(reportDayCount('2026-11-21', '2026-11-20')).toBe(0);
  });

  it('refuses an end before the start, an end after today and a range too long for the resolution', () => {
    const today = '2026-11-27';
    expect(checkReportRange({ from: '2026-11-20', to: '2026-11-19', resolution: 'DAILY' }, today)).toEqual([
      { path: 'to', message: REPORT_MESSAGES.toBeforeFrom },
    ]);
    expect(checkReportRange({ from: '2026-11-20', to: '2026-11-28', resolution: 'DAILY' }, today)).toEqual([
      { path: 'to', message: REPORT_MESSAGES.toInFuture },
    ]);
    // 31 days at 15 minutes, 92 hourly, 366 daily: the edges pass, a day more does not.
    expect(checkReportRange({ from: '2026-10-28', to: '2026-11-27', resolution: 'MIN_15' }, today)).toEqual(
      [],
    );
    expect(checkReportRange({ from: '2026-10-27', to: '2026-11-27', resolution: 'MIN_15' }, today)).toEqual([
      { path: 'from', message: REPORT_MESSAGES.rangeTooLong.MIN_15 },
    ]);
    expect(checkReportRange({ from: '2026-08-28', to: '2026-11-27', resolution: 'HOURLY' }, today)).toEqual(
      [],
    );
    expect(
      checkReportRange({ from: '2026-08-27', to: '2026-11-27', resolution: 'HOURLY' }, today),
    ).toHaveLength(1);
    expect(checkReportRange({ from: '2025-11-27', to: '2026-11-27', resolution: 'DAILY' }, today)).toEqual(
      [],
    );
    expect(
      checkReportRange({ from: '2025-11-26', to: '2026-11-27', resolution: 'DAILY' }, today),
    ).toHaveLength(1);
  });

  it('checks a request body: dates within the console’s range, parameters once each', () => {
    const body = { monitoringPointId: 3, parameterIds: [1, 2], resolution: 'HOURLY' };
    const paths = (value: unknown) =>
      reportRequestBodySchema
        .safeParse(value)
        .error?.issues.map((issue) => issue.path.join('.'))
        .sort();
    expect(paths({ ...body, from: '2026-01-01', to: '2026-01-02' })).toBeUndefined();
    expect(paths({ ...body, from: '1999-12-31', to: '2026-01-02' })).toEqual(['from']);
    expect(paths({ ...body, from: '2026-01-01', to: '2100-01-01' })).toEqual(['to']);
    expect(paths({ ...body, parameterIds: [1, 1], from: '2026-01-01', to: '2026-01-01' })).toEqual([
      'parameterIds',
    ]);
    expect(paths({ ...body, parameterIds: [], from: '2026-01-01', to: '2026-01-01' })).toEqual([
      'parameterIds',
    ]);
  });
});

describe('schedules', () => {
  it('run at 01:00 India time after their period closes', () => {
    // Friday 27 November 2026, 10:00 IST.
    const now = ist('2026-11-27T10:00:00');
    expect(nextScheduleRun('DAILY', now).getTime()).toBe(ist('2026-11-28T01:00:00'));
    expect(nextScheduleRun('DAILY', ist('2026-11-27T00:30:00')).getTime()).toBe(ist('2026-11-27T01:00:00'));
    expect(nextScheduleRun('DAILY', ist('2026-11-27T01:00:00')).getTime()).toBe(ist('2026-11-28T01:00:00'));
    expect(nextScheduleRun('WEEKLY', now).getTime()).toBe(ist('2026-11-30T01:00:00'));
    expect(nextScheduleRun('WEEKLY', ist('2026-11-30T00:59:00')).getTime()).toBe(ist('2026-11-30T01:00:00'));
    expect(nextScheduleRun('MONTHLY', now).getTime()).toBe(ist('2026-12-01T01:00:00'));
    expect(nextScheduleRun('MONTHLY', ist('2026-12-31T23:00:00')).getTime()).toBe(ist('2027-01-01T01:00:00'));
    expect(nextScheduleRun('MONTHLY', ist('2026-12-01T00:10:00')).getTime()).toBe(ist('2026-12-01T01:00:00'));
  });

  it('report the previous India day, the previous Monday-to-Sunday week or the previous calendar month', () => {
    const monday = ist('2026-11-30T01:00:00');
    expect(schedulePeriodOf('DAILY', monday)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(schedulePeriodOf('WEEKLY', monday)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // A run made late (on Wednesday) still reports the last whole week.
    expect(schedulePeriodOf('WEEKLY', ist('2026-12-02T09:00:00'))).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(schedulePeriodOf('MONTHLY', ist('2026-12-01T01:00:00'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(schedulePeriodOf('MONTHLY', ist('2026-03-01T01:00:00'))).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(schedulePeriodOf('DAILY', ist('2027-01-01T01:00:00'))).toEqual({
      from: '2026-12-31',
      to: '2026-12-31',
    });
    // Just after midnight UTC is already the next day in India.
    expect(schedulePeriodOf('DAILY', Date.parse('2026-11-29T19:00:00Z'))).toEqual({
      from: '2026-11-29',
      to: '2026-11-29',
    });
  });

  it('takes one to ten distinct recipients, compared in lower case', () => {
    const body = {
      tenantId: 1,
      monitoringPointId: 2,
      parameterIds: [3],
      resolution: 'DAILY',
      frequency: 'WEEKLY',
    };
    expect(
      reportScheduleBodySchema.parse({ ...body, recipients: ['EHS@plant.example', 'ehs@plant.example'] })
        .recipients,
    ).toEqual(['ehs@plant.example']);
    expect(reportScheduleBodySchema.safeParse({ ...body, recipients: [] }).success).toBe(false);
    expect(
      reportScheduleBodySchema.safeParse({
        ...body,
        recipients: Array.from({ length: 11 }, (_, i) => `r${i}@plant.example`),
      }).success,
    ).toBe(false);
    expect(
      reportScheduleBodySchema.safeParse({ ...body, recipients: ['not an e-mail'] }).error?.issues[0]?.path,
    ).toEqual(['recipients', 0]);
  });
});
