import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { createHttpBackend } from '../../adapters/http/http-backend';
import type { UploadProgress } from '../../src-core/ports/storage.port';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from '../server/helpers/accounts';
import { startTestServer } from '../server/helpers/test-server';

function pdf(size: number): Blob {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new Blob([bytes], { type: 'application/pdf' });
}

async function adminBackend() {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  return { server, backend: createHttpBackend({ baseUrl: server.baseUrl, fetch: jar.fetch }) };
}

// jsdom's XMLHttpRequest reports no real progress, so the real transfer is measured from Node.
test('upload progress follows the bytes as they go, ending at the whole file', async () => {
  const { server, backend } = await adminBackend();
  const data = pdf(6 * 1024 * 1024);
  const progress: UploadProgress[] = [];

  const stored = await backend.storage.upload({ folder: 'newsletters', name: 'Annual Report.pdf', data, onProgress: (p) => progress.push(p) }).result;

  expect(progress.length).toBeGreaterThan(10);
  expect(progress.every((p, index) => index === 0 || p.bytesTransferred > (progress[index - 1]?.bytesTransferred ?? 0))).toBe(true);
  expect(progress.every((p) => p.totalBytes === data.size)).toBe(true);
  expect(progress.at(-1)?.bytesTransferred).toBe(data.size);
  expect(stored).toMatchObject({ fullPath: 'newsletters/Annual Report.pdf', size: data.size, url: `${server.baseUrl}/files/newsletters/Annual%20Report.pdf` });
});

test('cancelling halfway stops the transfer, rejects as canceled, and leaves nothing on the server', async () => {
  const { server, backend } = await adminBackend();
  const data = pdf(40 * 1024 * 1024);
  const progress: UploadProgress[] = [];

  const task = backend.storage.upload({
    folder: 'events',
    name: 'Too Big To Finish.pdf',
    data,
    onProgress: (update) => {
      progress.push(update);
      if (update.bytesTransferred >= 4 * 1024 * 1024) task.cancel();
    },
  });
  const error = await task.result.catch((e: unknown) => e);

  expect(error).toMatchObject({ name: 'CoreError', kind: 'canceled' });
  expect(progress.at(-1)?.bytesTransferred).toBeLessThan(data.size);
  await expect.poll(() => fs.readdirSync(path.join(server.dataDir, 'uploads-in-progress'))).toEqual([]);
  expect(await backend.storage.listFiles('events')).toEqual([]);
});

test('an upload refused by the server reaches the caller as the core error with the server message', async () => {
  const { backend } = await adminBackend();
  await backend.storage.upload({ folder: 'root', name: 'Form.pdf', data: pdf(100) }).result;

  const conflict = await backend.storage.upload({ folder: 'root', name: 'Form.pdf', data: pdf(100) }).result.catch((e: unknown) => e);
  const wrongType = await backend.storage
    .upload({ folder: 'root', name: 'Page.pdf', data: new Blob(['<html></html>'], { type: 'application/pdf' }) })
    .result.catch((e: unknown) => e);

  expect(conflict).toMatchObject({ kind: 'conflict', message: expect.stringContaining("'Form.pdf' already exists") });
  expect(wrongType).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('PDF') });
});

test('the editor, inbox and sign-out work through the adapters against the real server', async () => {
  const { backend } = await adminBackend();
  await backend.mail.sendContactMessage({ name: 'Ann', email: 'ann@example.org', message: 'Hello there' });

  const post = await backend.contentEditor?.createPost({ title: 'Spring Lunch', body: 'Line one\nLine two' });
  const edited = await backend.contentEditor?.updatePost(post?.id ?? '', { title: 'Spring Lunch 2026', body: 'Line one' });
  const messages = (await backend.contactInbox?.listMessages())?.messages;
  await backend.contentEditor?.deletePost(post?.id ?? '');
  const afterDelete = await backend.content.getPost(post?.id ?? '').catch((e: unknown) => e);
  await backend.auth.signOut();
  const afterSignOut = await backend.contactInbox?.listMessages().catch((e: unknown) => e);

  expect(edited).toMatchObject({ id: post?.id, title: 'Spring Lunch 2026', body: 'Line one' });
  expect(messages).toEqual([expect.objectContaining({ name: 'Ann', email: 'ann@example.org', message: 'Hello there', delivery: 'not-emailed' })]);
  expect(afterDelete).toMatchObject({ kind: 'not-found' });
  expect(afterSignOut).toMatchObject({ kind: 'not-authorised' });
});
