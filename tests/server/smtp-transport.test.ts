import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, test } from 'vitest';
import { startSmtpTransport } from '../../server/mail/smtp-transport';
import { startListSmtpPeer } from './helpers/list-smtp-peer';
import { temporaryDir } from './helpers/test-server';

/** A real logger writing its JSON lines where the test can read them, as the server's log would hold them. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter((text) => text !== '')) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, destination), lines };
}

/** Stands for the database's log, which the worker syncs before each send. */
function logFile(): string {
  const file = path.join(temporaryDir('smtp-transport'), 'site.db-wal');
  fs.writeFileSync(file, '');
  return file;
}

const MESSAGE = { from: 'news@example.org', to: 'ann@example.org', subject: 'Branch news', text: 'The outing is on.' };

test('closing waits for the message the worker is sending: the mail server gets it, the send resolves, and the worker ends', async () => {
  const peer = await startListSmtpPeer({ holdAt: 1 });
  const { log, lines } = capturedLog();
  const transport = startSmtpTransport({ smtpUrl: `smtp://127.0.0.1:${peer.port}`, syncBeforeSend: logFile(), log });

  let sent = false;
  const sending = transport.send(MESSAGE).then(() => (sent = true));
  await expect.poll(() => peer.received.length).toBe(1);
  let closed = false;
  const closing = transport.close().then(() => (closed = true));
  // The mail server has not answered yet: neither the send nor the close is over.
  await new Promise((resolve) => setImmediate(resolve));
  const beforeAnswer = { sent, closed };
  peer.release();
  await Promise.all([sending, closing]);

  expect(beforeAnswer).toEqual({ sent: false, closed: false });
  expect(peer.received.map((mail) => mail.to)).toEqual(['ann@example.org']);
  await expect(transport.send(MESSAGE)).rejects.toThrow(/stopping/);
  expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
});

test('a refusal keeps the mail server’s reply code, so the queue can tell it from a temporary failure', async () => {
  const peer = await startListSmtpPeer({ refuse: { 'gone@example.org': 'Mailbox unavailable: no such user' } });
  const { log } = capturedLog();
  const transport = startSmtpTransport({ smtpUrl: `smtp://127.0.0.1:${peer.port}`, syncBeforeSend: logFile(), log });

  const refused = await transport.send({ ...MESSAGE, to: 'gone@example.org' }).catch((error: unknown) => error);
  await transport.close();

  expect(refused).toBeInstanceOf(Error);
  expect(refused).toMatchObject({ responseCode: 550, message: expect.stringContaining('Mailbox unavailable: no such user') });
});

test('a worker that fails reaches the server log with its error, and the message it had fails as temporary (no reply code)', async () => {
  const { log, lines } = capturedLog();
  // nodemailer cannot read this address, so the worker throws as it starts.
  const transport = startSmtpTransport({ smtpUrl: 'smtp://[', syncBeforeSend: logFile(), log });

  const failure = await transport.send(MESSAGE).catch((error: unknown) => error);
  await transport.close();

  expect(failure).toBeInstanceOf(Error);
  expect(failure).toMatchObject({ responseCode: undefined });
  expect(lines).toContainEqual(expect.objectContaining({ level: 50, event: 'smtp-worker-failed', err: expect.objectContaining({ message: expect.stringMatching(/Invalid URL/) }) }));
});

test('a message whose claim cannot be synced to the disk is not sent: it fails as temporary, to be tried again', async () => {
  const peer = await startListSmtpPeer();
  const { log } = capturedLog();
  const missing = path.join(temporaryDir('smtp-transport'), 'no-such-log');
  const transport = startSmtpTransport({ smtpUrl: `smtp://127.0.0.1:${peer.port}`, syncBeforeSend: missing, log });

  const failure = await transport.send(MESSAGE).catch((error: unknown) => error);
  await transport.close();

  expect(failure).toMatchObject({ code: 'ENOENT', responseCode: undefined });
  expect(peer.received).toEqual([]);
});
