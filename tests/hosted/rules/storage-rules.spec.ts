import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, afterEach, beforeAll, test } from 'vitest';

// storage.rules must be read by the Storage emulator, which `npm run test:rules` starts.
const environment: { current?: RulesTestEnvironment } = {};

beforeAll(async () => {
  environment.current = await initializeTestEnvironment({
    projectId: 'demo-rnai',
    storage: { rules: readFileSync('storage.rules', 'utf8') },
  });
});

afterEach(async () => {
  await environment.current?.clearStorage();
});

afterAll(async () => {
  await environment.current?.cleanup();
});

function testEnvironment(): RulesTestEnvironment {
  if (environment.current === undefined) throw new Error('The rules test environment did not start.');
  return environment.current;
}

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function bytes(size = 64): Uint8Array {
  const data = new Uint8Array(size).fill(0x20);
  data.set(new TextEncoder().encode('%PDF-1.7\n'));
  return data;
}

const administrator = () =>
  testEnvironment().authenticatedContext('secretary', { email: 'Secretary@example.org', email_verified: true });
const unverifiedAdministrator = () =>
  testEnvironment().authenticatedContext('chair', { email: 'chair@example.org', email_verified: false });
const member = () => testEnvironment().authenticatedContext('member', { email: 'member@example.org', email_verified: true });
const visitor = () => testEnvironment().unauthenticatedContext();

function put(context: RulesTestContext, path: string, contentType = PDF, size = 64): Promise<unknown> {
  return Promise.resolve(context.storage().ref(path).put(bytes(size), { contentType }));
}

async function seed(path: string, contentType = PDF): Promise<void> {
  await testEnvironment().withSecurityRulesDisabled(async (context) => {
    await put(context, path, contentType);
  });
}

test('anyone may read and list the three folders', async () => {
  await seed('Join form.pdf');
  await seed('events/AGM.pdf');
  await seed('newsletters/Spring.pdf');

  await assertSucceeds(visitor().storage().ref('events/AGM.pdf').getMetadata());
  await assertSucceeds(visitor().storage().ref('newsletters/Spring.pdf').getDownloadURL());
  await assertSucceeds(visitor().storage().ref('events').list({ maxResults: 10 }));
  await assertSucceeds(visitor().storage().ref('').list({ maxResults: 10 }));
});

test('an administrator with a verified e-mail on the list may add a PDF to each folder', async () => {
  await assertSucceeds(put(administrator(), 'Join form.pdf'));
  await assertSucceeds(put(administrator(), 'events/AGM.pdf'));
  await assertSucceeds(put(administrator(), 'newsletters/Spring.pdf'));
});

test('a Word document may go to the root only', async () => {
  await assertSucceeds(put(administrator(), 'Application.docx', DOCX));
  await assertFails(put(administrator(), 'events/Programme.docx', DOCX));
  await assertFails(put(administrator(), 'newsletters/Spring.docx', DOCX));
});

test('the content type must match the name', async () => {
  await assertFails(put(administrator(), 'events/AGM.pdf', 'text/html'));
  await assertFails(put(administrator(), 'events/page.html', PDF));
});

test('a stored file is never replaced, not even by an administrator', async () => {
  await seed('events/AGM.pdf');

  await assertFails(put(administrator(), 'events/AGM.pdf'));
});

test('nobody else may add a file', async () => {
  await assertFails(put(visitor(), 'events/AGM.pdf'));
  await assertFails(put(member(), 'events/AGM.pdf'));
  await assertFails(put(unverifiedAdministrator(), 'events/AGM.pdf'));
});

test('files are refused when empty or over 20 MB', async () => {
  await assertFails(put(administrator(), 'events/Empty.pdf', PDF, 0));
  await assertFails(put(administrator(), 'events/Huge.pdf', PDF, 20 * 1024 * 1024 + 1));
});

test('nothing may be written outside the three folders', async () => {
  await assertFails(put(administrator(), 'private/Notes.pdf'));
  await assertFails(put(administrator(), 'events/2026/AGM.pdf'));
  await assertFails(put(administrator(), '.hidden.pdf'));
});

test('only an administrator may delete a file', async () => {
  await seed('events/AGM.pdf');

  await assertFails(visitor().storage().ref('events/AGM.pdf').delete());
  await assertFails(member().storage().ref('events/AGM.pdf').delete());
  await assertFails(unverifiedAdministrator().storage().ref('events/AGM.pdf').delete());
  await assertSucceeds(administrator().storage().ref('events/AGM.pdf').delete());
});

// Event details live in an event file's custom metadata (adapters/firebase/event-metadata.ts).
const DETAILS = {
  eventTitle: 'Annual General Meeting',
  eventStart: '2026-09-12T14:30',
  eventEnd: '2026-09-12T16:00',
  eventTimeZone: 'Europe/Dublin',
  eventVenue: 'Parish Hall',
  eventTown: 'Athlone',
  eventDescription: 'All members welcome.',
};

function putWithDetails(context: RulesTestContext, path: string, customMetadata: Record<string, string>): Promise<unknown> {
  return Promise.resolve(context.storage().ref(path).put(bytes(), { contentType: PDF, customMetadata }));
}

function changeDetails(context: RulesTestContext, path: string, customMetadata: Record<string, string | null>): Promise<unknown> {
  return Promise.resolve(context.storage().ref(path).updateMetadata({ customMetadata: customMetadata as Record<string, string> }));
}

test('an administrator may upload an event file with its details', async () => {
  await assertSucceeds(putWithDetails(administrator(), 'events/AGM.pdf', DETAILS));
  await assertSucceeds(putWithDetails(administrator(), 'events/Walk.pdf', { eventStart: '2026-05-02', eventAllDay: 'true' }));
});

test('details with unknown keys, over-long values or badly written dates are refused, and so are details on other folders', async () => {
  await assertFails(putWithDetails(administrator(), 'events/A.pdf', { ...DETAILS, colour: 'red' }));
  await assertFails(putWithDetails(administrator(), 'events/B.pdf', { eventTitle: 'x'.repeat(151) }));
  await assertFails(putWithDetails(administrator(), 'events/C.pdf', { eventDescription: 'x'.repeat(1001) }));
  await assertFails(putWithDetails(administrator(), 'events/D.pdf', { eventStart: '12/09/2026' }));
  await assertFails(putWithDetails(administrator(), 'events/E.pdf', { eventAllDay: 'yes' }));
  await assertFails(putWithDetails(administrator(), 'newsletters/Spring.pdf', DETAILS));
  await assertFails(putWithDetails(administrator(), 'Join form.pdf', DETAILS));
});

test('an administrator may add, change and remove the details of a stored event file without replacing it', async () => {
  await seed('events/AGM.pdf');

  await assertSucceeds(changeDetails(administrator(), 'events/AGM.pdf', DETAILS));
  await assertSucceeds(changeDetails(administrator(), 'events/AGM.pdf', { eventTown: 'Mullingar' }));
  await assertSucceeds(changeDetails(administrator(), 'events/AGM.pdf', { eventTown: null, eventVenue: null }));
});

test('changing details is held to the same keys and lengths', async () => {
  await seed('events/AGM.pdf');

  await assertFails(changeDetails(administrator(), 'events/AGM.pdf', { owner: 'someone' }));
  await assertFails(changeDetails(administrator(), 'events/AGM.pdf', { eventVenue: 'x'.repeat(121) }));
});

test("nobody but an administrator may change an event file's details: not a visitor, a member or an unverified administrator", async () => {
  await seed('events/AGM.pdf');

  await assertFails(changeDetails(visitor(), 'events/AGM.pdf', DETAILS));
  await assertFails(changeDetails(member(), 'events/AGM.pdf', DETAILS));
  await assertFails(changeDetails(unverifiedAdministrator(), 'events/AGM.pdf', DETAILS));
});

test('an update can never replace an event file, even by an administrator', async () => {
  await seed('events/AGM.pdf');

  await assertFails(Promise.resolve(administrator().storage().ref('events/AGM.pdf').put(bytes(128), { contentType: PDF, customMetadata: DETAILS })));
});

test('other folders still allow no update at all', async () => {
  await seed('newsletters/Spring.pdf');

  await assertFails(changeDetails(administrator(), 'newsletters/Spring.pdf', {}));
});
