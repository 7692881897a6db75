import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptCounters } from '../../db/schema/index.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { countRequest, deleteFinishedCounters, takeAttempt } from './attempts.repository.js';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});

const keys = async () =>
  (await t.db.select({ key: attemptCounters.key }).from(attemptCounters)).map((row) => row.key).sort();

describe('attempt counters', () => {
  it('counts requests in a window that starts again once it has passed', async () => {
    expect((await countRequest(t.db, 'client:a', 60_000)).count).toBe(1);
    const second = await countRequest(t.db, 'client:a', 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    await t.db.execute(
      sql`UPDATE attempt_counters SET window_started_at = now() - interval '2 minutes' WHERE key = 'client:a'`,
    );
    expect((await countRequest(t.db, 'client:a', 60_000)).count).toBe(1);
  });

  it('lets the free attempts through, then answers how long to wait', async () => {
    const rule = { windowMs: 600_000, free: 2, backoffMs: 20_000 };
    expect(await takeAttempt(t.db, 'user:b', rule)).toEqual({ allowed: true, attempts: 1 });
    expect(await takeAttempt(t.db, 'user:b', rule)).toEqual({ allowed: true, attempts: 2 });
    const refused = await takeAttempt(t.db, 'user:b', rule);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterMs).toBeGreaterThan(15_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(20_000);
    }
  });

  it('sweeps counts whose window has passed, but keeps one that still waits', async () => {
    await t.db.delete(attemptCounters);
    await t.db.insert(attemptCounters).values([
      { key: 'spent', attempts: 3, windowStartedAt: sql`now() - interval '1 hour'` },
      {
        key: 'waiting',
        attempts: 9,
        windowStartedAt: sql`now() - interval '1 hour'`,
        nextAllowedAt: sql`now() + interval '5 minutes'`,
      },
      { key: 'current', attempts: 1, windowStartedAt: sql`now()` },
    ]);
    await deleteFinishedCounters(t.db, new Date(Date.now() - 15 * 60_000));
    expect(await keys()).toEqual(['current', 'waiting']);
  });
});
