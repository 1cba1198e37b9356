import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the mail server received it, reduced to what the tests look at. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: string;
  readonly replyTo: string;
  readonly subject: string;
  readonly text: string;
  /** Every header line as received, to prove nothing was smuggled in. */
  readonly headerLines: readonly string[];
}

export interface SmtpPeer {
  readonly smtpPort: number;
  /** The control address tests use to read, stop and start the peer from their own processes. */
  readonly controlUrl: string;
  close(): Promise<void>;
}

function listen(server: { listen: (port: number, host: string, done: () => void) => unknown }, port: number): Promise<void> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/**
 * A real SMTP server for the site to send contact mail to. It runs in the Playwright runner's
 * process (global setup); tests reach it through a small HTTP control endpoint, so any worker
 * can read what arrived and take the mail server down and back up.
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];

  function createSmtp(): SMTPServer {
    return new SMTPServer({
      // Plain SMTP on loopback: no STARTTLS to trip over a self-signed certificate, no login.
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push({
              from: mail.from?.text ?? '',
              to: [mail.to ?? []].flat().map((address) => address.text).join(', '),
              replyTo: mail.replyTo?.text ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              headerLines: mail.headerLines.map((line) => line.line),
            });
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
  }

  let smtp: SMTPServer | null = createSmtp();
  await listen(smtp, 0);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  async function stopSmtp(): Promise<void> {
    const running = smtp;
    smtp = null;
    if (running !== null) await new Promise<void>((resolve) => running.close(() => resolve()));
  }

  async function startSmtp(): Promise<void> {
    if (smtp !== null) return;
    const next = createSmtp();
    await listen(next, smtpPort);
    smtp = next;
  }

  const control = http.createServer((request, response) => {
    const reply = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const route = `${request.method ?? ''} ${request.url ?? ''}`;
    if (route === 'GET /messages') return reply(received);
    if (route === 'POST /stop') return void stopSmtp().then(() => reply({ running: false }));
    if (route === 'POST /start') return void startSmtp().then(() => reply({ running: true }));
    response.writeHead(404).end();
  });
  await listen(control, 0);
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  return {
    smtpPort,
    controlUrl,
    async close() {
      await stopSmtp();
      await new Promise<void>((resolve) => control.close(() => resolve()));
    },
  };
}
