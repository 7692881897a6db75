import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database, Executor } from '../db/client.js';
import { emailOutbox } from '../db/schema/index.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for: ACTIVATION, PASSWORD_RESET, APPROVAL_REPORT, ... */
  kind: string;
  userId?: number | null;
}

export interface Mailer {
  /**
   * Queues a mail in the outbox with the transaction that causes it, so a
   * rolled-back change sends nothing. Delivery happens after commit.
   */
  queue(tx: Executor, email: OutgoingEmail): Promise<void>;
  /** Sends what is waiting (SMTP), or logs where the outbox is (no SMTP). */
  flush(): Promise<void>;
  stop(): void;
}

/**
 * One mailer for every e-mail: SMTP when SMTP_URL is set, otherwise the
 * `email_outbox` table is the outbox and the log says so. A timer delivers
 * queued mail, so it also goes out after a restart.
 */
export function createMailer(options: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let isFlushing = false;

  async function flush() {
    if (!transport || isFlushing) return;
    isFlushing = true;
    try {
      const pending = await options.db
        .select()
        .from(emailOutbox)
        .where(and(isNull(emailOutbox.sentAt), lt(sql`coalesce(length(${emailOutbox.error}), 0)`, 2000)))
        .orderBy(asc(emailOutbox.id))
        .limit(20);
      for (const mail of pending) {
        try {
          await transport.sendMail({
            from: options.from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.bodyText,
          });
          await options.db
            .update(emailOutbox)
            .set({ sentAt: new Date(), error: null })
            .where(eq(emailOutbox.id, mail.id));
        } catch (error) {
          options.log.warn({ err: error, mailId: mail.id }, 'e-mail delivery failed; it stays in the outbox');
          await options.db
            .update(emailOutbox)
            .set({
              error: sql`coalesce(${emailOutbox.error}, '') || ${`${new Date().toISOString()} ${String(error)}\n`}`,
            })
            .where(eq(emailOutbox.id, mail.id));
        }
      }
    } finally {
      isFlushing = false;
    }
  }

  const timer = transport
    ? setInterval(() => void flush().catch(() => undefined), options.intervalMs ?? 5000)
    : null;
  timer?.unref();

  return {
    async queue(tx, email) {
      await tx.insert(emailOutbox).values({
        toAddress: email.to,
        subject: email.subject,
        bodyText: email.text,
        kind: email.kind,
        userId: email.userId ?? null,
      });
      if (!transport) {
        options.log.info(
          { to: email.to, kind: email.kind },
          'e-mail kept in the outbox table email_outbox (set SMTP_URL to send e-mail)',
        );
      }
    },
    flush,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
