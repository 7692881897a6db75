import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../db/client.js';
import { emailOutbox, jobs } from '../db/schema/index.js';
import { createMailer, type Mailer } from '../lib/mailer.js';
import { openTestDatabase, type TestDatabase } from '../test/harness.js';
import { closedPort, startSmtpStandIn } from '../test/smtp-stand-in.js';
import { waitFor } from '../test/wait-for.js';
import { jobQueue } from './job-definitions.js';
import { createJobWorker, type JobLog, type JobWorker } from './job-worker.js';

/**
 * Mail as `mail.send` jobs: an `email_outbox` row and its job, written in the
 * caller's transaction, sent by a worker over SMTP (a local stand-in here).
 */

const FROM = 'Vayu <no-reply@vayu.test>';
const silentLog: JobLog = { debug() {}, info() {}, warn() {}, error() {} };

let database: TestDatabase;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await database.close();
});

/** One server process's mail side: its mailer and its job worker, on its own connection(s). */
async function startMailProcess(
  handle: DatabaseHandle,
  smtpUrl: string | undefined,
  options: { fastRetries?: boolean } = {},
) {
  const mailer = createMailer({ db: handle.db, smtpUrl, from: FROM, log: silentLog });
  let handled = 0;
  const worker: JobWorker = createJobWorker({
    db: handle.db,
    queue: jobQueue,
    handlers: {
      'mail.send': (payload, context) => {
        handled += 1;
        return mailer.send(payload, context);
      },
    },
    log: silentLog,
    concurrency: 4,
    pollIntervalMs: 200,
    listen: handle.listen,
    backoff: options.fastRetries ? { baseMs: 20, maxMs: 100 } : undefined,
  });
  await worker.start();
  cleanups.push(() => worker.stop());
  return { mailer, worker, handled: () => handled };
}

async function queueMail(mailer: Mailer, db: DatabaseHandle['db'], subjects: string[]) {
  await db.transaction(async (tx) => {
    for (const subject of subjects) {
      await mailer.queue(tx, { to: 'ops@plant.example', subject, text: `Body of ${subject}`, kind: 'RESET' });
    }
  });
}

async function mailJobs(emailIds?: number[]) {
  const rows = await database.db.select().from(jobs).where(eq(jobs.queue, 'mail.send'));
  return emailIds
    ? rows.filter((job) => emailIds.includes((job.payload as { emailId: number }).emailId))
    : rows;
}

async function outboxIds(subjects: string[]) {
  const rows = await database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(inArray(emailOutbox.subject, subjects));
  return rows.map((row) => row.id);
}

describe('mail jobs on the database the run uses', () => {
  it('keep the mail in email_outbox without SMTP and complete as not sent', async () => {
    const { mailer } = await startMailProcess(database, undefined);
    await queueMail(mailer, database.db, ['No SMTP 1']);
    const [id] = await outboxIds(['No SMTP 1']);
    const job = await waitFor(async () => {
      const [row] = await mailJobs([id!]);
      return row?.state === 'completed' && row;
    });
    expect(job.result).toEqual({ sent: false, reason: 'no SMTP_URL: the mail stays in email_outbox' });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(mail).toMatchObject({ subject: 'No SMTP 1', bodyText: 'Body of No SMTP 1', sentAt: null });
  });

  it('write neither the mail nor its job when the change rolls back', async () => {
    const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: FROM, log: silentLog });
    const before = (await mailJobs()).length;
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.queue(tx, { to: 'a@b.example', subject: 'Rolled back', text: '-', kind: 'RESET' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxIds(['Rolled back'])).toEqual([]);
    expect((await mailJobs()).length).toBe(before);
  });

  it('send the mail over SMTP once and record when', async () => {
    const smtp = await startSmtpStandIn();
    cleanups.push(smtp.close);
    const { mailer } = await startMailProcess(database, smtp.url);
    await queueMail(mailer, database.db, ['Sent once']);
    const [id] = await outboxIds(['Sent once']);
    const job = await waitFor(async () => {
      const [row] = await mailJobs([id!]);
      return row?.state === 'completed' && row;
    });
    expect(smtp.received).toEqual([
      {
        messageId: expect.stringMatching(/^<outbox-\d+\.\d+@vayu\.test>$/),
        subject: 'Sent once',
        to: ['ops@plant.example'],
      },
    ]);
    expect(job.result).toEqual({ sent: true, messageId: smtp.received[0]!.messageId });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(mail!.sentAt).toBeInstanceOf(Date);
  });
});

const needsServer = 'needs DATABASE_URL: two server processes cannot share one embedded database';

describe.skipIf(!process.env.DATABASE_URL)(`two server processes on PostgreSQL (${needsServer})`, () => {
  async function openSecondProcess() {
    const other = await openPostgres(database.url!, 4);
    cleanups.push(() => other.close());
    return other;
  }

  it('deliver 200 queued mails exactly once each', { timeout: 180_000 }, async () => {
    const smtp = await startSmtpStandIn();
    cleanups.push(smtp.close);
    const other = await openSecondProcess();
    const first = await startMailProcess(database, smtp.url);
    const second = await startMailProcess(other, smtp.url);

    const subjects = Array.from({ length: 200 }, (_, i) => `Exactly once ${String(i + 1).padStart(3, '0')}`);
    // Queued from both processes, ten mails per transaction, while both workers run.
    for (let batch = 0; batch < 20; batch += 1) {
      const from = batch % 2 === 0 ? first : second;
      await queueMail(
        from.mailer,
        (batch % 2 === 0 ? database : other).db,
        subjects.slice(batch * 10, batch * 10 + 10),
      );
    }
    const ids = await outboxIds(subjects);
    expect(ids).toHaveLength(200);

    await waitFor(
      async () => {
        const rows = await mailJobs(ids);
        return rows.length === 200 && rows.every((job) => job.state === 'completed');
      },
      { timeoutMs: 150_000, intervalMs: 100, what: '200 mail jobs to complete' },
    );

    expect(smtp.received).toHaveLength(200);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(200);
    expect(new Set(smtp.received.map((mail) => mail.subject))).toEqual(new Set(subjects));
    expect((await mailJobs(ids)).every((job) => job.attempts === 1)).toBe(true);
    expect(first.handled() + second.handled()).toBe(200);
    // Both processes took part.
    expect(first.handled()).toBeGreaterThan(0);
    expect(second.handled()).toBeGreaterThan(0);
    const unsent = await database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.id, ids), isNull(emailOutbox.sentAt)));
    expect(unsent).toEqual([]);
  });

  it.each([
    [
      'refuses every message with 451',
      () => startSmtpStandIn({ rejectWith: { code: 451, message: 'try later' } }),
    ],
    [
      'does not answer (closed port)',
      async () => ({ url: `smtp://127.0.0.1:${await closedPort()}`, close: async () => undefined }),
    ],
  ])(
    'retry a mail the SMTP server %s, then bury it with the error kept',
    { timeout: 60_000 },
    async (_, startServer) => {
      const smtp = await startServer();
      cleanups.push(smtp.close);
      const other = await openSecondProcess();
      await startMailProcess(database, smtp.url, { fastRetries: true });
      await startMailProcess(other, smtp.url, { fastRetries: true });

      const subject = `Undeliverable ${smtp.url}`;
      // A mail queued with three tries instead of the default eight.
      const [row] = await database.db.transaction(async (tx) => {
        const [mail] = await tx
          .insert(emailOutbox)
          .values({ toAddress: 'ops@plant.example', subject, bodyText: '-', kind: 'RESET' })
          .returning();
        await jobQueue.enqueue(tx, 'mail.send', { emailId: mail!.id }, { maxAttempts: 3 });
        return [mail!];
      });

      const job = await waitFor(
        async () => {
          const [found] = await mailJobs([row!.id]);
          return found?.state === 'dead' && found;
        },
        { timeoutMs: 45_000, what: 'the undeliverable mail job to go dead' },
      );
      expect(job.attempts).toBe(3);
      expect(job.lastError).toMatch(/451|ECONNREFUSED/);
      expect(job.finishedAt).toBeInstanceOf(Date);
      const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
      expect(mail!.sentAt).toBeNull();
      expect(mail!.error!.trim().split('\n')).toHaveLength(3);
    },
  );
});
