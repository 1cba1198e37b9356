import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { postListSchema, postSchema } from '../../contract/wire';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { HOUR, createTestClock } from './helpers/test-clock';
import { startTestServer } from './helpers/test-server';

async function editor(clock = createTestClock()) {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const call = (method: string, path: string, body?: unknown) =>
    jar.fetch(server.baseUrl + path, { method, ...(body === undefined ? {} : json(body)) });
  const posts = async () => postListSchema.parse(await (await fetch(`${server.baseUrl}/api/posts`)).json()).posts;
  return { server, call, posts, clock };
}

test('a new post is published with its title and multi-line body and listed first', async () => {
  const { call, posts, clock } = await editor();
  await call('POST', '/api/posts', { title: 'First', body: 'One' });
  clock.advance(HOUR);

  const response = await call('POST', '/api/posts', { title: '  AGM 2026  ', body: 'Line one\r\nLine two\r\n\r\nLine four\n' });
  const created = postSchema.parse(await response.json());

  expect(response.status).toBe(201);
  expect(created).toMatchObject({ title: 'AGM 2026', body: 'Line one\nLine two\n\nLine four' });
  expect((await posts()).map((post) => post.title)).toEqual(['AGM 2026', 'First']);
});

test('an edit replaces title and body, keeps the publication date and records when it changed', async () => {
  const { call, clock } = await editor();
  const created = postSchema.parse(await (await call('POST', '/api/posts', { title: 'Draft', body: 'Old' })).json());
  clock.advance(HOUR);

  const response = await call('PUT', `/api/posts/${created.id}`, { title: 'Final', body: 'New\nText' });
  const updated = postSchema.parse(await response.json());
  const read = postSchema.parse(await (await fetch(`${new URL(response.url).origin}/api/posts/${created.id}`)).json());

  expect(response.status).toBe(200);
  expect(updated).toEqual({ ...created, title: 'Final', body: 'New\nText', updatedAt: new Date(Date.parse(created.publishedAt) + HOUR).toISOString() });
  expect(read).toEqual(updated);
});

test('a deleted post is gone for good', async () => {
  const { call, server, posts } = await editor();
  const created = postSchema.parse(await (await call('POST', '/api/posts', { title: 'Temporary', body: 'Soon gone' })).json());

  const removed = await call('DELETE', `/api/posts/${created.id}`);
  const again = await call('DELETE', `/api/posts/${created.id}`);
  const read = await fetch(`${server.baseUrl}/api/posts/${created.id}`);

  expect(removed.status).toBe(204);
  expect(again.status).toBe(404);
  expect(read.status).toBe(404);
  expect(await posts()).toEqual([]);
});

test('an empty or overlong title or body is refused with the reason for each field, and nothing changes', async () => {
  const { call, posts } = await editor();
  const kept = postSchema.parse(await (await call('POST', '/api/posts', { title: 'Kept', body: 'As is' })).json());

  const empty = await call('POST', '/api/posts', { title: '   ', body: '' });
  const long = await call('PUT', `/api/posts/${kept.id}`, { title: 'x'.repeat(201), body: 'fine' });
  const malformed = await call('POST', '/api/posts', { title: 7 });

  expect(empty.status).toBe(400);
  expect(await empty.json()).toEqual({
    error: {
      kind: 'invalid-input',
      message: 'Please enter a title.',
      fieldErrors: { title: 'Please enter a title.', body: 'Please enter the text of the post.' },
    },
  });
  expect(long.status).toBe(400);
  expect(await long.json()).toMatchObject({ error: { fieldErrors: { title: 'Please keep the title to 200 characters or fewer.' } } });
  expect(malformed.status).toBe(400);
  expect(await posts()).toEqual([kept]);
});

test('editing a post that does not exist is not found', async () => {
  const { call } = await editor();

  const response = await call('PUT', '/api/posts/99', { title: 'T', body: 'B' });

  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: { kind: 'not-found', message: API_MESSAGES.postNotFound } });
});
