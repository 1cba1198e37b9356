import { expect, test } from 'vitest';
import { isCoreError, type CoreError } from '../../../src-core/domain/core-error';
import { createMemoryBackend } from '../../support/memory/memory-backend';
import { SAMPLE_ADMIN, SAMPLE_PDF, sampleMemorySeed } from '../../support/memory/memory-seed';

const pdf = () => new Blob([SAMPLE_PDF]);

async function failure(promise: Promise<unknown>): Promise<CoreError> {
  const error: unknown = await promise.then(() => undefined, (reason: unknown) => reason);
  if (!isCoreError(error)) throw new Error('Expected a CoreError');
  return error;
}

test('the sample backend lists its posts newest first and its files by folder', async () => {
  const backend = createMemoryBackend(sampleMemorySeed());

  const posts = await backend.content.listPosts();
  const events = await backend.storage.listFiles('events');

  expect(posts.map((post) => post.title)).toEqual(['Annual General Meeting', 'Welcome to our new website']);
  expect(events.map((file) => file.url)).toEqual(['memory:events/Summer Outing 2026.pdf']);
});

test('nobody may upload, delete, write posts or read the inbox before an administrator signs in', async () => {
  const backend = createMemoryBackend(sampleMemorySeed());

  const upload = await failure(backend.storage.upload({ folder: 'events', name: 'New.pdf', data: pdf() }).result);
  const remove = await failure(backend.storage.deleteFile('events/Summer Outing 2026.pdf'));
  const write = await failure(backend.contentEditor!.createPost({ title: 'T', body: 'B' }));
  const read = await failure(backend.contactInbox!.listMessages());

  expect([upload.kind, remove.kind, write.kind, read.kind]).toEqual(['not-authorised', 'not-authorised', 'not-authorised', 'not-authorised']);
  expect(await backend.storage.listFiles('events')).toHaveLength(1);
});

test('a signed-in administrator may upload, delete, write posts and read the inbox', async () => {
  const backend = createMemoryBackend(sampleMemorySeed());
  await backend.mail.sendContactMessage({ name: 'Ann', email: 'ann@example.org', message: 'Hello' });
  await backend.auth.signIn(SAMPLE_ADMIN);

  const stored = await backend.storage.upload({ folder: 'events', name: 'New.pdf', data: pdf() }).result;
  await backend.storage.deleteFile('events/Summer Outing 2026.pdf');
  const post = await backend.contentEditor!.createPost({ title: 'Fresh news', body: 'Text' });
  const inbox = await backend.contactInbox!.listMessages();

  expect(stored.fullPath).toBe('events/New.pdf');
  expect((await backend.storage.listFiles('events')).map((file) => file.name)).toEqual(['New.pdf']);
  expect((await backend.content.listPosts())[0]?.id).toBe(post.id);
  expect(inbox.messages.map((message) => message.name)).toEqual(['Ann']);
});

test('a signed-in member who is not an administrator may not upload', async () => {
  const backend = createMemoryBackend({
    adminEmails: ['secretary@example.org'],
    accounts: { 'member@example.org': { password: 'member password 1' } },
  });
  await backend.auth.signIn({ email: 'member@example.org', password: 'member password 1' });

  const error = await failure(backend.storage.upload({ folder: 'root', name: 'x.pdf', data: pdf() }).result);

  expect(error.kind).toBe('not-authorised');
});

test('an administrator whose e-mail is unverified is not an administrator', async () => {
  const backend = createMemoryBackend({
    adminEmails: ['secretary@example.org'],
    accounts: { 'secretary@example.org': { password: 'secretary pass 1', emailVerified: false } },
  });

  const user = await backend.auth.signIn({ email: 'secretary@example.org', password: 'secretary pass 1' });

  expect(user).toEqual({ email: 'secretary@example.org', emailVerified: false, administrator: false });
});

test('signing out takes the permission away again', async () => {
  const backend = createMemoryBackend({ ...sampleMemorySeed(), signedIn: SAMPLE_ADMIN.email });
  const before = await backend.storage.upload({ folder: 'root', name: 'a.pdf', data: pdf() }).result;

  await backend.auth.signOut();
  const after = await failure(backend.storage.upload({ folder: 'root', name: 'b.pdf', data: pdf() }).result);

  expect(before.fullPath).toBe('a.pdf');
  expect(after.kind).toBe('not-authorised');
});

test('the backend can point at an external content manager', () => {
  expect(createMemoryBackend({ externalContentManagerUrl: 'https://cms.example.org' }).externalContentManagerUrl).toBe(
    'https://cms.example.org',
  );
  expect(createMemoryBackend().externalContentManagerUrl).toBeUndefined();
});

test('received messages are kept with their delivery state', async () => {
  const backend = createMemoryBackend();

  await backend.mail.sendContactMessage({ name: ' Ann ', email: 'ann@example.org', message: 'Hi' });

  expect(backend.received()).toEqual([
    expect.objectContaining({ name: 'Ann', email: 'ann@example.org', message: 'Hi', delivery: 'not-emailed', attempts: 0, handled: false }),
  ]);
});
