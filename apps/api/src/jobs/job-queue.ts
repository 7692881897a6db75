import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client.js';
import { millis } from '../db/sql.js';
import { jobs, type JobState } from '../db/schema/index.js';

/**
 * The job queue in PostgreSQL (docs/decisions/0006-job-queue.md). A job is a
 * row of `jobs`, inserted in the caller's transaction; workers in any number
 * of processes claim due jobs with `FOR UPDATE SKIP LOCKED` under a lease,
 * retry failures with exponential backoff and mark a job dead after its last
 * try. Delivery is at least once: a handler must tolerate running again after
 * a worker died mid-job.
 */

/** Enqueuing notifies this channel on commit; workers LISTEN to it to start at once. */
export const JOB_NOTIFY_CHANNEL = 'vayu_jobs';

export interface Backoff {
  /** Wait before the second try; it doubles with each further try. */
  baseMs: number;
  /** Longest wait between two tries. */
  maxMs: number;
}

export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  /** Checked when the job is enqueued and again before it runs. */
  payload: P;
  /** Tries before the job goes dead. */
  maxAttempts: number;
  backoff: Backoff;
  /** A try still running after this long fails (and is retried). */
  timeoutMs: number;
}

export type JobDefinitions = Record<string, JobDefinition>;
export type JobPayload<D extends JobDefinitions, N extends keyof D> = z.output<D[N]['payload']>;
export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Overrides the definition's `maxAttempts`. */
  maxAttempts?: number;
  /** While a job with this key is queued or active in the same queue, enqueuing another does nothing. */
  singletonKey?: string;
}

export interface JobQueue<D extends JobDefinitions> {
  readonly definitions: D;
  /**
   * Adds a job in `tx`, the caller's transaction: a rolled-back change
   * enqueues nothing. Answers the job's id, or null when a job with the same
   * singleton key is already waiting.
   */
  enqueue<N extends keyof D & string>(
    tx: Executor,
    name: N,
    payload: z.input<D[N]['payload']>,
    options?: EnqueueOptions,
  ): Promise<number | null>;
}

/** The typed front of the queue: one definition (payload schema, retries) per job name. */
export function createJobQueue<D extends JobDefinitions>(definitions: D): JobQueue<D> {
  return {
    definitions,
    async enqueue(tx, name, payload, options = {}) {
      const definition = definitions[name];
      if (!definition) throw new Error(`Unknown job ${name}`);
      const [row] = await tx
        .insert(jobs)
        .values({
          queue: name,
          payload: definition.payload.parse(payload),
          maxAttempts: options.maxAttempts ?? definition.maxAttempts,
          ...(options.runAt ? { runAt: options.runAt } : {}),
          singletonKey: options.singletonKey ?? null,
        })
        .onConflictDoNothing({
          target: [jobs.queue, jobs.singletonKey],
          where: sql`${jobs.singletonKey} IS NOT NULL AND ${jobs.state} IN ('queued', 'active')`,
        })
        .returning({ id: jobs.id });
      if (!row) return null;
      // Delivered when (and only if) the transaction commits.
      await tx.execute(sql`SELECT pg_notify(${JOB_NOTIFY_CHANNEL}, ${name})`);
      return row.id;
    },
  };
}

/**
 * Takes up to `limit` due jobs of the given queues for `workerId`: the oldest
 * first, skipping rows another worker is taking at the same moment, each
 * leased until now + `leaseMs` and its try counted.
 */
export async function claimJobs(
  db: Executor,
  options: { queues: string[]; limit: number; workerId: string; leaseMs: number },
): Promise<JobRow[]> {
  if (options.limit < 1 || options.queues.length === 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`), inArray(jobs.queue, options.queues)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      state: 'active',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: options.workerId,
      lockedUntil: sql`now() + ${millis(options.leaseMs)}`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Renews the lease of a running job; false when the worker no longer holds it. */
export async function extendJobLease(db: Executor, id: number, workerId: string, leaseMs: number) {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${millis(leaseMs)}`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'active'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks a job done with what its handler answered; false when the worker had lost its lease. */
export async function completeJob(db: Executor, id: number, workerId: string, result: unknown) {
  const rows = await db
    .update(jobs)
    .set({
      state: 'completed',
      result: result ?? null,
      lockedBy: null,
      lockedUntil: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'active'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records a failed try: the job waits `retryInMs` before the next one, or goes
 * dead when `retryInMs` is null. Answers the new state, or null when the
 * worker had lost its lease.
 */
export async function failJob(
  db: Executor,
  id: number,
  workerId: string,
  failure: { error: string; retryInMs: number | null },
): Promise<{ state: JobState; runAt: Date } | null> {
  const isDead = failure.retryInMs === null;
  const [row] = await db
    .update(jobs)
    .set({
      state: isDead ? 'dead' : 'queued',
      lastError: failure.error,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
      ...(isDead ? { finishedAt: sql`now()` } : { runAt: sql`now() + ${millis(failure.retryInMs!)}` }),
    })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'active'), eq(jobs.lockedBy, workerId)))
    .returning({ state: jobs.state, runAt: jobs.runAt });
  return row ?? null;
}

/**
 * Active jobs whose lease ran out (their worker stopped or hung) become
 * claimable again at once, or dead when that was their last try.
 */
export async function releaseExpiredJobs(db: Executor) {
  return db
    .update(jobs)
    .set({
      state: sql`CASE WHEN ${jobs.attempts} >= ${jobs.maxAttempts} THEN 'dead' ELSE 'queued' END`,
      lastError: sql`'lease expired (worker ' || coalesce(${jobs.lockedBy}, '?') || ')'`,
      runAt: sql`now()`,
      finishedAt: sql`CASE WHEN ${jobs.attempts} >= ${jobs.maxAttempts} THEN now() END`,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.state, 'active'), lte(jobs.lockedUntil, sql`now()`)))
    .returning({ id: jobs.id, queue: jobs.queue, state: jobs.state });
}

/**
 * Wait before the try after `attempt` tries: base × 2^(attempt−1), capped at
 * `maxMs`, then between half and all of that at random so that jobs which
 * failed together do not retry together.
 */
export function retryDelayMs(attempt: number, backoff: Backoff, random: () => number = Math.random) {
  const exponential = backoff.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30);
  const capped = Math.min(backoff.maxMs, exponential);
  return Math.round(capped / 2 + (random() * capped) / 2);
}

/** A failure that another try cannot fix (a bad payload, a missing record): the job goes dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}
