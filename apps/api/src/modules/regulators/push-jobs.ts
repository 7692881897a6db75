import { and, eq, inArray, sql } from 'drizzle-orm';
import { lastReadySlot } from '@vayu/domain';
import type { Database, Executor } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { jobQueue } from '../../jobs/job-definitions.js';
import { pushDue, type PushDeps } from './push.js';

const MINUTE_MS = 60_000;

/**
 * Queues the push of every industry at a board with a slot due at `now` (its
 * `next_slot` ended the grace period ago), one job per industry at a time.
 */
export async function queueDuePushes(db: Database, now: Date): Promise<number> {
  const lastReady = lastReadySlot(now);
  const due = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT rt.id FROM regulator_tenants rt JOIN regulator_boards b ON b.id = rt.board_id
       WHERE rt.push_enabled AND (b.config ->> 'pushEnabled')::boolean
         AND b.config ->> 'baseUrl' IS NOT NULL AND rt.next_slot <= ${lastReady}
       ORDER BY rt.next_slot, rt.id`),
  );
  for (const { id } of due) {
    await jobQueue.enqueue(
      db,
      'regulator.push',
      { regulatorTenantId: id },
      { singletonKey: `regulator.push:${id}` },
    );
  }
  return due.length;
}

const pushKey = (regulatorTenantId: number) => `regulator.push:${regulatorTenantId}`;

/**
 * Pushes these industries now, in the caller's transaction: a change that may
 * let a board take what it did not (its server, a key, a mapping) should not
 * wait out the backoff of the last failed try. A run already under way goes
 * on; a queued one runs at once; otherwise one is queued.
 */
export async function wakePushes(tx: Executor, regulatorTenantIds: readonly number[]) {
  if (regulatorTenantIds.length === 0) return;
  await tx
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(
      and(
        eq(jobs.queue, 'regulator.push'),
        eq(jobs.state, 'queued'),
        inArray(jobs.singletonKey, regulatorTenantIds.map(pushKey)),
      ),
    );
  for (const regulatorTenantId of regulatorTenantIds) {
    await jobQueue.enqueue(
      tx,
      'regulator.push',
      { regulatorTenantId },
      { singletonKey: pushKey(regulatorTenantId) },
    );
  }
}

/** Queues this minute's schedule and the next one's (once, however many processes start). */
export async function scheduleRegulatorPush(db: Database, now = Date.now()) {
  const minute = Math.floor(now / MINUTE_MS);
  await jobQueue.enqueue(
    db,
    'regulator.schedule',
    { minute },
    { singletonKey: `regulator.schedule:${minute}` },
  );
}

/** The schedule's job: queues the due pushes, then the next minute's schedule. */
export function regulatorScheduleJob(db: Database) {
  return async (payload: { minute: number }) => {
    const queued = await queueDuePushes(db, new Date());
    const next = Math.max(payload.minute + 1, Math.floor(Date.now() / MINUTE_MS) + 1);
    await jobQueue.enqueue(
      db,
      'regulator.schedule',
      { minute: next },
      { singletonKey: `regulator.schedule:${next}`, runAt: new Date(next * MINUTE_MS) },
    );
    return { queued };
  };
}

/** The push job: one run; a slot the board did not take fails the try, so the queue retries with backoff. */
export function regulatorPushJob(deps: PushDeps) {
  return async (payload: { regulatorTenantId: number }) => {
    const result = await pushDue(deps, payload.regulatorTenantId, new Date());
    if (result.status === 'retry') throw new Error(`The board did not take the slot: ${result.error}`);
    return result;
  };
}
