// @vitest-environment node
// The port contracts every backend passes, run on the hosted adapters: the real Contentful and
// Firebase SDKs against the MSW fakes. (Auth runs its contract against the Auth emulator, mail in
// a browser-like environment: see the other files here.)
import { createContentfulContent } from '../../adapters/contentful/contentful-content.adapter';
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseAuth } from '../../adapters/firebase/firebase-auth.adapter';
import { createFirebaseEvents } from '../../adapters/firebase/firebase-events.adapter';
import { createFirebaseStorage } from '../../adapters/firebase/firebase-storage.adapter';
import { contentfulHandlers } from '../../mocks/contentful';
import { firebaseAuthHandlers } from '../../mocks/firebase-auth';
import { createFirebaseStorageFake } from '../../mocks/firebase-storage';
import type { Post } from '../../src-core/domain/post';
import { contentContract } from '../contracts/content.contract';
import { eventsContract } from '../contracts/events.contract';
import { storageContract } from '../contracts/storage.contract';
import { ADMIN, TEST_CONTENTFUL, TEST_FIREBASE, uniqueAppName } from './hosted-samples';
import { useFakeNetwork } from '../support/fake-network';

const server = useFakeNetwork();
const done = async () => {};

contentContract('Contentful SDK against the delivery API fake', async () => {
  const posts: Post[] = [];
  server.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts }));
  return {
    content: createContentfulContent(TEST_CONTENTFUL),
    async seedPosts(seeds) {
      const added = seeds.map((seed, index) => ({ id: `seeded${posts.length + index + 1}`, ...seed }));
      posts.push(...added);
      return added;
    },
    cleanup: done,
  };
});

storageContract('Firebase Storage SDK against the Storage REST fake, administrator signed in', async () => {
  const fake = createFirebaseStorageFake({ bucket: TEST_FIREBASE.storageBucket, adminEmails: [ADMIN.email] });
  server.use(...fake.handlers, ...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [ADMIN] }));
  const loadApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('contract'));
  await createFirebaseAuth({ loadApp, adminEmails: [ADMIN.email] }).signIn(ADMIN);
  return {
    storage: createFirebaseStorage({ loadApp, maxUploadBytes: 1024 * 1024 }),
    async seedFiles(seeds) {
      for (const seed of seeds) fake.put({ fullPath: seed.fullPath, bytes: new Uint8Array(await seed.data.arrayBuffer()) });
    },
    cleanup: done,
  };
});

eventsContract('Firebase Storage custom metadata against the Storage REST fake', async () => {
  const fake = createFirebaseStorageFake({ bucket: TEST_FIREBASE.storageBucket, adminEmails: [ADMIN.email] });
  server.use(...fake.handlers, ...firebaseAuthHandlers({ projectId: TEST_FIREBASE.projectId, accounts: [ADMIN] }));
  const loadApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('events'));
  const visitorApp = createFirebaseAppLoader(TEST_FIREBASE, uniqueAppName('events-visitor'));
  await createFirebaseAuth({ loadApp, adminEmails: [ADMIN.email] }).signIn(ADMIN);
  return {
    storage: createFirebaseStorage({ loadApp, maxUploadBytes: 1024 * 1024 }),
    events: createFirebaseEvents({ loadApp, timeZone: 'Europe/Dublin' }),
    visitorEvents: createFirebaseEvents({ loadApp: visitorApp, timeZone: 'Europe/Dublin' }),
    async seedFiles(seeds) {
      for (const seed of seeds) fake.put({ fullPath: seed.fullPath, bytes: new Uint8Array(await seed.data.arrayBuffer()) });
    },
    cleanup: done,
  };
});
