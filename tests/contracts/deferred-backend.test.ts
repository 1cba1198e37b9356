import { expect, test } from 'vitest';
import { SEARCHES_FILE_NAMES, SEARCHES_INSIDE_FILES } from '../../src-core/domain/search';
import { createMemoryBackend } from '../support/memory/memory-backend';
import type { Backend, PrivacyFacts } from '../../src-core/ports/backend';
import { isCoreError } from '../../src-core/domain/core-error';
import { deferredBackend, type DeferredBackendShape } from '../../src/app/deferred-backend';

const SHAPE: DeferredBackendShape = {
  storageCapabilities: { pauseResume: false },
  optionalPorts: ['contentEditor', 'contactInbox', 'associationEditor'],
  privacy: createMemoryBackend().privacy,
  searchCoverage: SEARCHES_FILE_NAMES,
};

const MAILBOX_PRIVACY: PrivacyFacts = {
  contactMessages: { keptBy: 'our-mailbox', sentThrough: 'A mail service' },
  outsideServices: [{ name: 'A mail service', purpose: 'passes on messages' }],
  administratorSignIn: { keptBy: 'sign-in-service', service: 'A sign-in service' },
  auditTrail: false,
  visitCounts: false,
};

function pdf(): Blob {
  return new Blob(['%PDF-1.7\n sample'], { type: 'application/pdf' });
}

function countingLoader(backend: Backend) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    return backend;
  };
  return { calls, load };
}

test('nothing is downloaded until a port is first used, and then only once', async () => {
  const { calls, load } = countingLoader(createMemoryBackend());
  const backend = deferredBackend(load, SHAPE);

  expect(calls.count).toBe(0);
  await Promise.all([backend.content.listPosts(), backend.storage.listFiles('events'), backend.content.listPosts()]);
  expect(calls.count).toBe(1);
});

test('a download that failed is tried again on the next use', async () => {
  const real = createMemoryBackend();
  const attempts = { count: 0 };
  const backend = deferredBackend(async () => {
    attempts.count += 1;
    if (attempts.count === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return real;
  }, SHAPE);

  await expect(backend.content.listPosts()).rejects.toThrow('Failed to fetch');
  await expect(backend.content.listPosts()).resolves.toEqual(await real.content.listPosts());
  expect(attempts.count).toBe(2);
});

test('an upload cancelled before the adapters arrive never starts and ends as cancelled', async () => {
  const real = createMemoryBackend();
  const backend = deferredBackend(async () => real, SHAPE);

  const task = backend.storage.upload({ folder: 'events', name: 'Cancelled.pdf', data: pdf() });
  task.cancel();

  const failure = await task.result.catch((error: unknown) => error);
  expect(isCoreError(failure, 'canceled')).toBe(true);
  expect((await real.storage.listFiles('events')).map((file) => file.name)).not.toContain('Cancelled.pdf');
});

test('a listener that stopped before the adapters arrived is never called', async () => {
  const heard: unknown[] = [];
  const backend = deferredBackend(async () => createMemoryBackend(), SHAPE);

  const stop = backend.auth.observeUser((user) => heard.push(user));
  stop();
  await backend.content.listPosts();

  expect(heard).toEqual([]);
});

test('the parts the screens check before loading are there as the shape says', () => {
  const backend = deferredBackend(async () => createMemoryBackend(), {
    storageCapabilities: { pauseResume: true },
    optionalPorts: [],
    externalContentManagerUrl: 'https://cms.example.org',
    privacy: MAILBOX_PRIVACY,
    searchCoverage: SEARCHES_INSIDE_FILES,
  });

  // Known at once, so the privacy page renders the same before and after the adapters load.
  expect(backend.privacy).toBe(MAILBOX_PRIVACY);
  expect(backend.storage.capabilities.pauseResume).toBe(true);
  expect(backend.contentEditor).toBeUndefined();
  expect(backend.contactInbox).toBeUndefined();
  expect(backend.memberMail).toBeUndefined();
  expect(backend.externalContentManagerUrl).toBe('https://cms.example.org');
  // The search page says what is searched before anything is.
  expect(backend.search.coverage).toBe(SEARCHES_INSIDE_FILES);
});

test('e-mail to members is there when the shape says so, and waits for the adapters to answer', async () => {
  const list = { subscribers: [], counts: { confirmed: 4, pending: 1, notWorking: 0 }, emailSetUp: true, exportHref: '/export.csv' };
  const loaded: Backend = {
    ...createMemoryBackend(),
    memberMail: {
      listSubscribers: async (search) => (search === 'mary' ? list : Promise.reject(new Error('Asked for the wrong search.'))),
      addSubscriber: () => Promise.reject(new Error('unused')),
      removeSubscriber: () => Promise.reject(new Error('unused')),
      subscriberRecord: () => Promise.reject(new Error('unused')),
      eraseSubscriber: () => Promise.reject(new Error('unused')),
      listMailings: () => Promise.reject(new Error('unused')),
      createMailing: () => Promise.reject(new Error('unused')),
      getMailing: () => Promise.reject(new Error('unused')),
      previewMailing: () => Promise.reject(new Error('unused')),
      sendTest: () => Promise.reject(new Error('unused')),
      sendMailing: () => Promise.reject(new Error('unused')),
      pauseMailing: () => Promise.reject(new Error('unused')),
      resumeMailing: () => Promise.reject(new Error('unused')),
    },
  };
  const { calls, load } = countingLoader(loaded);
  const backend = deferredBackend(load, { ...SHAPE, optionalPorts: [...SHAPE.optionalPorts, 'memberMail'] });

  expect(calls.count).toBe(0);
  expect(await backend.memberMail?.listSubscribers('mary')).toBe(list);
  expect(calls.count).toBe(1);
});
