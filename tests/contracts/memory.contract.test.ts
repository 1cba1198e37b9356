import { createMemoryAuth } from '../support/memory/memory-auth.adapter';
import { createMemoryContent } from '../support/memory/memory-content.adapter';
import { createMemoryEvents } from '../support/memory/memory-events.adapter';
import { createMemoryMail } from '../support/memory/memory-mail.adapter';
import { createMemoryStorage } from '../support/memory/memory-storage.adapter';
import { authContract } from './auth.contract';
import { contactInboxContract } from './contact-inbox.contract';
import { contentEditorContract } from './content-editor.contract';
import { contentContract } from './content.contract';
import { eventsContract } from './events.contract';
import { mailContract } from './mail.contract';
import { storageContract } from './storage.contract';

const done = async () => {};

contentContract('memory', async () => {
  const { content, addPosts } = createMemoryContent();
  return {
    content,
    async seedPosts(seeds) {
      const posts = seeds.map((seed, index) => ({ id: `seeded-${index + 1}`, ...seed }));
      addPosts(posts);
      return posts;
    },
    cleanup: done,
  };
});

storageContract('memory', async () => {
  const storage = createMemoryStorage({ stepDelayMs: 1, maxUploadBytes: 1024 * 1024 });
  return {
    storage,
    async seedFiles(seeds) {
      for (const seed of seeds) storage.put(seed);
    },
    cleanup: done,
  };
});

authContract('memory', async () => ({
  auth: createMemoryAuth({
    adminEmails: ['secretary@example.org'],
    accounts: {
      'Secretary@example.org': { password: 'correct horse battery staple', emailVerified: true },
      'member@example.org': { password: 'another long passphrase' },
    },
  }),
  admin: { email: 'secretary@example.org', password: 'correct horse battery staple' },
  member: { email: 'member@example.org', password: 'another long passphrase' },
  cleanup: done,
}));

mailContract('memory', async () => {
  const { mail, received } = createMemoryMail();
  return { mail, received: async () => received(), cleanup: done };
});

contentEditorContract('memory', async () => {
  const { content, editor } = createMemoryContent();
  return { content, editor, cleanup: done };
});

contactInboxContract('memory', async () => {
  const { mail, inbox } = createMemoryMail();
  return { mail, inbox, cleanup: done };
});

eventsContract('memory', async () => {
  const storage = createMemoryStorage({ stepDelayMs: 1 });
  return {
    storage,
    events: createMemoryEvents({ storage, canWrite: () => true }),
    visitorEvents: createMemoryEvents({ storage, canWrite: () => false }),
    async seedFiles(seeds) {
      for (const seed of seeds) storage.put(seed);
    },
    cleanup: done,
  };
});
