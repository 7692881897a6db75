import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/client.js';
import {
  claimJobs,
  completeJob,
  extendJobLease,
  failJob,
  JOB_NOTIFY_CHANNEL,
  PermanentJobError,
  releaseExpiredJobs,
  retryDelayMs,
  type Backoff,
  type JobDefinitions,
  type JobPayload,
  type JobQueue,
  type JobRow,
} from './job-queue.js';

export interface JobContext {
  job: JobRow;
  /** Aborted when the try times out or the worker loses the job's lease. */
  signal: AbortSignal;
}

/** Runs one try; what it answers (JSON) is kept as the job's result. Throwing fails the try. */
export type JobHandler<P> = (payload: P, context: JobContext) => Promise<unknown>;
export type JobHandlers<D extends JobDefinitions> = { [N in keyof D]?: JobHandler<JobPayload<D, N>> };

/** The pino methods the worker logs with (Fastify's logger has them). */
export interface JobLog {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Subscribes to a notification channel; answers the unsubscribe. */
export type Listen = (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;

export interface JobWorkerOptions<D extends JobDefinitions> {
  db: Database;
  queue: JobQueue<D>;
  /** Only the jobs with a handler here are claimed by this worker. */
  handlers: JobHandlers<D>;
  log: JobLog;
  /** Jobs run at the same time by this worker. */
  concurrency?: number;
  /** Longest wait between two looks for due jobs (retries, jobs whose notification was missed). */
  pollIntervalMs?: number;
  /** How long a claimed job stays reserved without a sign of life; renewed while it runs. */
  leaseMs?: number;
  /** Replaces every definition's backoff (tests). */
  backoff?: Backoff;
  /** LISTEN for new jobs (both databases); without it the worker only polls. */
  listen?: Listen;
  workerId?: string;
}

export interface JobWorker {
  readonly workerId: string;
  start(): Promise<void>;
  /** Stops claiming and waits for the jobs that are running to finish. */
  stop(): Promise<void>;
  /** Looks for due jobs now. */
  wake(): void;
}

const MAX_ERROR_LENGTH = 4000;

function describeError(error: unknown) {
  const text =
    error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : `Error: ${String(error)}`;
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

/**
 * One worker loop per process: claims due jobs up to its concurrency, runs
 * their handlers, renews their leases while they run, then completes, retries
 * or buries them. It wakes on the queue's notification (sent on commit), when
 * a slot frees up after a full claim, and at least every `pollIntervalMs`.
 */
export function createJobWorker<D extends JobDefinitions>(options: JobWorkerOptions<D>): JobWorker {
  const { db, log } = options;
  const concurrency = options.concurrency ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const leaseMs = options.leaseMs ?? 60_000;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const definitions = options.queue.definitions;
  const queues = Object.keys(options.handlers).filter((name) => options.handlers[name] && definitions[name]);

  const running = new Set<Promise<void>>();
  let isRunning = false;
  let loopDone: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let wakeUp: (() => void) | undefined;
  let isWakePending = false;
  let wasLastClaimFull = false;
  let nextLeaseCheck = 0;

  function wake() {
    isWakePending = true;
    wakeUp?.();
  }

  function waitForWake() {
    if (isWakePending) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function runJob(job: JobRow) {
    const name = job.queue as keyof D & string;
    const definition = definitions[name]!;
    const handler = options.handlers[name]!;
    const controller = new AbortController();
    const heartbeat = setInterval(
      () => {
        extendJobLease(db, job.id, workerId, leaseMs)
          .then((isHeld) => {
            if (!isHeld) controller.abort(new Error('the job lease was lost'));
          })
          .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'could not renew a job lease'));
      },
      Math.max(Math.floor(leaseMs / 3), 10),
    );
    const timeout = setTimeout(
      () => controller.abort(new Error(`the job ran longer than ${definition.timeoutMs} ms`)),
      definition.timeoutMs,
    );
    let outcome: { isDone: true; result: unknown } | { isDone: false; error: unknown };
    try {
      const payload = definition.payload.safeParse(job.payload);
      if (!payload.success) throw new PermanentJobError(`invalid payload: ${payload.error.message}`);
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
          once: true,
        });
      });
      const data = payload.data as JobPayload<D, typeof name>;
      const result = await Promise.race([handler(data, { job, signal: controller.signal }), aborted]);
      outcome = { isDone: true, result };
    } catch (error) {
      outcome = { isDone: false, error };
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeout);
    }
    // Recording can fail too (the database went away): the lease then runs out and the job runs again.
    try {
      if (outcome.isDone) {
        if (!(await completeJob(db, job.id, workerId, outcome.result ?? null))) {
          log.warn({ jobId: job.id, queue: name }, 'job finished after its lease was lost');
        }
        return;
      }
      const { error } = outcome;
      const isLastTry = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const retryInMs = isLastTry ? null : retryDelayMs(job.attempts, options.backoff ?? definition.backoff);
      const recorded = await failJob(db, job.id, workerId, { error: describeError(error), retryInMs });
      const details = { err: error, jobId: job.id, queue: name, attempt: job.attempts, ...recorded };
      if (!recorded) log.warn(details, 'job failed after its lease was lost');
      else if (recorded.state === 'dead') log.error(details, 'job failed for the last time and is dead');
      else log.warn(details, 'job failed and will be retried');
    } catch (error) {
      log.error(
        { err: error, jobId: job.id },
        'could not record how a job ended; it runs again when its lease expires',
      );
    }
  }

  function track(job: JobRow) {
    const done: Promise<void> = runJob(job)
      .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'job runner failed'))
      .finally(() => {
        running.delete(done);
        // A full claim may have left due jobs behind: look again now that a slot is free.
        if (wasLastClaimFull) wake();
      });
    running.add(done);
  }

  async function loop() {
    while (isRunning) {
      isWakePending = false;
      try {
        if (Date.now() >= nextLeaseCheck) {
          nextLeaseCheck = Date.now() + pollIntervalMs;
          const released = await releaseExpiredJobs(db);
          if (released.length > 0) log.warn({ jobs: released }, 'jobs whose lease expired were released');
        }
        const free = concurrency - running.size;
        if (free > 0 && isRunning) {
          const claimed = await claimJobs(db, { queues, limit: free, workerId, leaseMs });
          wasLastClaimFull = claimed.length === free;
          for (const job of claimed) track(job);
          if (wasLastClaimFull && running.size < concurrency) continue;
        }
      } catch (error) {
        log.error({ err: error }, 'could not claim jobs');
      }
      if (isRunning) await waitForWake();
    }
  }

  return {
    workerId,
    async start() {
      if (isRunning || queues.length === 0) return;
      isRunning = true;
      if (options.listen) {
        try {
          unlisten = await options.listen(JOB_NOTIFY_CHANNEL, wake);
        } catch (error) {
          log.warn({ err: error }, 'cannot LISTEN for new jobs; polling only');
        }
      }
      loopDone = loop();
    },
    async stop() {
      if (!isRunning) return;
      isRunning = false;
      wake();
      await loopDone;
      while (running.size > 0) await Promise.allSettled([...running]);
      await unlisten?.().catch(() => undefined);
      unlisten = undefined;
    },
    wake,
  };
}
