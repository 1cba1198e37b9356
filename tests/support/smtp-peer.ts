import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly envelopeFrom: string;
  readonly envelopeTo: string[];
  readonly raw: string;
  readonly parsed: ParsedMail;
}

export interface SmtpPeerOptions {
  /** A port to listen on; the system picks a free one by default. */
  readonly port?: number;
  /** Refuse every message with this reply instead of keeping it. */
  readonly refuseWith?: { readonly code: number; readonly message: string };
}

export interface SmtpPeer {
  readonly port: number;
  /** What arrived, in order; a message is here before its sender hears it was accepted. */
  readonly received: ReceivedMail[];
  /** Stops listening, as a mail server that goes down; `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: SMTPServer, port: number): Promise<void> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/**
 * A real SMTP server on loopback that keeps what it receives, for the server's tests (in their
 * process) and the browser suite (behind a control endpoint, tests/e2e/support/mail-control.ts).
 * Plain SMTP: no STARTTLS to trip over a self-signed certificate, no login.
 */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];

  function createSmtp(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Stopping cuts the sender's open connection at once, as a mail server that goes down would;
      // smtp-server's default waits 30 seconds for it (and 0 means that default).
      closeTimeout: 1,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (options.refuseWith !== undefined) {
            callback(Object.assign(new Error(options.refuseWith.message), { responseCode: options.refuseWith.code }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              received.push({
                envelopeFrom: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
                envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
                raw,
                parsed,
              });
              callback();
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        });
      },
    });
  }

  let smtp: SMTPServer | null = createSmtp();
  await listen(smtp, options.port ?? 0);
  const port = (smtp.server.address() as AddressInfo).port;

  async function stop(): Promise<void> {
    const running = smtp;
    smtp = null;
    if (running !== null) await new Promise<void>((resolve) => running.close(() => resolve()));
  }

  async function start(): Promise<void> {
    if (smtp !== null) return;
    const next = createSmtp();
    await listen(next, port);
    smtp = next;
  }

  return { port, received, stop, start, close: stop };
}
