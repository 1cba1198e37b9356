import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { onTestFinished } from 'vitest';

export interface ListMail {
  readonly to: string;
  readonly raw: string;
  /** When the whole message had arrived (performance.now()). */
  readonly receivedAt: number;
  parsed(): Promise<ParsedMail>;
}

export interface ListSmtpPeerOptions {
  /** A port to listen on; the system picks a free one by default. */
  readonly port?: number;
  /** Recipients refused for good at RCPT TO with 550 and these words. */
  readonly refuse?: Readonly<Record<string, string>>;
  /** The n-th message (1-based) is kept but its reply is held until `release()`. */
  readonly holdAt?: number;
}

export interface ListSmtpPeer {
  readonly port: number;
  /** What arrived, in order; a message is here before its sender hears it was accepted. */
  readonly received: ListMail[];
  /** How many copies each recipient received. */
  copiesByRecipient(): Map<string, number>;
  /** The next message to arrive is kept but its reply is held until `release()`, so the messages queued behind it wait. */
  holdNext(): void;
  /** Sends the reply to the held message; with none arrived yet, holds none. */
  release(): void;
}

/**
 * A real SMTP server on loopback for mail to many recipients: it refuses chosen recipients for
 * good, as a mailbox that no longer exists, and can hold one message's reply, so a test can stop
 * the sender while that message is in flight. Parsing waits until a test asks for it.
 */
export async function startListSmtpPeer(options: ListSmtpPeerOptions = {}): Promise<ListSmtpPeer> {
  const received: ListMail[] = [];
  let releaseHeld: (() => void) | undefined;
  let holdAt = options.holdAt;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Closing cuts the server's kept-open connection at once (tests/support/smtp-peer.ts says why).
    closeTimeout: 1,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.[address.address.toLowerCase()];
      if (refusal === undefined) {
        callback();
        return;
      }
      callback(Object.assign(new Error(refusal), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const receivedAt = performance.now();
        for (const recipient of session.envelope.rcptTo) {
          received.push({ to: recipient.address.toLowerCase(), raw, receivedAt, parsed: () => simpleParser(raw) });
        }
        if (holdAt !== undefined && received.length === holdAt) {
          releaseHeld = () => callback();
          return;
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.port ?? 0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    releaseHeld?.();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    copiesByRecipient() {
      const counts = new Map<string, number>();
      for (const mail of received) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
      return counts;
    },
    holdNext() {
      holdAt = received.length + 1;
    },
    release() {
      holdAt = releaseHeld === undefined ? undefined : holdAt;
      releaseHeld?.();
      releaseHeld = undefined;
    },
  };
}
