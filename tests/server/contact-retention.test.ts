import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { expect, onTestFinished, test, vi } from 'vitest';
import { contactMessagesSchema } from '../../contract/wire';
import { openDatabase } from '../../server/db/database';
import { startContactPurge } from '../../server/mail/contact-retention';
import { createContactMessagesRepository } from '../../server/repositories/contact-messages.repository';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { startServerProcess } from './helpers/server-process';
import { createTestClock } from './helpers/test-clock';
import { startTestServer, temporaryDir, type TestServer } from './helpers/test-server';

const OLD = { name: 'Nora Walsh', email: 'nora.walsh@example.org', message: 'About the spring outing in Kilkenny' };
const RECENT = { name: 'Eileen Byrne', email: 'eileen.byrne@example.org', message: 'About the autumn conference in Galway' };

const at = (iso: string) => Date.parse(iso);

function send(server: TestServer, body: Record<string, unknown>) {
  return fetch(`${server.baseUrl}/api/contact`, { method: 'POST', ...json(body) });
}

async function inbox(server: TestServer) {
  const jar = await signedIn(server.baseUrl, ADMIN);
  const response = await jar.fetch(`${server.baseUrl}/api/contact-messages`);
  return contactMessagesSchema.parse(await response.json()).messages;
}

/** The database file and its write-ahead log as they are on disk. */
function databaseBytes(dataDir: string): string {
  return ['site.db', 'site.db-wal']
    .map((name) => path.join(dataDir, name))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file).toString('latin1'))
    .join('');
}

/** Received on `first`, then the server is restarted on the same data directory at `later`. */
async function receiveThenRestart(messages: { at: string; body: typeof OLD }[], later: string) {
  const dataDir = temporaryDir('retention');
  const [first] = messages;
  const clock = createTestClock(at(first?.at ?? later));
  const before = await startTestServer({ dataDir, env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(before.app);
  for (const message of messages) {
    clock.advance(at(message.at) - clock.now());
    expect((await send(before, message.body)).status).toBe(202);
  }
  await before.close();
  clock.advance(at(later) - clock.now());
  const after = await startTestServer({ dataDir, env: ADMIN_ENV, clock: clock.now });
  return { dataDir, after };
}

test('at start-up a message older than 12 months is deleted and leaves the inbox, a newer one stays', async () => {
  const { dataDir, after } = await receiveThenRestart(
    [
      { at: '2025-01-10T10:00:00.000Z', body: OLD },
      { at: '2025-09-10T10:00:00.000Z', body: RECENT },
    ],
    '2026-02-01T08:00:00.000Z',
  );

  const messages = await inbox(after);
  const onDisk = databaseBytes(dataDir);

  expect(messages).toEqual([expect.objectContaining({ ...RECENT, receivedAt: '2025-09-10T10:00:00.000Z' })]);
  // Gone from the files on disk while the server runs, not only from the inbox.
  expect(onDisk).not.toContain(OLD.message);
  expect(onDisk).not.toContain(OLD.email);
  expect(onDisk).toContain(RECENT.message);
});

test('a message received exactly 12 months ago is kept, one received a millisecond earlier is deleted', async () => {
  const exactlyTwelveMonths = { name: 'Kept Exactly', email: 'kept@example.org', message: 'Received at the cut-off' };
  const aMillisecondMore = { name: 'Gone Just', email: 'gone@example.org', message: 'Received just before the cut-off' };
  const { after } = await receiveThenRestart(
    [
      { at: '2025-03-31T09:00:00.000Z', body: aMillisecondMore },
      { at: '2025-03-31T09:00:00.001Z', body: exactlyTwelveMonths },
    ],
    '2026-03-31T09:00:00.001Z',
  );

  expect((await inbox(after)).map((message) => message.name)).toEqual(['Kept Exactly']);
});

test('a message still waiting for delivery is deleted once past the period all the same', async () => {
  // Without SMTP settings every message is stored only, never e-mailed: the oldest case there is.
  const { after } = await receiveThenRestart(
    [
      { at: '2024-11-01T12:00:00.000Z', body: OLD },
      { at: '2025-10-01T12:00:00.000Z', body: RECENT },
    ],
    '2025-11-01T12:00:00.001Z',
  );

  expect(await inbox(after)).toEqual([expect.objectContaining({ ...RECENT, delivery: 'not-emailed' })]);
});

test('the purge runs again on its schedule and logs how many it deleted, never whose or what', async () => {
  const { db } = openDatabase(temporaryDir('purge'));
  const messages = createContactMessagesRepository(db);
  const clock = createTestClock(at('2025-06-01T10:00:00.000Z'));
  const keys = { emailKey: OLD.email, senderKey: 'sender' };
  messages.add({ ...OLD, ...keys }, clock.now(), undefined);
  messages.add({ ...RECENT, ...keys }, at('2025-12-01T10:00:00.000Z'), undefined);
  const lines: string[] = [];
  const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });

  // The schedule's own timer is faked, so 'no run after stop()' is shown over many periods, not a sleep.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });

  clock.advance(at('2026-05-31T10:00:00.000Z') - clock.now());
  const purge = startContactPurge({ messages, clock: clock.now, log: logger.log, everyMs: 20 });
  const atStart = messages.list(10).map((message) => message.name);
  clock.advance(2 * 24 * 60 * 60 * 1000);
  vi.advanceTimersByTime(20);
  expect(messages.list(10).map((message) => message.name)).toEqual([RECENT.name]);
  purge.stop();
  const runs = lines.length;
  vi.advanceTimersByTime(50 * 20);
  db.close();

  expect(atStart).toEqual([RECENT.name, OLD.name]);
  const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(logged[0]).toMatchObject({ event: 'contact-purge', deleted: 0, receivedBefore: '2025-05-31T10:00:00.000Z' });
  expect(logged).toContainEqual(expect.objectContaining({ event: 'contact-purge', deleted: 1, receivedBefore: '2025-06-02T10:00:00.000Z' }));
  for (const text of [OLD.name, OLD.email, OLD.message, RECENT.email]) expect(lines.join('\n')).not.toContain(text);
  // Stopped means stopped: no run after stop().
  expect(lines).toHaveLength(runs);
});

test('npm start purges at start-up, logs the count without the message, and still stops at once on SIGTERM', async () => {
  const dataDir = temporaryDir('retention-process');
  const { db } = openDatabase(dataDir);
  const keys = { emailKey: OLD.email, senderKey: 'sender' };
  createContactMessagesRepository(db).add({ ...OLD, ...keys }, Date.now() - 400 * 24 * 60 * 60 * 1000, undefined);
  createContactMessagesRepository(db).add({ ...RECENT, ...keys }, Date.now() - 24 * 60 * 60 * 1000, undefined);
  db.close();

  const server = await startServerProcess({ DATA_DIR: dataDir, CLIENT_DIR: temporaryDir('client') });
  const purgeLine = server.output.find((line) => line.includes('"contact-purge"'));
  server.child.kill('SIGTERM');
  const exitCode = await server.exited;
  const { db: reopened } = openDatabase(dataDir);
  const left = createContactMessagesRepository(reopened).list(10);
  reopened.close();

  expect(JSON.parse(purgeLine ?? '{}')).toMatchObject({ level: 30, event: 'contact-purge', deleted: 1 });
  for (const text of [OLD.name, OLD.email, OLD.message]) expect(server.output.join('\n')).not.toContain(text);
  expect(exitCode).toBe(0);
  expect(left.map((message) => message.name)).toEqual([RECENT.name]);
});
