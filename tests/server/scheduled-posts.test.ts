import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { postListSchema, postSchema, postVersionListSchema, searchResultsSchema } from '../../contract/wire';
import { SCHEDULE_MESSAGES } from '../../src-core/domain/post-schedule';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { HOUR, MINUTE, createTestClock, type TestClock } from './helpers/test-clock';
import { startTestServer, type TestServer } from './helpers/test-server';

// 21 November 2026, 9.00 in Dublin (winter: the same as UTC).
const START = Date.UTC(2026, 10, 21, 9, 0, 0);

async function editorOn(clock: TestClock, dataDir?: string) {
  const server = await startTestServer({ env: ADMIN_ENV, clock: clock.now, ...(dataDir === undefined ? {} : { dataDir }) });
  if (dataDir === undefined) await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const call = (method: string, path: string, body?: unknown) => jar.fetch(server.baseUrl + path, { method, ...(body === undefined ? {} : json(body)) });
  return { server, call };
}

/** Where a visitor, a feed reader, a search engine and the search box would find a post. */
async function publicPlaces(server: TestServer, title: string, id: string) {
  const text = async (path: string) => (await fetch(server.baseUrl + path)).text();
  const list = postListSchema.parse(await (await fetch(`${server.baseUrl}/api/posts`)).json()).posts.map((post) => post.title);
  const article = (await fetch(`${server.baseUrl}/api/posts/${id}`)).status;
  const searched = searchResultsSchema.parse(await (await fetch(`${server.baseUrl}/api/search?q=${encodeURIComponent(title)}`)).json());
  return {
    list: list.includes(title),
    article: article === 200,
    feed: (await text('/feeds/news.atom')).includes(title),
    sitemap: (await text('/sitemap.xml')).includes(`/article/${id}`),
    search: searched.results.some((result) => result.title === title),
  };
}

const NOWHERE = { list: false, article: false, feed: false, sitemap: false, search: false };
const EVERYWHERE = { list: true, article: true, feed: true, sitemap: true, search: true };

test('a post scheduled for a time in Irish summer time appears in the list, feed, sitemap and search at that time and not before', async () => {
  const clock = createTestClock(Date.UTC(2026, 5, 1, 9, 0, 0));
  const { server, call } = await editorOn(clock);
  // Warm every cache first, so a stale cached copy would show.
  await publicPlaces(server, 'Summer outing', '1');

  const response = await call('POST', '/api/posts', { title: 'Summer outing', body: 'To Howth.', publication: { kind: 'at', at: '2026-06-01T14:30' } });
  const scheduled = postSchema.parse(await response.json());
  const before = await publicPlaces(server, 'Summer outing', scheduled.id);
  clock.advance(4 * HOUR + 29 * MINUTE);
  const aMinuteBefore = await publicPlaces(server, 'Summer outing', scheduled.id);
  clock.advance(MINUTE);
  const atTheTime = await publicPlaces(server, 'Summer outing', scheduled.id);

  expect(response.status).toBe(201);
  // 14.30 Irish summer time is 13.30 UTC.
  expect(scheduled.publishedAt).toBe('2026-06-01T13:30:00.000Z');
  expect(before).toEqual(NOWHERE);
  expect(aMinuteBefore).toEqual(NOWHERE);
  expect(atTheTime).toEqual(EVERYWHERE);
});

test('a scheduled post appears on time also when the server was stopped before its time and started after it', async () => {
  const clock = createTestClock(START);
  const first = await editorOn(clock);
  const scheduled = postSchema.parse(
    await (await first.call('POST', '/api/posts', { title: 'Christmas lunch', body: 'Book now.', publication: { kind: 'at', at: '2026-11-21T12:00' } })).json(),
  );
  const beforeStop = await publicPlaces(first.server, 'Christmas lunch', scheduled.id);
  await first.server.close();

  clock.advance(3 * HOUR);
  const restarted = await editorOn(clock, first.server.dataDir);
  const afterRestart = await publicPlaces(restarted.server, 'Christmas lunch', scheduled.id);

  expect(beforeStop).toEqual(NOWHERE);
  expect(afterRestart).toEqual(EVERYWHERE);
});

test('a draft never appears publicly, and publishing it now shows it everywhere; unpublishing hides it again', async () => {
  const clock = createTestClock(START);
  const { server, call } = await editorOn(clock);

  const draft = postSchema.parse(await (await call('POST', '/api/posts', { title: 'Quiet plans', body: 'Not yet.', publication: { kind: 'draft' } })).json());
  clock.advance(HOUR);
  const asDraft = await publicPlaces(server, 'Quiet plans', draft.id);
  const mailing = await call('POST', '/api/mailings', { source: 'news', ref: draft.id });
  const published = postSchema.parse(await (await call('PUT', `/api/posts/${draft.id}`, { title: 'Quiet plans', body: 'Now.', publication: { kind: 'now' } })).json());
  const afterPublishing = await publicPlaces(server, 'Quiet plans', draft.id);
  await call('PUT', `/api/posts/${draft.id}`, { title: 'Quiet plans', body: 'Now.', publication: { kind: 'draft' } });
  const afterUnpublishing = await publicPlaces(server, 'Quiet plans', draft.id);

  expect(asDraft).toEqual(NOWHERE);
  expect(mailing.status).toBe(404);
  expect(published.publishedAt).toBe(new Date(clock.now()).toISOString());
  expect(afterPublishing).toEqual(EVERYWHERE);
  expect(afterUnpublishing).toEqual(NOWHERE);
});

test('the editor lists every post with its status, and a time already past is refused', async () => {
  const clock = createTestClock(START);
  const { server, call } = await editorOn(clock);
  await call('POST', '/api/posts', { title: 'Out now', body: 'Text.' });
  await call('POST', '/api/posts', { title: 'Later', body: 'Text.', publication: { kind: 'at', at: '2026-12-01T10:00' } });
  await call('POST', '/api/posts', { title: 'Unfinished', body: 'Text.', publication: { kind: 'draft' } });

  const past = await call('POST', '/api/posts', { title: 'Too late', body: 'Text.', publication: { kind: 'at', at: '2026-11-21T08:59' } });
  const listed = await (await call('GET', '/api/post-editor/posts')).json();
  const signedOut = await fetch(`${server.baseUrl}/api/post-editor/posts`);

  expect(past.status).toBe(400);
  expect(await past.json()).toMatchObject({ error: { fieldErrors: { publishDate: SCHEDULE_MESSAGES.notToCome } } });
  expect(listed).toEqual({
    timeZone: 'Europe/Dublin',
    posts: [
      expect.objectContaining({ title: 'Later', status: 'scheduled', publishedAt: '2026-12-01T10:00:00.000Z' }),
      expect.objectContaining({ title: 'Unfinished', status: 'draft' }),
      expect.objectContaining({ title: 'Out now', status: 'published' }),
    ],
  });
  expect(signedOut.status).toBe(401);
});

test('each save keeps a version, and restoring an earlier one saves it again as the newest', async () => {
  const clock = createTestClock(START);
  const { server, call } = await editorOn(clock);
  const post = postSchema.parse(await (await call('POST', '/api/posts', { title: 'AGM', body: 'In Cork.' })).json());
  clock.advance(HOUR);
  await call('PUT', `/api/posts/${post.id}`, { title: 'AGM moved', body: 'In Galway.' });

  const restored = await call('POST', `/api/posts/${post.id}/versions/1/restore`);
  const versions = postVersionListSchema.parse(await (await call('GET', `/api/posts/${post.id}/versions`)).json()).versions;
  const read = postSchema.parse(await (await fetch(`${server.baseUrl}/api/posts/${post.id}`)).json());
  const missing = await call('POST', `/api/posts/${post.id}/versions/9/restore`);

  expect(restored.status).toBe(200);
  expect(read).toMatchObject({ title: 'AGM', body: 'In Cork.', publishedAt: post.publishedAt });
  expect(versions.map(({ number, title, body, savedBy }) => ({ number, title, body, savedBy }))).toEqual([
    { number: 3, title: 'AGM', body: 'In Cork.', savedBy: ADMIN.email },
    { number: 2, title: 'AGM moved', body: 'In Galway.', savedBy: ADMIN.email },
    { number: 1, title: 'AGM', body: 'In Cork.', savedBy: ADMIN.email },
  ]);
  expect(missing.status).toBe(404);
  expect(await missing.json()).toMatchObject({ error: { message: API_MESSAGES.postVersionNotFound } });
});
