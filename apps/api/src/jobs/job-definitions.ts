import { z } from 'zod';
import { createJobQueue, type JobDefinitions } from './job-queue.js';

const MINUTE = 60_000;

/**
 * Every job the console runs, by name: its payload and how it is retried.
 * Handlers live with their module and are given to the worker in `app.ts`.
 */
export const JOBS = {
  /** Sends one `email_outbox` row over SMTP (`lib/mailer.ts`); eight tries over about an hour. */
  'mail.send': {
    payload: z.object({ emailId: z.number().int().positive() }),
    maxAttempts: 8,
    backoff: { baseMs: 30_000, maxMs: 30 * MINUTE },
    timeoutMs: 2 * MINUTE,
  },
  /**
   * Creates the readings partitions of the coming months (modules/telemetry/partitions.ts).
   * One a day (`day`, its singleton key); each run queues the next day's.
   */
  'telemetry.partitions': {
    payload: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
    maxAttempts: 10,
    backoff: { baseMs: MINUTE, maxMs: 60 * MINUTE },
    timeoutMs: 5 * MINUTE,
  },
} satisfies JobDefinitions;

export type JobName = keyof typeof JOBS;

export const jobQueue = createJobQueue(JOBS);
