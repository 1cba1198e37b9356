import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { errorBodySchema, eventListingSchema, listedEventSchema } from '../../contract/wire';
import { NO_EVENT_DETAILS, type EventDetails } from '../../src-core/domain/event-details';
import { samplePdf } from '../../server/content/sample-pdf';
import { MIGRATIONS } from '../../server/db/migrations';
import { createEventDetailsRepository } from '../../server/repositories/event-details.repository';
import { ADMIN, ADMIN_ENV, MEMBER, addTestAccounts, signedIn } from './helpers/accounts';
import { addBranch } from './helpers/membership';
import { startTestServer, temporaryDir, type TestServer } from './helpers/test-server';

const PDF = Buffer.from(samplePdf('Event', ['Line']));
const DETAILS: EventDetails = {
  ...NO_EVENT_DETAILS,
  title: 'Summer outing',
  start: '2026-07-04T10:00',
  end: '2026-07-04T17:00',
  timeZone: 'Europe/Dublin',
  venue: 'Bus station',
  town: 'Galway',
};

async function adminServer(dataDir?: string) {
  const server = await startTestServer({ env: ADMIN_ENV, ...(dataDir === undefined ? {} : { dataDir }) });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const upload = (name: string, details: unknown) =>
    jar.fetch(
      `${server.baseUrl}/api/files?${new URLSearchParams({ folder: 'events', name, ...(details === undefined ? {} : { details: typeof details === 'string' ? details : JSON.stringify(details) }) })}`,
      { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: PDF },
    );
  const put = (fetchImpl: typeof fetch, fullPath: string, details: unknown, branch?: string) =>
    fetchImpl(`${server.baseUrl}/api/events/details?${new URLSearchParams({ path: fullPath })}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ details, branch }),
    });
  return { server, jar, upload, put };
}

async function listing(server: TestServer) {
  return eventListingSchema.parse(await (await fetch(`${server.baseUrl}/api/events`)).json());
}

function rowCount(server: TestServer): number {
  return (server.app.db.prepare('SELECT COUNT(*) AS count FROM event_details').get() as { count: number }).count;
}

test('an upload with details the rules refuse gets 400 with a message per field, and neither file nor details is stored', async () => {
  const { server, upload } = await adminServer();

  const backwards = await upload('Outing.pdf', { ...DETAILS, end: '2026-07-04T09:00' });
  const garbled = await upload('Outing.pdf', '{"title":');
  const wrongShape = await upload('Outing.pdf', { title: 42 });

  expect(backwards.status).toBe(400);
  expect(errorBodySchema.parse(await backwards.json()).error).toMatchObject({ kind: 'invalid-input', fieldErrors: { end: 'The end must be after the start.' } });
  expect([garbled.status, wrongShape.status]).toEqual([400, 400]);
  expect(fs.readdirSync(path.join(server.dataDir, 'files', 'events'))).toEqual([]);
  expect(rowCount(server)).toBe(0);
});

test('details of a file outside the events folder are refused, and so are names no upload could make', async () => {
  const { server, jar, put } = await adminServer();
  fs.writeFileSync(path.join(server.dataDir, 'files', 'newsletters', 'May.pdf'), PDF);

  const elsewhere = await put(jar.fetch, 'newsletters/May.pdf', DETAILS);
  const dotted = await put(jar.fetch, 'events/..', DETAILS);
  const missing = await put(jar.fetch, 'events/Missing.pdf', DETAILS);

  expect([elsewhere.status, dotted.status, missing.status]).toEqual([404, 404, 404]);
  expect(errorBodySchema.parse(await missing.json()).error.message).toBe(API_MESSAGES.eventNotFound);
  expect(rowCount(server)).toBe(0);
});

test('only an administrator may change details: 401 for a visitor, 403 for another account, and nothing changes', async () => {
  const { server, upload, put } = await adminServer();
  await upload('Outing.pdf', DETAILS);
  const member = await signedIn(server.baseUrl, MEMBER);

  const visitor = await put(fetch, 'events/Outing.pdf', null);
  const other = await put(member.fetch, 'events/Outing.pdf', null);

  expect([visitor.status, other.status]).toEqual([401, 403]);
  expect((await listing(server)).events[0]?.details).toEqual(DETAILS);
});

test('details refused on a change leave the stored ones, and a good change returns the event', async () => {
  const { server, jar, upload, put } = await adminServer();
  await upload('Outing.pdf', DETAILS);

  const refused = await put(jar.fetch, 'events/Outing.pdf', { ...DETAILS, start: '2026-03-29T01:30' });
  const changed = await put(jar.fetch, 'events/Outing.pdf', { ...DETAILS, town: 'Westport' });

  expect(refused.status).toBe(400);
  expect(errorBodySchema.parse(await refused.json()).error.fieldErrors?.start).toContain('the clocks go forward');
  expect(changed.status).toBe(200);
  expect(listedEventSchema.parse(await changed.json()).details?.town).toBe('Westport');
  expect((await listing(server)).events[0]?.details?.town).toBe('Westport');
});

test('an event given only its branch has no details: it is listed and returned with its branch, to have details added', async () => {
  const { server, jar, upload, put } = await adminServer();
  const branch = await addBranch(server, jar, 'Cork Branch');
  await upload('Outing.pdf', undefined);

  const saved = await put(jar.fetch, 'events/Outing.pdf', NO_EVENT_DETAILS, branch);
  const listed = (await listing(server)).events[0];

  expect(saved.status).toBe(200);
  expect(listedEventSchema.parse(await saved.json())).toMatchObject({ details: null, branch: { id: branch, name: 'Cork Branch' } });
  expect(listed).toMatchObject({ details: null, branch: { id: branch, name: 'Cork Branch' } });
  // The branch is kept in the details' row, which reads as no details.
  expect(rowCount(server)).toBe(1);
  expect(createEventDetailsRepository(server.app.db).get('Outing.pdf')).toBeUndefined();
});

test('deleting an event file deletes its details in the same step', async () => {
  const { server, jar, upload } = await adminServer();
  await upload('Outing.pdf', DETAILS);

  const deleted = await jar.fetch(`${server.baseUrl}/api/files?path=${encodeURIComponent('events/Outing.pdf')}`, { method: 'DELETE' });

  expect(deleted.status).toBe(204);
  expect(fs.existsSync(path.join(server.dataDir, 'files', 'events', 'Outing.pdf'))).toBe(false);
  expect(rowCount(server)).toBe(0);
});

test('details left without their file (a delete stopped half way, or a file removed by hand) are swept at the next start', async () => {
  const dataDir = temporaryDir('events');
  const first = await adminServer(dataDir);
  await first.upload('Outing.pdf', DETAILS);
  await first.server.close();
  fs.rmSync(path.join(dataDir, 'files', 'events', 'Outing.pdf'));

  const second = await startTestServer({ dataDir });

  expect(rowCount(second)).toBe(0);
});

test('a database from before events had details is upgraded in place, keeping what it held', async () => {
  const dataDir = temporaryDir('old-schema');
  const old = new Database(path.join(dataDir, 'site.db'));
  old.exec(MIGRATIONS[0] ?? '');
  old.pragma('user_version = 1');
  old.prepare('INSERT INTO posts (title, body, published_at) VALUES (?, ?, ?)').run('Kept', 'Body', '2026-01-01T00:00:00.000Z');
  old.close();
  fs.mkdirSync(path.join(dataDir, 'files', 'events'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', 'events', 'Old event.pdf'), PDF);

  const server = await startTestServer({ dataDir });

  expect(server.app.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  expect(server.app.posts.list().map((post) => post.title)).toEqual(['Kept']);
  expect((await listing(server)).events.map((event) => [event.file.name, event.details])).toEqual([['Old event.pdf', null]]);
});
