import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createHttpBackend } from '../../adapters/http/http-backend';
import type { Backend } from '../../src-core/ports/backend';
import type { Folder } from '../../src-core/domain/stored-file';
import { MOCK_ADMIN, MOCK_MEMBER, createSelfHostedApi, type SelfHostedApiSeed, type SelfHostedApiState } from '../../mocks/self-hosted-api';
import { authContract } from '../contracts/auth.contract';
import { bookingsContract } from '../contracts/bookings.contract';
import { contactInboxContract } from '../contracts/contact-inbox.contract';
import { contentEditorContract } from '../contracts/content-editor.contract';
import { contentContract } from '../contracts/content.contract';
import { mailContract } from '../contracts/mail.contract';
import { storageContract } from '../contracts/storage.contract';
import { teamContract } from '../contracts/team.contract';

// The MSW stand-in for the self-hosted server (mocks/self-hosted-api.ts) backs the admin view
// tests and `npm run dev`. Here the http adapters run the same port contracts against it as
// against the real server (./http-backend.contract.test.ts), so the fake cannot drift from it.

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

interface FakeApi {
  readonly state: SelfHostedApiState;
  readonly backend: Backend;
  /** Takes the fake off the network: the harness's cleanup, after the contract's own last requests (a sign-out). */
  cleanup(): Promise<void>;
}

/** An empty fake API in front of the network, and the http backend that talks to it. */
function fakeApi(seed: SelfHostedApiSeed = {}): FakeApi {
  const api = createSelfHostedApi({ posts: [], files: [], contactMessages: [], ...seed });
  server.use(...api.handlers);
  return {
    state: api.state,
    backend: createHttpBackend({ baseUrl: 'http://self-hosted.test' }),
    cleanup: async () => server.resetHandlers(),
  };
}

const asAdministrator: SelfHostedApiSeed = { signedInAs: MOCK_ADMIN.email };

function editorOf(backend: Backend) {
  if (backend.contentEditor === undefined || backend.contactInbox === undefined) {
    throw new Error('The http backend lost its editor or inbox.');
  }
  return { editor: backend.contentEditor, inbox: backend.contactInbox };
}

contentContract('http adapter on the MSW self-hosted fake', async () => {
  const { state, backend, cleanup } = fakeApi();
  return {
    content: backend.content,
    async seedPosts(seeds) {
      const posts = seeds.map((seed, index) => ({ id: String(index + 1), ...seed }));
      state.posts = [...state.posts, ...posts];
      return posts;
    },
    cleanup,
  };
});

storageContract('http adapter on the MSW self-hosted fake', async () => {
  // 1 MB, as the real server's contract run has it: a bigger file than that is quick to make.
  const { state, backend, cleanup } = fakeApi({ ...asAdministrator, maxBytes: 1024 * 1024 });
  return {
    storage: backend.storage,
    async seedFiles(seeds) {
      for (const seed of seeds) {
        const slash = seed.fullPath.indexOf('/');
        const folder = (slash === -1 ? 'root' : seed.fullPath.slice(0, slash)) as Folder;
        const name = seed.fullPath.slice(slash + 1);
        const bytes = new Uint8Array(await seed.data.arrayBuffer());
        state.files = [...state.files, { folder, name, bytes, updatedAt: new Date().toISOString() }];
      }
    },
    cleanup,
  };
});

authContract('http adapter on the MSW self-hosted fake', async () => {
  const { backend, cleanup } = fakeApi();
  return { auth: backend.auth, admin: MOCK_ADMIN, member: MOCK_MEMBER, cleanup };
});

mailContract('http adapter on the MSW self-hosted fake', async () => {
  const { state, backend, cleanup } = fakeApi();
  return {
    mail: backend.mail,
    received: async () => state.contactMessages.map(({ name, email, message }) => ({ name, email, message })),
    cleanup,
  };
});

contentEditorContract('http adapter on the MSW self-hosted fake', async () => {
  const { backend, cleanup } = fakeApi(asAdministrator);
  return { content: backend.content, editor: editorOf(backend).editor, cleanup };
});

contactInboxContract('http adapter on the MSW self-hosted fake', async () => {
  const { backend, cleanup } = fakeApi(asAdministrator);
  return { mail: backend.mail, inbox: editorOf(backend).inbox, cleanup };
});

bookingsContract('http adapter on the MSW self-hosted fake', async () => {
  const { state, backend, cleanup } = fakeApi(asAdministrator);
  if (backend.bookings === undefined || backend.bookingsAdmin === undefined) throw new Error('The http backend lost its bookings.');
  return {
    bookings: backend.bookings,
    bookingsAdmin: backend.bookingsAdmin,
    events: backend.events,
    async seedFiles(seeds) {
      for (const seed of seeds) {
        const [folder, name] = seed.fullPath.split('/') as [Folder, string];
        state.files = [...state.files, { folder, name, bytes: new Uint8Array(await seed.data.arrayBuffer()), updatedAt: state.now().toISOString() }];
      }
    },
    cleanup,
  };
});

teamContract('http adapter on the MSW self-hosted fake', async () => {
  const { state, backend, cleanup } = fakeApi(asAdministrator);
  if (backend.team === undefined) throw new Error('The http backend lost its team.');
  return {
    team: backend.team,
    administrator: MOCK_ADMIN.email,
    branch: { id: state.branches[0]?.id ?? '', name: state.branches[0]?.name ?? '' },
    async seedInvitation(email, role) {
      const token = `seeded-${email}`;
      state.invitations = { ...state.invitations, [token]: { email, role } };
      return token;
    },
    cleanup,
  };
});
