import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { fileListSchema, postListSchema, postSchema } from '../../contract/wire';
import { API_MESSAGES } from '../../contract/api-messages';
import { isoAt } from '../../server/clock';
import { samplePdf } from '../../server/content/sample-pdf';
import { startTestServer } from './helpers/test-server';

test('posts are listed newest first and each can be read by id', async () => {
  const server = await startTestServer();
  const older = server.app.posts.create({ title: 'Older', body: 'First\nSecond' }, isoAt(Date.UTC(2026, 0, 1)));
  const newer = server.app.posts.create({ title: 'Newer', body: 'Body' }, isoAt(Date.UTC(2026, 5, 1)));

  const list = postListSchema.parse(await (await fetch(`${server.baseUrl}/api/posts`)).json());
  const one = postSchema.parse(await (await fetch(`${server.baseUrl}/api/posts/${older.id}`)).json());

  expect(list.posts.map((post) => post.id)).toEqual([newer.id, older.id]);
  expect(one).toEqual({ id: older.id, title: 'Older', body: 'First\nSecond', publishedAt: '2026-01-01T00:00:00.000Z' });
});

test('a post that does not exist, or an id that cannot exist, is a not-found error', async () => {
  const server = await startTestServer();

  const missing = await fetch(`${server.baseUrl}/api/posts/42`);
  const nonsense = await fetch(`${server.baseUrl}/api/posts/..%2F..%2Fsite.db`);

  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ error: { kind: 'not-found', message: API_MESSAGES.postNotFound } });
  expect(nonsense.status).toBe(404);
});

test('a folder lists its files by name with full path, download address, size, date and type', async () => {
  const server = await startTestServer();
  const pdf = samplePdf('Summer outing', ['Details']);
  fs.writeFileSync(path.join(server.dataDir, 'files', 'events', 'Summer Outing.pdf'), pdf);
  fs.writeFileSync(path.join(server.dataDir, 'files', 'events', 'Autumn Walk.pdf'), pdf);
  fs.writeFileSync(path.join(server.dataDir, 'files', 'Join Form.pdf'), pdf);

  const events = fileListSchema.parse(await (await fetch(`${server.baseUrl}/api/files?folder=events`)).json());
  const root = fileListSchema.parse(await (await fetch(`${server.baseUrl}/api/files?folder=root`)).json());
  const newsletters = fileListSchema.parse(await (await fetch(`${server.baseUrl}/api/files?folder=newsletters`)).json());

  expect(events.files.map((file) => file.name)).toEqual(['Autumn Walk.pdf', 'Summer Outing.pdf']);
  expect(events.files[1]).toMatchObject({
    fullPath: 'events/Summer Outing.pdf',
    url: '/files/events/Summer%20Outing.pdf',
    size: pdf.byteLength,
    contentType: 'application/pdf',
  });
  expect(Date.parse(events.files[1]?.updatedAt ?? '')).not.toBeNaN();
  // The root lists its own files only, not the folders inside it.
  expect(root.files.map((file) => file.fullPath)).toEqual(['Join Form.pdf']);
  expect(newsletters.files).toEqual([]);
});

test('a folder that does not exist is refused as invalid input', async () => {
  const server = await startTestServer();

  const response = await fetch(`${server.baseUrl}/api/files?folder=..`);

  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: { kind: 'invalid-input', fieldErrors: { folder: expect.any(String) } } });
});

test('the upload limit is published for the admin screen', async () => {
  const server = await startTestServer({ env: { MAX_UPLOAD_MB: '3' } });

  const response = await fetch(`${server.baseUrl}/api/files/limits`);

  expect(await response.json()).toEqual({ maxBytes: 3 * 1024 * 1024 });
});

test('a PDF downloads as itself: its type, nosniff, opened inline under its own name', async () => {
  const server = await startTestServer();
  const pdf = samplePdf('Newsletter', ['Spring']);
  fs.writeFileSync(path.join(server.dataDir, 'files', 'newsletters', 'Spring – 2026.pdf'), pdf);

  const response = await fetch(`${server.baseUrl}/files/newsletters/${encodeURIComponent('Spring – 2026.pdf')}`);

  expect(response.status).toBe(200);
  expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-disposition')).toBe(
    `inline; filename="Spring _ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('Spring – 2026.pdf')}`,
  );
  // Chrome's PDF viewer does not start under the pages' policy (or a sandbox); framing is still refused.
  expect(response.headers.get('content-security-policy')).toBeNull();
  expect(response.headers.get('x-frame-options')).toBe('DENY');
});

test('a Word document downloads as an attachment inside a sandbox, never as a page', async () => {
  const server = await startTestServer();
  fs.writeFileSync(path.join(server.dataDir, 'files', 'Join.docx'), Buffer.from('PK\u0003\u0004 not really a document'));

  const response = await fetch(`${server.baseUrl}/files/Join.docx`);

  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
});

test('a file that is not there is a not-found error', async () => {
  const server = await startTestServer();

  const response = await fetch(`${server.baseUrl}/files/events/Nothing.pdf`);

  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: { kind: 'not-found', message: API_MESSAGES.fileNotFound } });
});

test('a download can resume from a byte offset', async () => {
  const server = await startTestServer();
  const pdf = samplePdf('Big', ['x'.repeat(80)]);
  fs.writeFileSync(path.join(server.dataDir, 'files', 'Big.pdf'), pdf);

  const response = await fetch(`${server.baseUrl}/files/Big.pdf`, { headers: { range: 'bytes=10-19' } });

  expect(response.status).toBe(206);
  expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(pdf.subarray(10, 20)))).toBe(true);
});
