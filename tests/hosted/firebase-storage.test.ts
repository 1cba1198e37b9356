// @vitest-environment node
// The SDK runs its Node build here, whose fetch needs Node's own Blob, not jsdom's.
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseAuth } from '../../adapters/firebase/firebase-auth.adapter';
import { LISTING_WAIT_BUDGET_MS, OPERATION_RETRY_MS, createFirebaseStorage, type FirebaseStorageOptions } from '../../adapters/firebase/firebase-storage.adapter';
import { firebaseAuthHandlers } from '../../mocks/firebase-auth';
import { createFirebaseStorageFake, firebaseStorageOutage, firebaseStorageUnreachable, samplePdfBytes, type SeedObject } from '../../mocks/firebase-storage';
import { createChunkGate } from '../../mocks/hosted-browser-control';
import type { UploadProgress } from '../../src-core/ports/storage.port';
import { ADMIN, TEST_FIREBASE, uniqueAppName } from './hosted-samples';
import { useFakeNetwork } from '../support/fake-network';
import { failureOf } from '../support/core-error';

const server = useFakeNetwork();

const MEMBER = { email: 'member@example.org', password: 'another long password' };

/** A fresh Firebase app per test with fake Auth and Storage services behind it. */
function hostedFiles(
  seed: { objects?: readonly SeedObject[]; storage?: Partial<FirebaseStorageOptions>; beforeChunk?: (chunk: { readonly offset: number }) => Promise<void> | void } = {},
) {
  const fake = createFirebaseStorageFake({
    bucket: TEST_FIREBASE.storageBucket,
    adminEmails: [ADMIN.email],
    objects: seed.objects,
    beforeChunk: seed.beforeChunk,
  });
  server.use(...fake.handlers, ...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [ADMIN, MEMBER] }));
  const loadApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('storage'));
  const auth = createFirebaseAuth({ loadApp, adminEmails: [ADMIN.email] });
  const storage = createFirebaseStorage({
    loadApp,
    maxUploadBytes: 5 * 1024 * 1024,
    retryTimeMs: { operation: 300, upload: 300 },
    ...seed.storage,
  });
  return { fake, auth, storage };
}

function pdf(size: number, title = 'document'): Blob {
  const bytes = new Uint8Array(size);
  bytes.set(samplePdfBytes(title).subarray(0, Math.min(size, 32)));
  return new Blob([bytes], { type: 'application/pdf' });
}

const seeded: readonly SeedObject[] = [
  { fullPath: 'Membership form.pdf', updatedAt: '2026-02-01T09:00:00.000Z' },
  { fullPath: 'Application.docx' },
  { fullPath: 'events/Summer outing.pdf' },
  { fullPath: 'events/AGM 2026.pdf' },
  { fullPath: 'newsletters/Spring 2026.pdf' },
];

test('lists the files directly inside a folder, by name, with what the SDK reports about them', async () => {
  const { storage } = hostedFiles({ objects: seeded });

  const root = await storage.listFiles('root');
  const events = await storage.listFiles('events');

  expect(root.map((file) => file.fullPath)).toEqual(['Application.docx', 'Membership form.pdf']);
  expect(events.map((file) => file.name)).toEqual(['AGM 2026.pdf', 'Summer outing.pdf']);
  expect(root[1]).toMatchObject({
    name: 'Membership form.pdf',
    fullPath: 'Membership form.pdf',
    size: samplePdfBytes('Membership form.pdf').length,
    updatedAt: '2026-02-01T09:00:00.000Z',
    contentType: 'application/pdf',
  });
});

test('each listed file has a download address that serves its bytes', async () => {
  const { storage } = hostedFiles({ objects: seeded });

  const [newsletter] = await storage.listFiles('newsletters');
  const response = await fetch(newsletter?.url ?? '');

  expect(newsletter?.url).toMatch(/^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/demo-rnai\.appspot\.com\/o\/newsletters%2FSpring%202026\.pdf\?alt=media&token=/);
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(samplePdfBytes('newsletters/Spring 2026.pdf'));
});

test('a folder larger than one page is listed whole, page by page', async () => {
  const objects = Array.from({ length: 7 }, (_, index) => ({ fullPath: `events/Event ${index + 1}.pdf` }));
  const { storage } = hostedFiles({ objects, storage: { pageSize: 3 } });
  const listings: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith('/o')) listings.push(request.url);
  });

  const files = await storage.listFiles('events');

  server.events.removeAllListeners();
  expect(files).toHaveLength(7);
  expect(listings).toHaveLength(3);
  expect(listings.every((url) => new URL(url).searchParams.get('maxResults') === '3')).toBe(true);
});

test('a page size outside 1 to 1000 is refused when the adapter is made', () => {
  const loadApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('storage'));

  expect(() => createFirebaseStorage({ loadApp, maxUploadBytes: 1, pageSize: 0 })).toThrow(RangeError);
  expect(() => createFirebaseStorage({ loadApp, maxUploadBytes: 1, pageSize: 1001 })).toThrow(RangeError);
});

test('Firebase uploads can be paused and resumed', () => {
  const { storage } = hostedFiles();

  expect(storage.capabilities.pauseResume).toBe(true);
});

test('an administrator uploads a small file to {folder}/{name}', async () => {
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);
  const progress: UploadProgress[] = [];

  const stored = await storage.upload({
    folder: 'events',
    name: 'Christmas party.pdf',
    data: pdf(2048),
    onProgress: (update) => progress.push(update),
  }).result;

  expect(stored).toMatchObject({ name: 'Christmas party.pdf', fullPath: 'events/Christmas party.pdf', size: 2048, contentType: 'application/pdf' });
  expect(fake.paths()).toEqual(['events/Christmas party.pdf']);
  expect(progress.at(-1)).toEqual({ bytesTransferred: 2048, totalBytes: 2048 });
});

test('a file at the root is stored under just its name', async () => {
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);

  const stored = await storage.upload({ folder: 'root', name: 'Join form.pdf', data: pdf(1000) }).result;

  expect(stored.fullPath).toBe('Join form.pdf');
  expect(fake.paths()).toEqual(['Join form.pdf']);
});

test('a large file goes up in resumable chunks, with progress after each', async () => {
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);
  const size = 1024 * 1024 + 123;
  const data = pdf(size, 'big');
  const progress: number[] = [];

  const stored = await storage.upload({
    folder: 'newsletters',
    name: 'Annual report.pdf',
    data,
    onProgress: ({ bytesTransferred }) => progress.push(bytesTransferred),
  }).result;

  expect(stored.size).toBe(size);
  expect(fake.chunks.map((chunk) => chunk.offset)).toEqual([0, 262144, 786432]);
  expect(progress).toEqual([262144, 786432, size]);
  expect(fake.read('newsletters/Annual report.pdf')).toEqual(new Uint8Array(await data.arrayBuffer()));
});

test('cancelling an upload stops it and stores nothing', async () => {
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);
  const cancelAfterFirstChunk = { task: undefined as { cancel(): void } | undefined };
  const task = storage.upload({
    folder: 'events',
    name: 'Outing.pdf',
    data: pdf(1024 * 1024),
    onProgress: () => cancelAfterFirstChunk.task?.cancel(),
  });
  cancelAfterFirstChunk.task = task;

  const error = await failureOf(task.result);

  expect(error.kind).toBe('canceled');
  expect(error.message).toBe('The upload was canceled. Nothing was stored.');
  expect(fake.paths()).toEqual([]);
});

test('a paused upload sends nothing until it is resumed, then completes', async () => {
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);
  const control = { task: undefined as { pause?(): void } | undefined, paused: false };
  const task = storage.upload({
    folder: 'events',
    name: 'Outing.pdf',
    data: pdf(1024 * 1024),
    onProgress: () => {
      if (!control.paused) {
        control.paused = true;
        control.task?.pause?.();
      }
    },
  });
  control.task = task;

  await expect.poll(() => fake.chunks.length).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const chunksWhilePaused = fake.chunks.length;
  task.resume?.();
  const stored = await task.result;

  expect(chunksWhilePaused).toBe(1);
  expect(stored.fullPath).toBe('events/Outing.pdf');
  expect(fake.chunks.length).toBeGreaterThan(1);
});

test('a page named Minutes.pdf is refused in the browser before anything is sent to Storage', async () => {
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.startsWith('https://firebasestorage.googleapis.com/')) sent.push(`${request.method} ${request.url}`);
  });
  const page = new Blob(['<!doctype html><script>alert(document.cookie)</script>'], { type: 'application/pdf' });

  const error = await failureOf(storage.upload({ folder: 'events', name: 'Minutes.pdf', data: page }).result);

  server.events.removeAllListeners();
  expect(error.kind).toBe('invalid-input');
  expect(error.message).toBe('This file is not a PDF file, or it is damaged. Only PDF files can be uploaded here.');
  expect(sent).toEqual([]);
  expect(fake.paths()).toEqual([]);
});

function fakeIdToken(email: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ email, email_verified: true, user_id: 'admin-1', exp: Math.floor(Date.now() / 1000) + 600 })}.`;
}

// In the browser, pausing aborts the chunk on its way, but the bytes may already be at the
// service; resuming sends that piece again from the same offset. The service counts only the
// first to arrive, so the fake checks the offset once a chunk has arrived, not before it waits.
test('the Storage fake, like the service, takes only the first of two chunks sent for the same offset', async () => {
  const gate = createChunkGate();
  const { fake } = hostedFiles({ beforeChunk: () => gate.beforeChunk() });
  const collection = `https://firebasestorage.googleapis.com/v0/b/${TEST_FIREBASE.storageBucket}/o`;
  const size = 2 * 262144;
  const start = await fetch(`${collection}?name=${encodeURIComponent('events/Outing.pdf')}&uploadType=resumable`, {
    method: 'POST',
    headers: {
      authorization: `Firebase ${fakeIdToken(ADMIN.email)}`,
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(size),
      'x-goog-upload-header-content-type': 'application/pdf',
    },
  });
  const uploadUrl = start.headers.get('x-goog-upload-url') ?? '';
  const chunk = () =>
    fetch(uploadUrl, { method: 'POST', headers: { 'x-goog-upload-command': 'upload', 'x-goog-upload-offset': '0' }, body: new Uint8Array(262144) });
  gate.hold();

  const both = Promise.all([chunk(), chunk()]);
  await expect.poll(() => gate.waiting()).toBe(2);
  gate.release();
  const statuses = (await both).map((response) => response.status).sort();
  const query = await fetch(uploadUrl, { method: 'POST', headers: { 'x-goog-upload-command': 'query' } });

  expect(start.status).toBe(200);
  expect(statuses).toEqual([200, 400]);
  expect(query.headers.get('x-goog-upload-size-received')).toBe('262144');
  expect(fake.chunks).toHaveLength(1);
});

test('when Storage refuses the rest of an upload after a pause, the volunteer is told to upload it again, not to check the connection', async () => {
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);
  const control = { task: undefined as { pause?(): void; resume?(): void } | undefined, paused: false };
  // What the service responds to a piece sent again from an offset it has already passed.
  server.use(
    http.post(/\/v0\/b\/[^/]+\/o$/, ({ request }) =>
      control.paused && new URL(request.url).searchParams.has('upload_id') && request.headers.get('x-goog-upload-command')?.includes('upload')
        ? HttpResponse.json({ error: { code: 400, message: 'Invalid upload offset.' } }, { status: 400 })
        : undefined,
    ),
  );
  const task = storage.upload({
    folder: 'events',
    name: 'Outing.pdf',
    data: pdf(1024 * 1024),
    onProgress: () => {
      if (control.paused) return;
      control.paused = true;
      control.task?.pause?.();
      control.task?.resume?.();
    },
  });
  control.task = task;

  const error = await failureOf(task.result);

  expect(error.kind).toBe('unavailable');
  expect(error.message).toBe('The upload could not carry on after the pause, so nothing was stored. Please upload the file again.');
  expect(fake.paths()).toEqual([]);
});

test('an existing name is refused as a conflict and the stored file is kept', async () => {
  const { fake, auth, storage } = hostedFiles({ objects: [{ fullPath: 'events/AGM 2026.pdf' }] });
  await auth.signIn(ADMIN);

  const error = await failureOf(storage.upload({ folder: 'events', name: 'AGM 2026.pdf', data: pdf(500) }).result);

  expect(error.kind).toBe('conflict');
  expect(error.message).toBe('A file with this name already exists here. Delete it first, or rename your file and upload it again.');
  expect(fake.read('events/AGM 2026.pdf')).toEqual(samplePdfBytes('events/AGM 2026.pdf'));
});

test('an existing name on a later page of the folder is still refused', async () => {
  const objects = Array.from({ length: 5 }, (_, index) => ({ fullPath: `events/Event ${index + 1}.pdf` }));
  const { auth, storage } = hostedFiles({ objects, storage: { pageSize: 2 } });
  await auth.signIn(ADMIN);

  const error = await failureOf(storage.upload({ folder: 'events', name: 'Event 5.pdf', data: pdf(500) }).result);

  expect(error.kind).toBe('conflict');
});

// A browser writes every 404 in its console as an error: asking for the new file to see that
// the name is free put one there on every upload.
test('checking that a new name is free asks Storage for nothing that is missing', async () => {
  const { fake, auth, storage } = hostedFiles({ objects: [{ fullPath: 'Outing.pdf' }] });
  await auth.signIn(ADMIN);
  const notFound: string[] = [];
  server.events.on('response:mocked', ({ request, response }) => {
    if (response.status === 404) notFound.push(`${request.method} ${request.url}`);
  });

  const stored = await storage.upload({ folder: 'events', name: 'Outing.pdf', data: pdf(500) }).result;

  server.events.removeAllListeners();
  expect(stored.fullPath).toBe('events/Outing.pdf');
  expect(fake.paths()).toEqual(['Outing.pdf', 'events/Outing.pdf']);
  expect(notFound).toEqual([]);
});

test('without signing in, Storage refuses the upload and nothing is stored', async () => {
  const { fake, storage } = hostedFiles();

  const error = await failureOf(storage.upload({ folder: 'events', name: 'Outing.pdf', data: pdf(500) }).result);

  expect(error.kind).toBe('not-authorised');
  expect(fake.paths()).toEqual([]);
});

test('a signed-in account that is not an administrator is refused by Storage, whatever the client thinks', async () => {
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(MEMBER);

  const error = await failureOf(storage.upload({ folder: 'events', name: 'Outing.pdf', data: pdf(300 * 1024) }).result);

  expect(error.kind).toBe('not-authorised');
  expect(error.message).toBe('This was refused: only an administrator may add or delete files, and a file can never be replaced.');
  expect(fake.paths()).toEqual([]);
});

test('a Word document for the events folder is refused before anything is sent', async () => {
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);

  const error = await failureOf(
    storage.upload({ folder: 'events', name: 'Programme.docx', data: new Blob(['PK\u0003\u0004'], { type: '' }) }).result,
  );

  expect(error.kind).toBe('invalid-input');
  expect(error.message).toBe('Only PDF files can be uploaded here. Please choose another file.');
  expect(fake.paths()).toEqual([]);
});

test('a Word document may go to the root, stored with its Word content type', async () => {
  const { auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);

  const stored = await storage.upload({ folder: 'root', name: 'Application.docx', data: new Blob(['PK\u0003\u0004 word']) }).result;

  expect(stored.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
});

test('a file over the limit is refused before anything is sent', async () => {
  const { auth, storage } = hostedFiles({ storage: { maxUploadBytes: 1000 } });
  await auth.signIn(ADMIN);

  const error = await failureOf(storage.upload({ folder: 'events', name: 'Outing.pdf', data: pdf(1001) }).result);

  expect(error.kind).toBe('invalid-input');
  expect(await storage.getMaxUploadBytes()).toBe(1000);
});

test('an administrator deletes a file by its full path', async () => {
  const { fake, auth, storage } = hostedFiles({ objects: seeded });
  await auth.signIn(ADMIN);

  await storage.deleteFile('events/AGM 2026.pdf');

  expect(fake.paths()).not.toContain('events/AGM 2026.pdf');
  expect((await storage.listFiles('events')).map((file) => file.name)).toEqual(['Summer outing.pdf']);
});

test('deleting a file that is not there is not-found', async () => {
  const { auth, storage } = hostedFiles({ objects: seeded });
  await auth.signIn(ADMIN);

  const error = await failureOf(storage.deleteFile('events/Gone.pdf'));

  expect(error.kind).toBe('not-found');
  expect(error.message).toBe('This file could not be found. It may have been deleted already.');
});

test('deleting without signing in is refused and the file stays', async () => {
  const { fake, storage } = hostedFiles({ objects: seeded });

  const error = await failureOf(storage.deleteFile('events/AGM 2026.pdf'));

  expect(error.kind).toBe('not-authorised');
  expect(fake.paths()).toContain('events/AGM 2026.pdf');
});

test('a path outside the three folders is never sent to Storage', async () => {
  const { storage } = hostedFiles({ objects: seeded });

  const error = await failureOf(storage.deleteFile('private/secret.pdf'));

  expect(error.kind).toBe('not-found');
});

test('when Storage keeps failing, the listing gives up with a clear message', async () => {
  const { storage } = hostedFiles({ objects: seeded });
  server.use(...firebaseStorageOutage(503));

  const error = await failureOf(storage.listFiles('events'));

  expect(error.kind).toBe('unavailable');
  expect(error.message).toBe('The file storage did not answer in time. Please check your internet connection and try again.');
});

test.each(['refused', 'silent'] as const)(
  'when Storage cannot be reached (the connection is %s), a visitor is told so within the listing budget, not after two minutes',
  async (how) => {
    const { storage } = hostedFiles({ objects: seeded, storage: { retryTimeMs: undefined } });
    await storage.listFiles('events');
    server.use(...firebaseStorageUnreachable(how));

    const started = performance.now();
    const error = await failureOf(storage.listFiles('events'));
    const waited = performance.now() - started;

    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('The file storage did not answer in time. Please check your internet connection and try again.');
    expect(waited).toBeLessThanOrEqual(LISTING_WAIT_BUDGET_MS + 500);
    // A refused connection is retried for a while first, not given up on at once.
    if (how === 'refused') expect(waited).toBeGreaterThan(OPERATION_RETRY_MS / 2);
  },
);

test('a full bucket is explained to the administrator', async () => {
  const { auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);
  server.use(...firebaseStorageOutage(402));

  const error = await failureOf(storage.upload({ folder: 'events', name: 'Outing.pdf', data: pdf(500) }).result);

  expect(error.message).toBe('The file storage is full. Please delete some old files, then try again.');
});

// Pausing while the last piece is on its way: the browser gives up on that request, but its bytes
// may still reach Storage, which then stores the file. On resuming, the SDK asks how far the upload
// got; when the abandoned piece arrives only after that response, the piece sent again is refused.
// The SDK's Node build cannot abort a request, so the handler below plays the browser's part: the
// SDK sees the abandoned request fail, and its bytes reach the fake just before the piece sent again.
test('pausing while the last piece is on its way, then resuming, reports the file as stored when Storage stored it', async () => {
  const size = 2 * 262144;
  const { fake, auth, storage } = hostedFiles();
  await auth.signIn(ADMIN);
  const flow: { abandoned?: () => Promise<Response>; paused?: () => void; onItsWay: boolean } = { onItsWay: false };
  const paused = new Promise<void>((resolve) => (flow.paused = resolve));
  server.use(
    http.post(/\/v0\/b\/[^/]+\/o$/, async ({ request }) => {
      const isLastPiece = new URL(request.url).searchParams.has('upload_id') && request.headers.get('x-goog-upload-offset') === String(size / 2);
      if (!isLastPiece || request.headers.has('x-arrives-late')) return undefined;
      if (flow.abandoned === undefined) {
        const headers = new Headers(request.headers);
        headers.set('x-arrives-late', 'yes');
        const body = await request.arrayBuffer();
        flow.abandoned = () => fetch(request.url, { method: 'POST', headers, body });
        flow.onItsWay = true;
        await paused;
        return HttpResponse.error();
      }
      await flow.abandoned();
      return undefined;
    }),
  );
  const progress: UploadProgress[] = [];
  const task = storage.upload({ folder: 'events', name: 'Outing.pdf', data: pdf(size), onProgress: (moved) => progress.push(moved) });

  await expect.poll(() => flow.onItsWay).toBe(true);
  task.pause?.();
  flow.paused?.();
  task.resume?.();
  const stored = await task.result;

  expect(stored).toMatchObject({ fullPath: 'events/Outing.pdf', size });
  expect(fake.paths()).toEqual(['events/Outing.pdf']);
  expect(progress.at(-1)).toEqual({ bytesTransferred: size, totalBytes: size });
  expect((await storage.listFiles('events')).map((file) => file.fullPath)).toEqual(['events/Outing.pdf']);
});

test('pausing while the last piece is on its way, when that piece arrives before the SDK asks, completes as the service says', async () => {
  const gate = createChunkGate();
  const size = 2 * 262144;
  const { fake, auth, storage } = hostedFiles({ beforeChunk: ({ offset }) => (offset === size / 2 ? gate.beforeChunk() : undefined) });
  await auth.signIn(ADMIN);
  gate.hold();
  const task = storage.upload({ folder: 'events', name: 'Outing.pdf', data: pdf(size) });

  await expect.poll(() => gate.waiting()).toBe(1);
  task.pause?.();
  gate.release();
  await expect.poll(() => fake.paths()).toEqual(['events/Outing.pdf']);
  task.resume?.();

  await expect(task.result).resolves.toMatchObject({ fullPath: 'events/Outing.pdf', size });
});
