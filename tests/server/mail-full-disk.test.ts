import { expect, test } from 'vitest';
import { freePort } from '../support/free-port';
import { json } from './helpers/accounts';
import { mountSmallDisk } from './helpers/small-disk';
import { startSmtpPeer } from './helpers/smtp-peer';
import { MINUTE, createTestClock } from './helpers/test-clock';
import { startTestServer } from './helpers/test-server';

const MESSAGE = { name: 'Mary Byrne', email: 'mary.byrne@example.org', message: 'When is the next branch meeting?' };

interface LogLine {
  readonly level: number;
  readonly event?: string;
}

test('a message waiting for mail while the disk is full is sent exactly once after space returns', async (context) => {
  const disk = mountSmallDisk(context);
  const clock = createTestClock();
  const smtpPort = await freePort();
  const logs: LogLine[] = [];
  const server = await startTestServer({
    dataDir: disk.dataDir,
    clock: clock.now,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_TO: 'office@example.org',
      MAIL_FROM: 'website@example.org',
      MAIL_RETRY_SECONDS: '60',
      LOG_LEVEL: 'warn',
    },
    logDestination: { write: (line) => logs.push(JSON.parse(line) as LogLine) },
  });
  const stored = () => server.app.contactMessages.list(1)[0];
  const delivery = server.app.contactDelivery;
  if (delivery === undefined) throw new Error('Mail is not configured.');

  // The mail server is not there yet: the message waits for its next attempt in a minute.
  expect((await fetch(`${server.baseUrl}/api/contact`, { method: 'POST', ...json(MESSAGE) })).status).toBe(202);
  await expect.poll(() => server.app.contactMessages.nextDueAt(), { timeout: 10_000 }).toBe(clock.now() + MINUTE);
  disk.fill();
  const peer = await startSmtpPeer({ port: smtpPort });
  clock.advance(2 * MINUTE);
  delivery.kick();
  const storageFailureLogged = () => logs.some((line) => line.event === 'contact-delivery-storage-failed');
  await expect.poll(() => storageFailureLogged() || peer.received.length > 0, { timeout: 10_000 }).toBe(true);
  expect(peer.received.length).toBe(0);

  disk.free();
  delivery.kick();
  await expect.poll(() => stored()?.delivery, { timeout: 10_000 }).toBe('sent');

  expect(peer.received.length).toBe(1);
  expect(stored()?.attempts).toBe(2);
});
