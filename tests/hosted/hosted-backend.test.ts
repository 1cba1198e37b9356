// @vitest-environment node
import { expect, test } from 'vitest';
import { createHostedBackend } from '../../adapters/hosted/hosted-backend';
import { CONFIRMATION_TEMPLATE, FIRESTORE_COLLECTIONS } from '../../adapters/firebase/firestore-records';
import { confirmationTemplate } from '../../adapters/firebase/firestore-subscriptions.adapter';
import { contentfulHandlers } from '../../mocks/contentful';
import { firebaseAuthHandlers } from '../../mocks/firebase-auth';
import { createFirestoreFake } from '../../mocks/firebase-firestore';
import { createFirebaseStorageFake, firebaseStorageUnreachable } from '../../mocks/firebase-storage';
import { LISTING_WAIT_BUDGET_MS } from '../../adapters/firebase/firebase-storage.adapter';
import { failureOf } from '../support/core-error';
import { ADMIN, TEST_CONTENTFUL, TEST_FIREBASE, samplePosts, testHostedEnv, uniqueAppName } from './hosted-samples';
import { useFakeNetwork } from '../support/fake-network';

const server = useFakeNetwork();

const env = testHostedEnv({ adminEmails: ADMIN.email, maxUploadMb: 10 });

test('the hosted backend points the admin to the external content site and has no editor or inbox, but has the subscriber list', () => {
  const backend = createHostedBackend(env, { firebaseAppName: uniqueAppName('backend') });

  expect(backend.externalContentManagerUrl).toBe('https://app.contentful.com/spaces/demospace');
  expect(backend.contentEditor).toBeUndefined();
  expect(backend.contactInbox).toBeUndefined();
  expect(backend.memberMail).toBeDefined();
  expect(backend.subscriptions).toBeDefined();
  expect(backend.storage.capabilities.pauseResume).toBe(true);
});

test('its ports reach Contentful and Firebase Storage with the configured settings', async () => {
  const storage = createFirebaseStorageFake({
    bucket: TEST_FIREBASE.storageBucket,
    adminEmails: [ADMIN.email],
    objects: [{ fullPath: 'events/AGM.pdf' }],
  });
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }), ...storage.handlers);
  const backend = createHostedBackend(env, { firebaseAppName: uniqueAppName('backend') });

  const [posts, events, maxBytes] = await Promise.all([
    backend.content.listPosts(),
    backend.storage.listFiles('events'),
    backend.storage.getMaxUploadBytes(),
  ]);

  expect(posts).toHaveLength(3);
  expect(events.map((file) => file.name)).toEqual(['AGM.pdf']);
  expect(maxBytes).toBe(10 * 1024 * 1024);
});

test('when Storage cannot be reached, the events and the documents fail within the listing budget, each with a message that says to try again', async () => {
  const storage = createFirebaseStorageFake({ bucket: TEST_FIREBASE.storageBucket, adminEmails: [ADMIN.email], objects: [{ fullPath: 'events/AGM.pdf' }] });
  server.use(...storage.handlers);
  const backend = createHostedBackend(env, { firebaseAppName: uniqueAppName('unreachable') });
  // The SDK is loaded once the site runs; the budget starts when it is there.
  await backend.events.listEvents();
  server.use(...firebaseStorageUnreachable('refused'));

  const started = performance.now();
  const [events, documents] = await Promise.all([failureOf(backend.events.listEvents()), failureOf(backend.storage.listFiles('root'))]);
  const waited = performance.now() - started;

  expect(waited).toBeLessThanOrEqual(LISTING_WAIT_BUDGET_MS + 500);
  for (const error of [events, documents]) {
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/try again/);
  }
});

test('Firestore (its lite SDK, which the screens use) is initialised with the app configuration, and only once the page is idle', async () => {
  const backend = createHostedBackend(env, { firebaseAppName: uniqueAppName('firestore') });
  const idle: { run?: () => void } = {};

  const firestore = backend.startFirestoreWhenIdle((callback) => {
    idle.run = callback;
  });
  const before = await Promise.race([firestore.then(() => 'initialised'), new Promise((resolve) => setTimeout(resolve, 50, 'waiting'))]);
  idle.run?.();
  const initialised = (await firestore) as { app: { options: { projectId?: string } }; type: string };

  expect(before).toBe('waiting');
  expect(initialised.type).toBe('firestore-lite');
  expect(initialised.app.options.projectId).toBe('demo-rnai');
});

test("an administrator's sign-in writes the confirmation mail's template, so no page has to be opened after a deploy", async () => {
  const firestore = createFirestoreFake({ projectId: TEST_FIREBASE.projectId, adminEmails: [ADMIN.email] });
  server.use(...firestore.handlers, ...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [{ ...ADMIN, emailVerified: true }] }));
  const backend = createHostedBackend(env, { firebaseAppName: uniqueAppName('template'), origin: 'https://www.example.org' });
  const seen: (string | null)[] = [];
  const stop = backend.auth.observeUser((user) => seen.push(user?.email ?? null));

  await backend.auth.signIn(ADMIN);

  await expect.poll(() => firestore.get(`${FIRESTORE_COLLECTIONS.templates}/${CONFIRMATION_TEMPLATE}`)).toEqual(confirmationTemplate('https://www.example.org'));
  expect(seen).toContain(ADMIN.email);
  stop();
});
