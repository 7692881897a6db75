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
} satisfies JobDefinitions;

export type JobName = keyof typeof JOBS;

export const jobQueue = createJobQueue(JOBS);
