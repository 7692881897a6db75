import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** queued → active → completed, or back to queued to retry, or dead after the last try. */
export const JOB_STATES = ['queued', 'active', 'completed', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The background job queue (`src/jobs`): one row per job, claimed by one
 * worker at a time under a lease, shared by every server process.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The job's name, such as `mail.send`; its payload schema is in `jobs/job-definitions.ts`. */
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    /** Tries started so far (counted when a worker claims the job). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Not claimed before this time (the next try after a failure waits here). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While active: the lease; once past, another worker may take the job. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** What the handler answered when it completed (JSON). */
    result: jsonb('result'),
    /** At most one queued or active job per queue and key. */
    singletonKey: text('singleton_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_state_ck', sql`${t.state} IN ('queued', 'active', 'completed', 'dead')`),
    check('jobs_attempts_ck', sql`${t.attempts} >= 0 AND ${t.maxAttempts} >= 1`),
    // The claim query: the oldest queued jobs that are due.
    index('jobs_claim_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.state} = 'queued'`),
    // Active jobs whose lease has run out.
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'active'`),
    uniqueIndex('jobs_singleton_idx')
      .on(t.queue, t.singletonKey)
      .where(sql`${t.singletonKey} IS NOT NULL AND ${t.state} IN ('queued', 'active')`),
    index('jobs_queue_state_idx').on(t.queue, t.state),
  ],
);
