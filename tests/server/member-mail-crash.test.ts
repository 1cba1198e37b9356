import { expect, test } from 'vitest';
import { startListSmtpPeer } from './helpers/list-smtp-peer';
import { startServerProcess } from './helpers/server-process';
import { startTestServer, temporaryDir } from './helpers/test-server';

const RECIPIENTS = 500;
const KILLED_AT = 200;
const LONG = { timeout: 120_000, interval: 50 };

test('the server killed with SIGKILL in the middle of a mailing of 500, and started again, finishes it with every address receiving exactly one copy', async () => {
  const dataDir = temporaryDir('mailing-crash');
  // A mailing of 500 queued while no mail server is set up: it waits in the queue.
  const setup = await startTestServer({ dataDir });
  const mailingId = setup.app.subscribers.transaction(() => {
    for (let index = 1; index <= RECIPIENTS; index += 1) {
      const email = `member${index}@example.org`;
      setup.app.subscribers.addByHand({ email, emailKey: email, name: '', form: 'admin', wording: 'membership form' }, `unsubscribe-${index}`, Date.now());
    }
    const mailing = setup.app.mailQueue.createMailing(
      { sourceKind: 'news', sourceRef: '1', subject: 'Annual general meeting', body: 'The AGM is on 12 March.', link: 'https://example.org/article/1' },
      Date.now(),
      null,
    );
    setup.app.mailQueue.moveMailing(mailing.id, ['draft'], 'sending', Date.now());
    setup.app.mailQueue.enqueueMailing(mailing.id, Date.now());
    return mailing.id;
  });
  await setup.close();
  // The 200th message reaches the mail server, whose reply is held: the server is killed with it in flight.
  const peer = await startListSmtpPeer({ holdAt: KILLED_AT });
  const env = {
    DATA_DIR: dataDir,
    CLIENT_DIR: temporaryDir('client'),
    SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
    CONTACT_TO: 'office@example.org',
    MAIL_FROM: 'news@example.org',
    MAIL_RATE_PER_MINUTE: '0',
  };

  const first = await startServerProcess(env);
  await expect.poll(() => peer.received.length, LONG).toBe(KILLED_AT);
  process.kill(-(first.child.pid ?? 0), 'SIGKILL');
  await first.exited;
  peer.release();
  const second = await startServerProcess(env);
  await expect.poll(() => peer.received.length, LONG).toBeGreaterThanOrEqual(RECIPIENTS);
  second.child.kill('SIGTERM');
  await second.exited;
  const after = await startTestServer({ dataDir });

  const copies = peer.copiesByRecipient();
  expect(copies.size).toBe(RECIPIENTS);
  expect([...copies.values()].every((count) => count === 1)).toBe(true);
  expect(after.app.mailQueue.progress(mailingId)).toEqual({ sent: RECIPIENTS, failed: 0, waiting: 0 });
  expect(second.output.some((line) => line.includes('"event":"member-mail-reconciled"') && line.includes('"count":1'))).toBe(true);
}, 240_000);
