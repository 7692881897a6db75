import { eq, sql } from 'drizzle-orm';
import type { MailKind } from '@vayu/domain';
import nodemailer from 'nodemailer';
import type { Database, Executor } from '../db/client.js';
import { emailOutbox } from '../db/schema/index.js';
import { jobQueue, type JOBS } from '../jobs/job-definitions.js';
import { PermanentJobError, type JobPayload } from '../jobs/job-queue.js';
import type { JobHandler, JobLog } from '../jobs/job-worker.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for (the domain's MAIL_KINDS). */
  kind: MailKind;
  userId?: number | null;
}

/** What a `mail.send` job answers (kept as the job's result). */
export type MailOutcome =
  { sent: true; messageId: string } | { sent: false; reason: 'no SMTP_URL: the mail stays in email_outbox' };

export interface Mailer {
  /**
   * Writes the mail to `email_outbox` and enqueues its `mail.send` job, both
   * in the transaction that causes the mail: a rolled-back change sends nothing.
   */
  queue(tx: Executor, email: OutgoingEmail): Promise<void>;
  /** The `mail.send` job handler: sends one outbox row over SMTP. */
  send: JobHandler<JobPayload<typeof JOBS, 'mail.send'>>;
}

const MAX_ERROR_LOG = 2000;

/**
 * One mailer for every e-mail. `email_outbox` is the record of each mail; a
 * `mail.send` job delivers it over SMTP when SMTP_URL is set. Without SMTP the
 * job completes at once with a "not sent" result and the mail stays in the
 * table (the log says so when it is queued).
 */
export function createMailer(options: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  log: JobLog;
}): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // Well under the job's timeout, so a stuck server fails the try instead of holding it.
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : null;
  const messageIdDomain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'vayu.local';

  return {
    async queue(tx, email) {
      const [row] = await tx
        .insert(emailOutbox)
        .values({
          toAddress: email.to,
          subject: email.subject,
          bodyText: email.text,
          kind: email.kind,
          userId: email.userId ?? null,
        })
        .returning({ id: emailOutbox.id });
      await jobQueue.enqueue(tx, 'mail.send', { emailId: row!.id });
      if (!transport) {
        options.log.info(
          { to: email.to, kind: email.kind },
          'e-mail kept in the outbox table email_outbox (set SMTP_URL to send e-mail)',
        );
      }
    },

    async send({ emailId }) {
      const [mail] = await options.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
      if (!mail) throw new PermanentJobError(`e-mail ${emailId} is not in email_outbox`);
      // The same stable Message-ID on every try, so a receiver can drop a repeat.
      const messageId = `<outbox-${mail.id}.${mail.createdAt.getTime()}@${messageIdDomain}>`;
      if (mail.sentAt) return { sent: true, messageId } satisfies MailOutcome;
      if (!transport) {
        return { sent: false, reason: 'no SMTP_URL: the mail stays in email_outbox' } satisfies MailOutcome;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.bodyText,
          messageId,
        });
      } catch (error) {
        const line = `${new Date().toISOString()} ${String(error)}\n`;
        await options.db
          .update(emailOutbox)
          .set({ error: sql`right(coalesce(${emailOutbox.error}, '') || ${line}, ${MAX_ERROR_LOG})` })
          .where(eq(emailOutbox.id, mail.id));
        throw error;
      }
      await options.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, mail.id));
      return { sent: true, messageId } satisfies MailOutcome;
    },
  };
}
