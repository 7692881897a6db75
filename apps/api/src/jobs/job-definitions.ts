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
  /**
   * Sends an industry's due 15-minute slots to its board, in order
   * (modules/regulators/push.ts). A board that does not take a slot fails the
   * try, so it is tried again with backoff; the schedule below queues the
   * industry again after the last try, so a board down for days is caught up
   * within 15 minutes of its return.
   */
  'regulator.push': {
    payload: z.object({ regulatorTenantId: z.number().int().positive() }),
    maxAttempts: 12,
    backoff: { baseMs: 30_000, maxMs: 15 * MINUTE },
    timeoutMs: 30 * MINUTE,
  },
  /** Each minute, queues the push of every industry with a slot due (one job a minute, `minute` its key). */
  'regulator.schedule': {
    payload: z.object({ minute: z.number().int().nonnegative() }),
    maxAttempts: 3,
    backoff: { baseMs: 10_000, maxMs: MINUTE },
    timeoutMs: 2 * MINUTE,
  },
  /**
   * Each minute, works the exceedance and offline alerts out (modules/alerts/evaluate.ts) and
   * queues the next minute's run (one a minute, `minute` its key, however many processes).
   */
  'alerts.evaluate': {
    payload: z.object({ minute: z.number().int().nonnegative() }),
    maxAttempts: 3,
    backoff: { baseMs: 10_000, maxMs: MINUTE },
    timeoutMs: 2 * MINUTE,
  },
  /**
   * Makes one report (modules/reports/report-jobs.ts): its table from the 15-minute data, its
   * CSV and PDF in the file store, its progress as it goes; then mails it to whom it is for.
   */
  'reports.generate': {
    payload: z.object({ reportId: z.number().int().positive() }),
    maxAttempts: 3,
    backoff: { baseMs: 30_000, maxMs: 5 * MINUTE },
    timeoutMs: 10 * MINUTE,
  },
  /** Each minute, queues a report of every schedule that is due (one job a minute, `minute` its key). */
  'reports.schedule': {
    payload: z.object({ minute: z.number().int().nonnegative() }),
    maxAttempts: 3,
    backoff: { baseMs: 10_000, maxMs: MINUTE },
    timeoutMs: 2 * MINUTE,
  },
  /**
   * The dry run of a data migration (modules/data-migrations/data-migration-jobs.ts): reads its CSV or
   * the source industry's readings, checks every row as ingestion would, records row errors and progress.
   */
  'dataMigrations.check': {
    payload: z.object({ migrationId: z.number().int().positive() }),
    maxAttempts: 3,
    backoff: { baseMs: 30_000, maxMs: 5 * MINUTE },
    timeoutMs: 30 * MINUTE,
  },
  /** Imports a checked data migration in one transaction; any failure leaves nothing written (FAILED, not retried). */
  'dataMigrations.import': {
    payload: z.object({ migrationId: z.number().int().positive() }),
    maxAttempts: 1,
    backoff: { baseMs: 30_000, maxMs: 5 * MINUTE },
    timeoutMs: 60 * MINUTE,
  },
} satisfies JobDefinitions;

export type JobName = keyof typeof JOBS;

export const jobQueue = createJobQueue(JOBS);
