import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { attemptCounters } from '../../db/schema/index.js';
import { millis } from '../../db/sql.js';

export interface BackOffRule {
  /** A key's count starts again this long after its first attempt. */
  windowMs: number;
  /** Attempts of one window that go through at once. */
  free: number;
  /** The wait after the last free attempt; it doubles with each attempt after that, up to the window. */
  backoffMs: number;
}

export type AttemptVerdict = { allowed: true; attempts: number } | { allowed: false; retryAfterMs: number };

/**
 * Takes one attempt under `key` before anything is checked, in one statement,
 * so attempts that come together each get a count of their own. The first
 * `free` attempts of a window go through; each one after waits for the key's
 * back-off, which doubles with every attempt and never passes the window. An
 * attempt made while the key waits is refused and not counted, so nobody can
 * keep a key waiting longer by trying more often.
 */
export async function takeAttempt(exec: Executor, key: string, rule: BackOffRule): Promise<AttemptVerdict> {
  const c = attemptCounters;
  const fresh = sql`${c.windowStartedAt} <= now() - ${millis(rule.windowMs)}`;
  const attempts = sql`(case when ${fresh} then 1 else ${c.attempts} + 1 end)`;
  const waitAfter = (count: SQL) =>
    sql`case when ${count} >= ${rule.free} then now() + ${millis(sql`least(${rule.backoffMs}::double precision * power(2, ${count} - ${rule.free}), ${rule.windowMs})`)} end`;
  const [row] = await exec
    .insert(c)
    .values({ key, attempts: 1, windowStartedAt: sql`now()`, nextAllowedAt: waitAfter(sql`1`) })
    .onConflictDoUpdate({
      target: c.key,
      set: {
        attempts,
        windowStartedAt: sql`case when ${fresh} then now() else ${c.windowStartedAt} end`,
        nextAllowedAt: waitAfter(attempts),
      },
      setWhere: or(isNull(c.nextAllowedAt), sql`${c.nextAllowedAt} <= now()`),
    })
    .returning({ attempts: c.attempts });
  if (row) return { allowed: true, attempts: row.attempts };
  const [waiting] = await exec
    .select({
      ms: sql<number>`greatest(extract(epoch from ${c.nextAllowedAt} - now()) * 1000, 0)::double precision`,
    })
    .from(c)
    .where(eq(c.key, key));
  return { allowed: false, retryAfterMs: Math.max(Number(waiting?.ms ?? 0), 1000) };
}

/**
 * Counts one request under `key` in a fixed window (the per-client limits of
 * endpoints open to anyone): the requests of the window so far, this one
 * included, and how long until the window ends.
 */
export async function countRequest(
  exec: Executor,
  key: string,
  windowMs: number,
): Promise<{ count: number; resetInMs: number }> {
  const c = attemptCounters;
  const fresh = sql`${c.windowStartedAt} <= now() - ${millis(windowMs)}`;
  const [row] = await exec
    .insert(c)
    .values({ key, attempts: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: c.key,
      set: {
        attempts: sql`case when ${fresh} then 1 else ${c.attempts} + 1 end`,
        windowStartedAt: sql`case when ${fresh} then now() else ${c.windowStartedAt} end`,
      },
    })
    .returning({
      count: c.attempts,
      resetInMs: sql<number>`extract(epoch from ${c.windowStartedAt} + ${millis(windowMs)} - now()) * 1000`,
    });
  return { count: row?.count ?? 1, resetInMs: Math.max(Number(row?.resetInMs ?? windowMs), 0) };
}

/**
 * Takes back one attempt counted under `key` (a sign-in that succeeded from a
 * shared address, an attempt refused for another key); under `free` again, the
 * key has no wait.
 */
export async function uncountAttempt(exec: Executor, key: string, free: number) {
  const c = attemptCounters;
  await exec
    .update(c)
    .set({
      attempts: sql`greatest(${c.attempts} - 1, 0)`,
      nextAllowedAt: sql`case when ${c.attempts} - 1 < ${free} then null else ${c.nextAllowedAt} end`,
    })
    .where(eq(c.key, key));
}

/** Forgets every attempt of `key` (a user who has signed in). */
export async function clearAttempts(exec: Executor, key: string) {
  await exec.delete(attemptCounters).where(eq(attemptCounters.key, key));
}

/** Deletes counters whose window ended before `before` and that no key waits on. */
export async function deleteFinishedCounters(exec: Executor, before: Date) {
  await exec
    .delete(attemptCounters)
    .where(
      and(
        lt(attemptCounters.windowStartedAt, before),
        or(isNull(attemptCounters.nextAllowedAt), lt(attemptCounters.nextAllowedAt, before)),
      ),
    );
}
