import { describe, expect, it } from 'vitest';
import {
  authTokenHintOf,
  authTokenTail,
  cameraCreateBodySchema,
  cameraUpdateBodySchema,
  latestRestorationDate,
  OFFLINE_REMARK_MESSAGES,
  offlineRemarkBodySchema,
  restorationDateProblem,
  todayInIndia,
} from './cameras.js';

const camera = {
  name: ' Stack camera ',
  monitoringPointId: '12',
  provisionId: 'PRV-0042',
  viewerId: '',
  authToken: '  k3y-0f-the-camera-a1b2 ',
};

const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('cameras', () => {
  it('reads a new camera: trimmed, the point as a number, an empty viewer id as none, enabled', () => {
    expect(cameraCreateBodySchema.parse(camera)).toEqual({
      name: 'Stack camera',
      monitoringPointId: 12,
      provisionId: 'PRV-0042',
      viewerId: null,
      authToken: 'k3y-0f-the-camera-a1b2',
      status: 'ENABLED',
    });
  });

  it('needs the auth token on a new camera, and keeps the stored one on an edit left empty', () => {
    expect(pathsOf(cameraCreateBodySchema.safeParse({ ...camera, authToken: '  ' }))).toEqual(['authToken']);
    expect(pathsOf(cameraCreateBodySchema.safeParse({ ...camera, authToken: undefined }))).toEqual([
      'authToken',
    ]);
    const kept = cameraUpdateBodySchema.parse({ ...camera, authToken: '', version: 3 });
    expect(kept.authToken).toBeUndefined();
    expect(JSON.parse(JSON.stringify(kept))).not.toHaveProperty('authToken');
    expect(
      cameraUpdateBodySchema.parse({ ...camera, authToken: null, version: 3 }).authToken,
    ).toBeUndefined();
    expect(cameraUpdateBodySchema.parse({ ...camera, authToken: 'new-token-77', version: 3 }).authToken).toBe(
      'new-token-77',
    );
  });

  it('refuses a short token, one with spaces, and ids with spaces, naming each field', () => {
    const result = cameraUpdateBodySchema.safeParse({
      ...camera,
      authToken: 'a b c d e f g h',
      provisionId: 'PRV 42',
      viewerId: 'viewer one',
    });
    expect(pathsOf(result).sort()).toEqual(['authToken', 'provisionId', 'viewerId']);
    expect(pathsOf(cameraCreateBodySchema.safeParse({ ...camera, authToken: 'short' }))).toEqual([
      'authToken',
    ]);
    expect(pathsOf(cameraCreateBodySchema.safeParse({ ...camera, extra: 1 }))).toEqual(['']);
  });

  it('shows a token by its last four characters', () => {
    expect(authTokenHintOf(authTokenTail('k3y-0f-the-camera-a1b2'))).toBe('••••a1b2');
  });
});

describe('offline remarks', () => {
  it("takes today's date in India, which runs ahead of UTC by five and a half hours", () => {
    expect(todayInIndia(new Date('2026-03-31T18:29:59Z'))).toBe('2026-03-31');
    expect(todayInIndia(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
  });

  it('accepts an expected restoration from today to the same date a year ahead', () => {
    expect(latestRestorationDate('2026-04-01')).toBe('2027-04-01');
    expect(restorationDateProblem('2026-04-01', '2026-04-01')).toBeNull();
    expect(restorationDateProblem('2027-04-01', '2026-04-01')).toBeNull();
    expect(restorationDateProblem('2026-03-31', '2026-04-01')).toBe(OFFLINE_REMARK_MESSAGES.restorationPast);
    expect(restorationDateProblem('2027-04-02', '2026-04-01')).toBe(
      OFFLINE_REMARK_MESSAGES.restorationTooLate,
    );
    // A leap day's year ahead falls on the first of March.
    expect(latestRestorationDate('2028-02-29')).toBe('2029-03-01');
  });

  it('needs the remark when the reason is Other, and shows every problem at once', () => {
    const today = todayInIndia();
    expect(
      offlineRemarkBodySchema.parse({ deviceId: '4', reason: 'Power failure', expectedRestoration: today }),
    ).toEqual({ deviceId: 4, reason: 'Power failure', remark: null, expectedRestoration: today });
    const other = offlineRemarkBodySchema.safeParse({
      deviceId: 4,
      reason: 'Other',
      remark: ' ',
      expectedRestoration: '2000-01-01',
    });
    expect(other.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['expectedRestoration', OFFLINE_REMARK_MESSAGES.restorationPast],
      ['remark', OFFLINE_REMARK_MESSAGES.remarkRequired],
    ]);
    expect(pathsOf(offlineRemarkBodySchema.safeParse({ reason: 'Other' })).sort()).toEqual([
      'deviceId',
      'expectedRestoration',
      'remark',
    ]);
  });
});
