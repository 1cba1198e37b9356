import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { eventListingSchema, fileListSchema, postListSchema } from '../../contract/wire';
import { hostedSiteFrom } from '../../server/cli/hosted-ports';
import { readHostedSite } from '../../server/import/hosted-source';
import { runImport } from '../../server/import/run-import';
import { contentfulFailures, contentfulHandlers } from '../../mocks/contentful';
import { createFirebaseStorageFake, type SeedObject } from '../../mocks/firebase-storage';
import { TEST_CONTENTFUL, TEST_FIREBASE, samplePosts, testHostedVariables, uniqueAppName } from '../hosted/hosted-samples';
import { useFakeNetwork } from '../support/fake-network';
import { startTestServer } from './helpers/test-server';

const network = useFakeNetwork();

/** The hosted build's variables, as its .env holds them. */
const HOSTED_VARIABLES = testHostedVariables({ adminEmails: 'secretary@example.org', maxUploadMb: 10 });

const OBJECTS: readonly SeedObject[] = [
  { fullPath: 'Membership form.pdf' },
  { fullPath: 'newsletters/Spring 2026.pdf' },
  {
    fullPath: 'events/Summer outing.pdf',
    customMetadata: {
      eventTitle: 'Summer outing to Glendalough',
      eventStart: '2026-07-15T10:30',
      eventEnd: '2026-07-15T16:00',
      eventTimeZone: 'Europe/Dublin',
      eventVenue: 'Visitor Centre',
      eventTown: 'Glendalough',
      eventDescription: 'Bring a coat.',
    },
  },
  { fullPath: 'events/AGM 2026.pdf' },
];

/** The hosted site's services, faked at the network's edge, and the import reading them through the hosted adapters. */
function hostedSite() {
  const storage = createFirebaseStorageFake({ bucket: TEST_FIREBASE.storageBucket, adminEmails: ['secretary@example.org'], objects: OBJECTS });
  network.use(...contentfulHandlers({ ...TEST_CONTENTFUL, posts: samplePosts }), ...storage.handlers);
  const site = hostedSiteFrom(HOSTED_VARIABLES, uniqueAppName('import'));
  return { storage, readSource: () => readHostedSite(site) };
}

async function emptySite(): Promise<string> {
  const site = await startTestServer();
  await site.close();
  return site.dataDir;
}

test("the hosted site's posts and files, with the events' details, move into the data directory, and the posts' old addresses answer with a 301", async () => {
  const { storage, readSource } = hostedSite();
  const dataDir = await emptySite();

  const result = await runImport({ dataDir, readSource, dryRun: false });
  const server = await startTestServer({ dataDir });
  const get = async (url: string) => (await server.app.inject({ url })).json<unknown>();

  const posts = postListSchema.parse(await get('/api/posts')).posts;
  expect(posts.map(({ title, body, publishedAt }) => ({ title, body, publishedAt }))).toEqual(
    [...samplePosts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).map(({ title, body, publishedAt }) => ({ title, body, publishedAt })),
  );
  const spring = posts.find((post) => post.title === 'Spring lunch in Athlone');
  const moved = await server.app.inject({ url: '/article/spring-lunch' });
  expect([moved.statusCode, moved.headers.location]).toEqual([301, `/article/${spring?.id}`]);
  expect(fileListSchema.parse(await get('/api/files?folder=root')).files.map((file) => file.name)).toEqual(['Membership form.pdf']);
  expect(fileListSchema.parse(await get('/api/files?folder=newsletters')).files.map((file) => file.name)).toEqual(['Spring 2026.pdf']);
  const events = eventListingSchema.parse(await get('/api/events')).events;
  expect(events.map(({ file, details }) => [file.name, details])).toEqual([
    ['AGM 2026.pdf', null],
    [
      'Summer outing.pdf',
      { title: 'Summer outing to Glendalough', start: '2026-07-15T10:30', end: '2026-07-15T16:00', allDay: false, timeZone: 'Europe/Dublin', venue: 'Visitor Centre', town: 'Glendalough', description: 'Bring a coat.' },
    ],
  ]);
  expect(new Uint8Array(fs.readFileSync(path.join(dataDir, 'files', 'events', 'Summer outing.pdf')))).toEqual(storage.read('events/Summer outing.pdf'));
  expect(result.text).toContain('Imported 3 posts to News, 1 file to Newsletters, 1 file to Important Documents and 2 events from the hosted site (posts from Contentful, files from Firebase Storage)');
});

test('a dry run of the hosted site lists what it would import and changes nothing; a second real run adds nothing', async () => {
  const { readSource } = hostedSite();
  const dataDir = await emptySite();

  const dry = await runImport({ dataDir, readSource, dryRun: true });
  const filesAfterDryRun = fs.readdirSync(path.join(dataDir, 'files', 'events'));
  await runImport({ dataDir, readSource, dryRun: false });
  const again = await runImport({ dataDir, readSource, dryRun: false });
  const server = await startTestServer({ dataDir });

  expect(dry.text).toContain("  post 'Pension increase agreed' (published 2026-05-20)");
  expect(dry.text).toContain("  event 'Summer outing.pdf' (in Events)");
  expect(dry.text).toContain('Up to 3 old addresses would be answered with a 301 to the new ones.');
  expect(filesAfterDryRun).toEqual([]);
  expect(again.outcome?.imported).toEqual([]);
  expect(again.text).toContain('Already imported by an earlier run, left as they are: 7.');
  expect(postListSchema.parse((await server.app.inject({ url: '/api/posts' })).json()).posts).toHaveLength(3);
});

test('when Contentful cannot be read the import stops before changing anything', async () => {
  const { readSource } = hostedSite();
  const dataDir = await emptySite();
  network.use(contentfulFailures([401]));

  await expect(runImport({ dataDir, readSource, dryRun: false })).rejects.toThrow(
    'The hosted site could not be read: The news service is not answering just now. Please try again in a minute. Nothing was changed.',
  );

  const server = await startTestServer({ dataDir });
  expect(postListSchema.parse((await server.app.inject({ url: '/api/posts' })).json()).posts).toEqual([]);
  expect(fs.readdirSync(path.join(dataDir, 'files', 'newsletters'))).toEqual([]);
});
