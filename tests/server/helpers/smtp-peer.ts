import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { onTestFinished } from 'vitest';

export interface ReceivedMail {
  readonly envelopeFrom: string;
  readonly envelopeTo: string[];
  readonly raw: string;
  readonly parsed: ParsedMail;
}

export interface SmtpPeer {
  readonly port: number;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server that accepts everything (or answers `refuseWith`) and keeps what it receives. */
export async function startSmtpPeer(options: { port?: number; refuseWith?: { code: number; message: string } } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('The SMTP peer has no port.');
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  onTestFinished(close);
  return { port: address.port, received, close };
}
