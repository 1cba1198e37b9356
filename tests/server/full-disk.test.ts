import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { errorBodySchema, fileLimitsSchema, postListSchema, postSchema } from '../../contract/wire';
import { samplePdf } from '../../server/content/sample-pdf';
import { RESERVE_FILE } from '../../server/db/space-reserve';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { mountSmallDisk } from './helpers/small-disk';
import { startTestServer } from './helpers/test-server';

const MESSAGE = { name: 'Mary Byrne', email: 'mary.byrne@example.org', message: 'When is the next branch meeting?' };

async function adminOnSmallDisk(dataDir: string) {
  const server = await startTestServer({ dataDir, env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const call = (method: string, path: string, body?: unknown) =>
    jar.fetch(server.baseUrl + path, { method, ...(body === undefined ? {} : json(body)) });
  const posts = async () => postListSchema.parse(await (await fetch(`${server.baseUrl}/api/posts`)).json()).posts;
  return { server, call, posts };
}

async function expectDiskFull(response: Response): Promise<void> {
  const text = await response.text();
  const body = text === '' ? undefined : errorBodySchema.parse(JSON.parse(text));
  expect({ status: response.status, retryAfter: response.headers.get('retry-after'), message: body?.error.message }).toEqual({
    status: 507,
    retryAfter: expect.stringMatching(/^[1-9][0-9]*$/),
    message: API_MESSAGES.diskFull,
  });
}

test('on a full disk a contact message gets 507, not stored, and stored once when sent again after space returns', async (context) => {
  const disk = mountSmallDisk(context);
  const { server } = await adminOnSmallDisk(disk.dataDir);
  const send = () => fetch(`${server.baseUrl}/api/contact`, { method: 'POST', ...json(MESSAGE) });

  disk.fill();
  const refused = await send();
  disk.free();
  const storedWhileFull = server.app.contactMessages.list(10);
  const accepted = await send();

  await expectDiskFull(refused);
  expect(storedWhileFull).toEqual([]);
  expect(accepted.status).toBe(202);
  expect(server.app.contactMessages.list(10).map((message) => message.message)).toEqual([MESSAGE.message]);
});

test('on a full disk a new post and an edit get 507 and change nothing', async (context) => {
  const disk = mountSmallDisk(context);
  const { call, posts } = await adminOnSmallDisk(disk.dataDir);
  const existing = postSchema.parse(await (await call('POST', '/api/posts', { title: 'AGM', body: 'Saturday' })).json());

  disk.fill();
  const created = await call('POST', '/api/posts', { title: 'Outing', body: 'To Glendalough' });
  const edited = await call('PUT', `/api/posts/${existing.id}`, { title: 'AGM moved', body: 'Sunday' });
  disk.free();

  await expectDiskFull(created);
  await expectDiskFull(edited);
  expect((await posts()).map((post) => [post.title, post.body])).toEqual([['AGM', 'Saturday']]);
});

test('on a full disk an administrator can sign in, read the lists and delete a file to make room', async (context) => {
  const disk = mountSmallDisk(context);
  const { server } = await adminOnSmallDisk(disk.dataDir);
  const pdf = Buffer.from(samplePdf('Minutes', ['x'.repeat(200_000)]));
  // The delete's audit entry takes a few pages of the room it made, so the new file is a little smaller.
  const smallerPdf = Buffer.from(samplePdf('Minutes', ['x'.repeat(150_000)]));
  const uploadBytes = (name: string, jar: Awaited<ReturnType<typeof signedIn>>, body = pdf) =>
    jar.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ folder: 'root', name })}`, { method: 'POST', body });
  const before = await signedIn(server.baseUrl, ADMIN);
  expect((await uploadBytes('Old Minutes.pdf', before)).status).toBe(201);

  disk.fill();
  const later = await signedIn(server.baseUrl, ADMIN);
  const session = await (await later.fetch(`${server.baseUrl}/api/session`)).json();
  const list = await later.fetch(`${server.baseUrl}/api/files?folder=root`);
  const inbox = await later.fetch(`${server.baseUrl}/api/contact-messages`);
  const deleted = await later.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ path: 'Old Minutes.pdf' })}`, { method: 'DELETE' });
  const uploadedAfter = await uploadBytes('New Minutes.pdf', later, smallerPdf);

  expect(session).toEqual({ user: { email: ADMIN.email, administrator: true, role: 'administrator' } });
  expect([list.status, inbox.status, deleted.status]).toEqual([200, 200, 204]);
  expect(uploadedAfter.status).toBe(201);
});

test('on a full disk with the database log emptied (as the contact purge leaves it), deleting small files works and each delete is in the activity list', async (context) => {
  const disk = mountSmallDisk(context);
  const { server } = await adminOnSmallDisk(disk.dataDir);
  const admin = await signedIn(server.baseUrl, ADMIN);
  const upload = (folder: string, name: string) =>
    admin.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ folder, name })}`, { method: 'POST', body: Buffer.from(samplePdf('Outing', ['Coach leaves at ten'])) });
  const remove = (fullPath: string) => admin.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ path: fullPath })}`, { method: 'DELETE' });
  expect([(await upload('events', 'Outing.pdf')).status, (await upload('root', 'Minutes.pdf')).status]).toEqual([201, 201]);
  // Every write from now on needs new room in the log, as after the contact messages' purge.
  server.app.db.pragma('wal_checkpoint(TRUNCATE)');

  disk.fill();
  const deleted = [(await remove('events/Outing.pdf')).status, (await remove('Minutes.pdf')).status];

  expect(deleted).toEqual([204, 204]);
  expect(server.app.auditTrail.list({ kind: 'file-deleted', limit: 10 }).map((entry) => entry.detail)).toEqual(["'Minutes' in Important Documents", "'Outing' in Events"]);
  expect(fs.readdirSync(path.join(disk.dataDir, 'files', 'events'))).toEqual([]);
});

test('administrators are told how much space is left on the disk, and it is what the disk has', async (context) => {
  const disk = mountSmallDisk(context);
  const { server, call } = await adminOnSmallDisk(disk.dataDir);
  const limits = async (response: Promise<Response>) => fileLimitsSchema.parse(await (await response).json());

  const withRoom = await limits(call('GET', '/api/files/limits'));
  disk.fill();
  const whenFull = await limits(call('GET', '/api/files/limits'));
  const forVisitors = await limits(fetch(`${server.baseUrl}/api/files/limits`));

  expect(withRoom.freeBytes).toBeGreaterThan(1024 * 1024);
  expect(withRoom.freeBytes).toBeLessThanOrEqual(5 * 1024 * 1024);
  expect(whenFull.freeBytes).toBe(0);
  expect(forVisitors).toEqual({ maxBytes: 50 * 1024 * 1024 });
});

test('restarted on a full disk, the server gives up its space reserve and starts, so an administrator can sign in and free space', async (context) => {
  const disk = mountSmallDisk(context);
  const first = await startTestServer({ dataDir: disk.dataDir, env: ADMIN_ENV });
  await addTestAccounts(first.app);
  first.app.sessions.create(ADMIN.email, Date.UTC(2020, 0, 1), { userAgent: 'Test', address: '127.0.0.1' });
  const id = first.app.contactMessages.add({ ...MESSAGE, emailKey: MESSAGE.email, senderKey: 'x' }, Date.now(), Date.now());
  first.app.contactMessages.claimDue(Date.now());
  await first.close();

  disk.fill();
  const restarted = await startTestServer({ dataDir: disk.dataDir, env: ADMIN_ENV });
  const jar = await signedIn(restarted.baseUrl, ADMIN);
  const deleted = await jar.fetch(`${restarted.baseUrl}/api/files?${new URLSearchParams({ path: 'Nothing.pdf' })}`, { method: 'DELETE' });

  expect(id).toBeGreaterThan(0);
  expect(deleted.status).toBe(404);
  expect(fs.existsSync(path.join(disk.dataDir, RESERVE_FILE))).toBe(false);
});
