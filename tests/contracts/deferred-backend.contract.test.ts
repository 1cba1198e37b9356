import { createMemoryAssociation } from '../support/memory/memory-association.adapter';
import { createMemoryAuth } from '../support/memory/memory-auth.adapter';
import { createMemoryBackend } from '../support/memory/memory-backend';
import { createMemoryContent } from '../support/memory/memory-content.adapter';
import { createMemoryMail } from '../support/memory/memory-mail.adapter';
import { createMemoryEvents } from '../support/memory/memory-events.adapter';
import { createMemoryStorage } from '../support/memory/memory-storage.adapter';
import { deferredBackend } from '../../src/app/deferred-backend';
import type { Backend } from '../../src-core/ports/backend';
import { authContract } from './auth.contract';
import { contactInboxContract } from './contact-inbox.contract';
import { contentEditorContract } from './content-editor.contract';
import { contentContract } from './content.contract';
import { mailContract } from './mail.contract';
import { storageContract } from './storage.contract';

// The composition root hands the views a backend whose adapters download on first use; every
// port must keep its contract through it. The memory adapters stand in for the downloaded ones.

const done = async () => {};

function deferred(parts: Partial<Backend>, pauseResume = false): Backend {
  const loaded = { ...createStandIns(), ...parts } as Backend;
  return deferredBackend(
    () => new Promise<Backend>((resolve) => setTimeout(() => resolve(loaded), 5)),
    {
      storageCapabilities: { pauseResume },
      optionalPorts: ['contentEditor', 'contactInbox', 'associationEditor'],
      privacy: loaded.privacy,
      searchCoverage: loaded.search.coverage,
    },
  );
}

function createStandIns(): Backend {
  const storage = createMemoryStorage();
  return {
    content: createMemoryContent().content,
    storage,
    events: createMemoryEvents({ storage, canWrite: () => true }),
    auth: createMemoryAuth({ adminEmails: [], accounts: {} }),
    mail: createMemoryMail().mail,
    association: createMemoryAssociation().association,
    privacy: createMemoryBackend().privacy,
    search: createMemoryBackend().search,
  };
}

contentContract('deferred', async () => {
  const { content, addPosts } = createMemoryContent();
  return {
    content: deferred({ content }).content,
    async seedPosts(seeds) {
      const posts = seeds.map((seed, index) => ({ id: `seeded-${index + 1}`, ...seed }));
      addPosts(posts);
      return posts;
    },
    cleanup: done,
  };
});

storageContract('deferred', async () => {
  const storage = createMemoryStorage({ stepDelayMs: 1, maxUploadBytes: 1024 * 1024 });
  return {
    storage: deferred({ storage }, storage.capabilities.pauseResume).storage,
    async seedFiles(seeds) {
      for (const seed of seeds) storage.put(seed);
    },
    cleanup: done,
  };
});

authContract('deferred', async () => ({
  auth: deferred({
    auth: createMemoryAuth({
      adminEmails: ['secretary@example.org'],
      accounts: {
        'Secretary@example.org': { password: 'correct horse battery staple', emailVerified: true },
        'member@example.org': { password: 'another long passphrase' },
      },
    }),
  }).auth,
  admin: { email: 'secretary@example.org', password: 'correct horse battery staple' },
  member: { email: 'member@example.org', password: 'another long passphrase' },
  cleanup: done,
}));

mailContract('deferred', async () => {
  const { mail, received } = createMemoryMail();
  return { mail: deferred({ mail }).mail, received: async () => received(), cleanup: done };
});

contentEditorContract('deferred', async () => {
  const { content, editor } = createMemoryContent();
  const backend = deferred({ content, contentEditor: editor });
  if (backend.contentEditor === undefined) throw new Error('The deferred backend lost its editor.');
  return { content: backend.content, editor: backend.contentEditor, cleanup: done };
});

contactInboxContract('deferred', async () => {
  const { mail, inbox } = createMemoryMail();
  const backend = deferred({ mail, contactInbox: inbox });
  if (backend.contactInbox === undefined) throw new Error('The deferred backend lost its inbox.');
  return { mail: backend.mail, inbox: backend.contactInbox, cleanup: done };
});
