import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpPeer, type ReceivedMail as PeerMail } from '../../support/smtp-peer';

/** A message as the mail server received it, reduced to what the browser tests look at. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: string;
  readonly replyTo: string;
  readonly subject: string;
  readonly text: string;
  /** Every header line as received, to prove nothing was smuggled in. */
  readonly headerLines: readonly string[];
}

export interface MailControl {
  readonly smtpPort: number;
  /** The control address tests use to read, stop and start the peer from their own processes. */
  readonly controlUrl: string;
  close(): Promise<void>;
}

function seen({ parsed }: PeerMail): ReceivedMail {
  return {
    from: parsed.from?.text ?? '',
    to: [parsed.to ?? []].flat().map((address) => address.text).join(', '),
    replyTo: parsed.replyTo?.text ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    headerLines: parsed.headerLines.map((line) => line.line),
  };
}

/**
 * The real SMTP peer (tests/support/smtp-peer.ts) for the site to send contact mail to. It runs
 * in the Playwright runner's process (global setup); tests reach it through a small HTTP control
 * endpoint, so any worker can read what arrived and take the mail server down and back up.
 */
export async function startMailControl(): Promise<MailControl> {
  const peer = await startSmtpPeer();
  const control = http.createServer((request, response) => {
    const reply = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const route = `${request.method ?? ''} ${request.url ?? ''}`;
    if (route === 'GET /messages') return reply(peer.received.map(seen));
    if (route === 'POST /stop') return void peer.stop().then(() => reply({ running: false }));
    if (route === 'POST /start') return void peer.start().then(() => reply({ running: true }));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  return {
    smtpPort: peer.port,
    controlUrl,
    async close() {
      await peer.close();
      await new Promise<void>((resolve) => control.close(() => resolve()));
    },
  };
}
