import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { errorBodySchema } from '../../contract/wire';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { holdWriteLock } from './helpers/lock-holder';
import { startServerProcess } from './helpers/server-process';
import { startTestServer } from './helpers/test-server';

const HOLD_MS = 16_000;
const VISITOR_PATHS = ['/api/posts', '/files/Minutes.pdf', '/news'];

async function timed(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function answerOf(response: Response) {
  const body = errorBodySchema.parse(await response.json());
  return { status: response.status, retryAfter: response.headers.get('retry-after'), message: body.error.message };
}

test('while another process holds the write lock for 16 s, visitors get responses in well under a second (typically 100 ms) and writes get 503 with Retry-After', async () => {
  const setup = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(setup.app);
  setup.app.posts.create({ title: 'AGM', body: 'Saturday' }, new Date().toISOString());
  fs.writeFileSync(path.join(setup.dataDir, 'files', 'Minutes.pdf'), samplePdf('Minutes', ['Line']));
  await setup.close();
  // A process of its own, as in production, so the test's own work does not count against the server.
  const server = await startServerProcess({ DATA_DIR: setup.dataDir, CLIENT_DIR: setup.clientDir, ...ADMIN_ENV });
  const jar = await signedIn(server.baseUrl, ADMIN);
  const sendMessage = (message: string) =>
    fetch(`${server.baseUrl}/api/contact`, { method: 'POST', ...json({ name: 'Mary', email: 'mary@example.org', message }) });
  const addPost = (title: string) => jar.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title, body: 'Glendalough' }) });
  // Every address once beforehand, so one-off costs of a first response (compiling, connecting) are not counted.
  for (const visitorPath of VISITOR_PATHS) await timed(server.baseUrl + visitorPath);
  expect([(await sendMessage('Hello')).status, (await addPost('Outing')).status]).toEqual([202, 201]);
  const holder = await holdWriteLock(path.join(setup.dataDir, 'site.db'), HOLD_MS);

  const writes = Promise.all([sendMessage('Hello again'), addPost('Another outing')]);
  const reads: Array<{ status: number; ms: number }> = [];
  let lockHeld = true;
  void holder.released.then(() => (lockHeld = false));
  while (lockHeld) {
    for (const visitorPath of VISITOR_PATHS) reads.push(await timed(server.baseUrl + visitorPath));
    await delay(50);
  }
  const [message, post] = await writes;

  expect(reads.length).toBeGreaterThan(VISITOR_PATHS.length);
  expect(reads.filter((read) => read.status !== 200)).toEqual([]);
  // A wait for the lock shows as seconds (5-15 s before the fix, with only 39 reads in the 16 s).
  // Typical reads stay under 100 ms; the odd slow one is the shared 2-core machine, not the lock,
  // so the bound is on the median, and no read may wait for as long as a second.
  const times = reads.map((read) => read.ms).sort((a, b) => a - b);
  expect(times[Math.floor(times.length / 2)]).toBeLessThan(100);
  expect(times.at(-1)).toBeLessThan(1_000);
  expect(reads.length).toBeGreaterThanOrEqual(HOLD_MS / 160);
  const busy = { status: 503, retryAfter: expect.stringMatching(/^[1-9][0-9]*$/), message: API_MESSAGES.busy };
  expect(await answerOf(message)).toEqual(busy);
  expect(await answerOf(post)).toEqual(busy);
}, 60_000);
