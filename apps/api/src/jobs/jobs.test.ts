import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema/index.js';
import { openTestDatabase, type TestDatabase } from '../test/harness.js';
import { deferred, waitFor } from '../test/wait-for.js';
import {
  claimJobs,
  createJobQueue,
  PermanentJobError,
  retryDelayMs,
  type JobDefinition,
} from './job-queue.js';
import { createJobWorker, type JobHandlers, type JobLog, type JobWorker } from './job-worker.js';

/**
 * The queue and its worker on the database the run uses (PGlite, or
 * PostgreSQL when DATABASE_URL is set). Each test uses a job name of its own.
 */

const testJob = (
  overrides: Partial<Omit<JobDefinition, 'payload'>> = {},
): JobDefinition<z.ZodObject<{ n: z.ZodNumber }>> => ({
  payload: z.object({ n: z.number() }),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 60_000 },
  timeoutMs: 20_000,
  ...overrides,
});

const queue = createJobQueue({
  'test.rollback': testJob(),
  'test.singleton': testJob(),
  'test.retry': testJob(),
  'test.dead': testJob(),
  'test.permanent': testJob(),
  'test.lease': testJob(),
  'test.renew': testJob(),
  'test.stop': testJob(),
  'test.notify': testJob(),
  'test.concurrency': testJob(),
  'test.timeout': testJob({ timeoutMs: 200, maxAttempts: 1 }),
});
type TestJobs = typeof queue.definitions;

const silentLog: JobLog = { debug() {}, info() {}, warn() {}, error() {} };

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const started: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((worker) => worker.stop()));
});

async function startWorker(
  handlers: JobHandlers<TestJobs>,
  options: { pollIntervalMs?: number; leaseMs?: number; concurrency?: number; fastRetries?: boolean } = {},
) {
  const worker = createJobWorker({
    db: database.db,
    queue,
    handlers,
    log: silentLog,
    pollIntervalMs: options.pollIntervalMs ?? 50,
    leaseMs: options.leaseMs,
    concurrency: options.concurrency,
    backoff: options.fastRetries ? { baseMs: 5, maxMs: 20 } : undefined,
    listen: database.listen,
  });
  started.push(worker);
  await worker.start();
  return worker;
}

async function jobsOf(name: string) {
  return database.db.select().from(jobs).where(eq(jobs.queue, name)).orderBy(jobs.id);
}

async function findJob(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

async function enqueue(name: keyof TestJobs & string, n = 1) {
  const id = await queue.enqueue(database.db, name, { n });
  return id!;
}

describe('enqueue', () => {
  it('writes nothing when the transaction rolls back, and a job when it commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, 'test.rollback', { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobsOf('test.rollback')).toEqual([]);

    await database.db.transaction((tx) => queue.enqueue(tx, 'test.rollback', { n: 2 }));
    const [job] = await jobsOf('test.rollback');
    expect(job).toMatchObject({ state: 'queued', attempts: 0, maxAttempts: 3, payload: { n: 2 } });
  });

  it('refuses a payload its schema does not accept', async () => {
    await expect(
      queue.enqueue(database.db, 'test.rollback', { n: 'one' } as unknown as { n: number }),
    ).rejects.toThrow();
  });

  it('keeps one waiting job per singleton key', async () => {
    const first = await queue.enqueue(database.db, 'test.singleton', { n: 1 }, { singletonKey: 'daily' });
    const second = await queue.enqueue(database.db, 'test.singleton', { n: 2 }, { singletonKey: 'daily' });
    const other = await queue.enqueue(database.db, 'test.singleton', { n: 3 }, { singletonKey: 'weekly' });
    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
    expect(other).toBeTypeOf('number');
    expect((await jobsOf('test.singleton')).map((j) => j.payload)).toEqual([{ n: 1 }, { n: 3 }]);
  });
});

describe('retries', () => {
  it('waits longer after each failure: exponential, capped, with jitter', () => {
    const backoff = { baseMs: 1000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, backoff, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 10_000,
    ]);
    expect(retryDelayMs(3, backoff, () => 0)).toBe(2000);
    expect(retryDelayMs(50, backoff, () => 0.5)).toBe(7500);
  });

  it('puts a failed job back with its run time moved forward and the error kept', async () => {
    await startWorker({
      'test.retry': async () => {
        throw new Error('the far end is down');
      },
    });
    const id = await enqueue('test.retry');
    const { createdAt } = await findJob(id);
    const job = await waitFor(
      async () => {
        const row = await findJob(id);
        return row.attempts === 1 && row.state === 'queued' && row;
      },
      { what: 'the first failure' },
    );
    // Backoff of 60 s with jitter: the next try waits at least 30 s.
    expect(job.runAt.getTime() - createdAt.getTime()).toBeGreaterThanOrEqual(30_000);
    expect(job.lastError).toContain('the far end is down');
    expect(job).toMatchObject({ lockedBy: null, lockedUntil: null, finishedAt: null });
  });

  it('buries a job after its last try, keeping the last error', async () => {
    let calls = 0;
    await startWorker(
      {
        'test.dead': async () => {
          calls += 1;
          throw new Error(`failure ${calls}`);
        },
      },
      { fastRetries: true },
    );
    const id = await enqueue('test.dead');
    const job = await waitFor(async () => (await findJob(id)).state === 'dead' && findJob(id), {
      what: 'the job to go dead',
    });
    expect(job.attempts).toBe(3);
    expect(calls).toBe(3);
    expect(job.lastError).toContain('failure 3');
    expect(job.finishedAt).toBeInstanceOf(Date);
  });

  it('buries a job at once on a permanent error or a bad payload', async () => {
    await startWorker({
      'test.permanent': async ({ n }) => {
        if (n === 1) throw new PermanentJobError('the record is gone');
        return 'done';
      },
    });
    const permanent = await enqueue('test.permanent', 1);
    const [bad] = await database.db
      .insert(jobs)
      .values({ queue: 'test.permanent', payload: { n: 'x' }, maxAttempts: 3 })
      .returning();
    await waitFor(async () => (await jobsOf('test.permanent')).every((j) => j.state === 'dead'), {
      what: 'both jobs to go dead',
    });
    expect(await findJob(permanent)).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('gone'),
    });
    expect(await findJob(bad!.id)).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('invalid payload'),
    });
  });

  it('fails a try that runs longer than its timeout', async () => {
    await startWorker({ 'test.timeout': () => new Promise(() => undefined) });
    const id = await enqueue('test.timeout');
    const job = await waitFor(async () => (await findJob(id)).state === 'dead' && findJob(id), {
      what: 'the timed-out job to go dead',
    });
    expect(job.lastError).toContain('ran longer than 200 ms');
  });
});

describe('leases', () => {
  it('lets another worker take a job whose worker stopped holding its lease', async () => {
    const id = await enqueue('test.lease');
    // A process claims the job and dies: nothing renews its lease.
    const [claimed] = await claimJobs(database.db, {
      queues: ['test.lease'],
      limit: 5,
      workerId: 'crashed-process',
      leaseMs: 300,
    });
    expect(claimed).toMatchObject({ id, state: 'active', attempts: 1, lockedBy: 'crashed-process' });
    expect(
      await claimJobs(database.db, { queues: ['test.lease'], limit: 5, workerId: 'other', leaseMs: 300 }),
    ).toEqual([]);

    const ran: number[] = [];
    await startWorker({ 'test.lease': async ({ n }) => ran.push(n) });
    const job = await waitFor(async () => (await findJob(id)).state === 'completed' && findJob(id), {
      what: 'the job to be taken over and completed',
    });
    expect(ran).toEqual([1]);
    expect(job.attempts).toBe(2);
    expect(job.lastError).toContain('lease expired (worker crashed-process)');
  });

  it('renews the lease of a long job so no other worker takes it', async () => {
    const release = deferred();
    const runs: string[] = [];
    const first = await startWorker(
      {
        'test.renew': async () => {
          runs.push('first');
          await release.promise;
          return 'ok';
        },
      },
      { leaseMs: 2000 },
    );
    const id = await enqueue('test.renew');
    const { lockedUntil: firstLease } = await waitFor(async () => {
      const row = await findJob(id);
      return row.state === 'active' && row.lockedUntil && row;
    });
    // A second process joins; it must leave the job alone while its lease is renewed.
    await startWorker(
      {
        'test.renew': async () => {
          runs.push('second');
          return 'ok';
        },
      },
      { leaseMs: 2000 },
    );
    // Renewed until the first lease is long over (now > first lease end + 500 ms).
    await waitFor(async () => {
      const row = await findJob(id);
      return row.lockedUntil && row.lockedUntil.getTime() > firstLease!.getTime() + 2500 && row;
    });
    const job = await findJob(id);
    expect(job).toMatchObject({ state: 'active', lockedBy: first.workerId, attempts: 1 });
    release.resolve();
    await waitFor(async () => (await findJob(id)).state === 'completed');
    expect(runs).toEqual(['first']);
  });
});

describe('the worker', () => {
  it('stops only after the running job has finished and been recorded', async () => {
    const release = deferred();
    const isStarted = deferred();
    const worker = await startWorker({
      'test.stop': async () => {
        isStarted.resolve();
        await release.promise;
        return { finished: true };
      },
    });
    const id = await enqueue('test.stop');
    await isStarted.promise;
    let isStopped = false;
    const stopping = worker.stop().then(() => (isStopped = true));
    expect((await findJob(id)).state).toBe('active');
    expect(isStopped).toBe(false);
    release.resolve();
    await stopping;
    expect(await findJob(id)).toMatchObject({ state: 'completed', result: { finished: true } });
  });

  it('starts a job at once when told of it, without waiting for the next poll', async () => {
    let runs = 0;
    await startWorker({ 'test.notify': async () => (runs += 1) }, { pollIntervalMs: 600_000 });
    const id = await database.db.transaction((tx) => queue.enqueue(tx, 'test.notify', { n: 1 }));
    await waitFor(async () => (await findJob(id!)).state === 'completed', {
      what: 'the notified job to complete',
    });
    expect(runs).toBe(1);
  });

  it('runs no more jobs at once than its concurrency', async () => {
    let current = 0;
    let most = 0;
    await startWorker(
      {
        'test.concurrency': async () => {
          current += 1;
          most = Math.max(most, current);
          // Long enough for the worker to try to start more jobs meanwhile.
          await database.db.execute(sql`SELECT 1`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          current -= 1;
        },
      },
      { concurrency: 2 },
    );
    for (let n = 0; n < 8; n += 1) await enqueue('test.concurrency', n);
    await waitFor(async () => (await jobsOf('test.concurrency')).every((j) => j.state === 'completed'), {
      what: 'every job to complete',
    });
    expect(most).toBeLessThanOrEqual(2);
    expect(most).toBeGreaterThanOrEqual(1);
  });
});
