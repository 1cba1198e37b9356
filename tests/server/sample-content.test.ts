import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { eventListingSchema, fileListSchema, postListSchema } from '../../contract/wire';
import { eventsOverview } from '../../src-core/domain/event-listing';
import { pictureAddress, pictureWidths } from '../../src-core/domain/post-picture';
import { FOLDERS } from '../../src-core/domain/stored-file';
import { removeSampleContent } from '../../server/content/sample-content';
import { startTestServer, temporaryDir } from './helpers/test-server';

async function postsOf(baseUrl: string) {
  return postListSchema.parse(await (await fetch(`${baseUrl}/api/posts`)).json()).posts;
}

async function filesOf(baseUrl: string) {
  const lists = await Promise.all(
    FOLDERS.map(async (folder) => fileListSchema.parse(await (await fetch(`${baseUrl}/api/files?folder=${folder}`)).json()).files),
  );
  return lists.flat();
}

test('a brand-new data directory gets sample posts and sample PDFs in every folder, all marked as samples', async () => {
  const server = await startTestServer({ env: { SAMPLE_CONTENT: '1' } });

  const posts = await postsOf(server.baseUrl);
  const files = await filesOf(server.baseUrl);
  const download = await fetch(server.baseUrl + (files[0]?.url ?? ''));

  expect(posts.length).toBeGreaterThanOrEqual(3);
  expect(posts.every((post) => post.title.startsWith('Sample post:') && post.body.includes('sample'))).toBe(true);
  expect([...new Set(files.map((file) => (file.fullPath.split('/').length === 1 ? 'root' : file.fullPath.split('/')[0])))].sort()).toEqual(
    ['events', 'newsletters', 'root'],
  );
  expect(files.every((file) => file.name.startsWith('Sample '))).toBe(true);
  expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the newest sample post shows a described sample drawing, prepared in the sizes the pages ask for', async () => {
  const server = await startTestServer({ env: { SAMPLE_CONTENT: '1' } });

  const [newest, ...older] = await postsOf(server.baseUrl);
  const picture = newest?.picture;
  const sizes = await Promise.all(
    pictureWidths(picture?.width ?? 0).map(async (width) => {
      const response = await fetch(`${server.baseUrl}${pictureAddress(picture?.id ?? '', width, 'webp')}`);
      return (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width;
    }),
  );

  expect(picture).toEqual({ id: expect.any(String), alt: expect.stringMatching(/^A sample drawing made by the website: /), decorative: false, width: 1600, height: 1000 });
  expect(sizes).toEqual([480, 960, 1600]);
  expect(older.every((post) => post.picture === undefined)).toBe(true);
});

test('SAMPLE_CONTENT=0 starts empty', async () => {
  const server = await startTestServer({ env: { SAMPLE_CONTENT: '0' } });

  expect(await postsOf(server.baseUrl)).toEqual([]);
  expect(await filesOf(server.baseUrl)).toEqual([]);
});

test('what is in the data directory survives a restart, and samples are never loaded twice', async () => {
  const dataDir = temporaryDir('restart');
  const first = await startTestServer({ dataDir, env: { SAMPLE_CONTENT: '1' } });
  first.app.posts.create({ title: 'Real news', body: 'Kept' }, new Date().toISOString());
  const samplePost = (await postsOf(first.baseUrl)).find((post) => post.title.startsWith('Sample'));
  first.app.posts.remove(samplePost?.id ?? '');
  fs.rmSync(path.join(dataDir, 'files', 'events'), { recursive: true });
  const before = await postsOf(first.baseUrl);
  await first.close();

  const second = await startTestServer({ dataDir, env: { SAMPLE_CONTENT: '1' } });

  expect(await postsOf(second.baseUrl)).toEqual(before);
  expect((await filesOf(second.baseUrl)).some((file) => file.fullPath.startsWith('events/'))).toBe(false);
});

test('removing the samples leaves real content alone', async () => {
  const server = await startTestServer({ env: { SAMPLE_CONTENT: '1' } });
  server.app.posts.create({ title: 'Real news', body: 'Kept' }, new Date().toISOString());
  fs.writeFileSync(path.join(server.dataDir, 'files', 'Real Form.pdf'), '%PDF-1.4\n');

  await removeSampleContent({ posts: server.app.posts, files: server.app.files, events: server.app.events, details: server.app.associationDetails });

  expect((await postsOf(server.baseUrl)).map((post) => post.title)).toEqual(['Real news']);
  expect((await filesOf(server.baseUrl)).map((file) => file.name)).toEqual(['Real Form.pdf']);
});

test('the sample events show every case: one upcoming with a time and place, one past, one without details', async () => {
  const created = Date.UTC(2026, 10, 21, 9, 0, 0);
  const server = await startTestServer({ env: { SAMPLE_CONTENT: '1' }, clock: () => created });

  const overview = eventsOverview(eventListingSchema.parse(await (await fetch(`${server.baseUrl}/api/events`)).json()));

  expect(overview.upcoming.map(({ title, when, where }) => ({ title, when, where }))).toEqual([
    { title: 'Sample event: Annual General Meeting', when: 'Monday 21 December 2026, 2.30pm to 4.30pm', where: 'Sample Community Hall, Athlone' },
  ]);
  expect(overview.past.map(({ title, when }) => ({ title, when }))).toEqual([
    { title: 'Sample event: Spring Walk', when: 'Thursday 22 October 2026, all day' },
  ]);
  expect(overview.undated.map(({ title, when, where }) => ({ title, when, where }))).toEqual([
    { title: 'Sample Event - Christmas Lunch', when: 'Unknown Date', where: 'Unknown Location' },
  ]);
});

test("removing the samples removes the sample events' details with their files", async () => {
  const server = await startTestServer({ env: { SAMPLE_CONTENT: '1' } });

  await removeSampleContent({ posts: server.app.posts, files: server.app.files, events: server.app.events, details: server.app.associationDetails });

  expect(server.app.db.prepare('SELECT COUNT(*) AS count FROM event_details').get()).toEqual({ count: 0 });
});
