import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  subject: string;
  to: string[];
}

/**
 * An SMTP server on a free local port that records what it receives, or
 * refuses every message with `rejectWith` (such as 451, a temporary failure).
 */
export async function startSmtpStandIn(options: { rejectWith?: { code: number; message: string } } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        if (options.rejectWith) {
          callback(
            Object.assign(new Error(options.rejectWith.message), { responseCode: options.rejectWith.code }),
          );
          return;
        }
        const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
        const header = (name: string) =>
          new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
            .exec(head)?.[1]
            ?.replace(/\r?\n[ \t]/g, ' ') ?? '';
        received.push({
          messageId: header('Message-ID'),
          subject: header('Subject'),
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port nothing listens on (taken, then released at once). */
export async function closedPort() {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
