import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { eventListingSchema, fileListSchema, postListSchema } from '../../contract/wire';
import { samplePdf } from '../../server/content/sample-pdf';
import { DataDirectoryInUseError } from '../../server/db/data-directory-lock';
import { runImport } from '../../server/import/run-import';
import { readWordPressExport } from '../../server/import/wordpress-export';
import { useFakeNetwork } from '../support/fake-network';
import { startTestServer, temporaryDir } from './helpers/test-server';
import { OLD_SITE, wordPressExport, type ExportEntry } from './helpers/wordpress-export';

const UPLOADS = `${OLD_SITE}/wp-content/uploads/2019/05`;
const NEWSLETTER_PDF = Buffer.from(samplePdf('Spring newsletter', ['In this issue: the AGM']));
const FORM_PDF = Buffer.from(samplePdf('Membership form', ['Name and address']));
const LUNCH_PDF = Buffer.from(samplePdf('Christmas lunch menu', ['Turkey and ham']));

// The old site still serves its uploads; anything else there is gone.
const network = useFakeNetwork(
  http.get(`${UPLOADS}/Spring-Newsletter-2019.pdf`, () => new HttpResponse(NEWSLETTER_PDF, { headers: { 'content-type': 'application/pdf' } })),
  http.get(`${UPLOADS}/Membership-Form.pdf`, () => new HttpResponse(FORM_PDF, { headers: { 'content-type': 'application/pdf' } })),
  http.get(`${UPLOADS}/Christmas-Lunch-Menu.pdf`, () => new HttpResponse(LUNCH_PDF, { headers: { 'content-type': 'application/pdf' } })),
  http.get(`${UPLOADS}/*`, () => new HttpResponse(null, { status: 404, statusText: 'Not Found' })),
);

const ENTRIES: readonly ExportEntry[] = [
  {
    id: 11,
    type: 'post',
    title: 'Spring lunch &amp; talk',
    slug: '2019/05/spring-lunch',
    date: '2019-05-01 10:00:00',
    content: 'Join us for lunch in Athlone.\n\nBooking through your <a href="https://old.rnai.example.org/contact/">branch secretary</a>.\n<ul>\n<li>Soup</li>\n<li>Brown bread</li>\n</ul>\n<img src="https://old.rnai.example.org/wp-content/uploads/2019/05/lunch.jpg" alt="Lunch">',
  },
  {
    id: 12,
    type: 'post',
    title: 'Minutes of the AGM',
    slug: '2019/06/agm-minutes',
    date: '2019-06-20 18:30:00',
    // Pasted from a word processor: unclosed and misnested tags.
    content: '<p>The meeting opened at <b>7pm<p>Reports were <i>read</b> and adopted.</i><div>Next meeting in <span>September',
  },
  { id: 13, type: 'post', title: 'Half-written notes', status: 'draft', content: 'Not ready yet' },
  { id: 14, type: 'attachment', title: 'Spring newsletter 2019', slug: '2019/05/spring-lunch/spring-newsletter-2019', attachmentUrl: `${UPLOADS}/Spring-Newsletter-2019.pdf` },
  { id: 15, type: 'attachment', title: 'Membership form', slug: 'membership-form', attachmentUrl: `${UPLOADS}/Membership-Form.pdf` },
  { id: 16, type: 'attachment', title: 'Lunch photo', attachmentUrl: `${UPLOADS}/lunch.jpg` },
  { id: 30, type: 'tribe_venue', title: 'Hodson Bay Hotel', meta: { _VenueCity: 'Athlone', _VenueAddress: 'Hodson Bay' } },
  {
    id: 40,
    type: 'tribe_events',
    title: 'Summer Outing',
    slug: 'event/summer-outing',
    content: '<p>A day by the Shannon.</p><p>Bring a coat.</p>',
    meta: { _EventStartDate: '2026-07-15 10:30:00', _EventEndDate: '2026-07-15 16:00:00', _EventTimezone: 'Europe/Dublin', _EventVenueID: '30' },
  },
  {
    id: 41,
    type: 'tribe_events',
    title: 'Christmas Lunch',
    slug: 'event/christmas-lunch',
    content: 'Our yearly lunch.',
    meta: { _EventStartDate: '2026-12-05 00:00:00', _EventEndDate: '2026-12-05 23:59:59', _EventAllDay: 'yes', _EventTimezone: 'UTC+0' },
  },
  { id: 42, type: 'attachment', title: 'Christmas lunch menu', parent: 41, attachmentUrl: `${UPLOADS}/Christmas-Lunch-Menu.pdf` },
  { id: 50, type: 'page', title: 'About us', slug: 'about-us', content: 'Who we are' },
  { id: 60, type: 'product', title: 'Association tote bag', slug: 'shop/tote-bag' },
];

function exportFile(entries: readonly ExportEntry[] = ENTRIES): string {
  const file = path.join(temporaryDir('wordpress'), 'rnai.WordPress.2026-11-28.xml');
  fs.writeFileSync(file, wordPressExport(entries));
  return file;
}

function importFrom(dataDir: string, file: string, dryRun = false, onProgress?: Parameters<typeof runImport>[0]['onProgress']) {
  return runImport({
    dataDir,
    dryRun,
    onProgress,
    readSource: async () => readWordPressExport(fs.readFileSync(file, 'utf8'), path.basename(file), { timeZone: 'Europe/Dublin' }),
    now: new Date('2026-11-28T09:00:00.000Z'),
  });
}

/** Every row of the tables an import writes to, and the files, as anyone would read them. */
function snapshot(dataDir: string) {
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = (table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
    return {
      posts: rows('posts'),
      eventDetails: rows('event_details'),
      imported: rows('imported_items'),
      oldAddresses: rows('old_addresses'),
      files: ['', 'events', 'newsletters'].map((folder) => fs.readdirSync(path.join(dataDir, 'files', folder)).sort()),
      dataDir: fs.readdirSync(dataDir).filter((name) => !name.startsWith('site.db')).sort(),
    };
  } finally {
    db.close();
  }
}

async function emptySite(): Promise<string> {
  const site = await startTestServer();
  await site.close();
  return site.dataDir;
}

test('a WordPress export becomes news, newsletters, documents and events that the site shows, and the rest is reported as skipped', async () => {
  const dataDir = await emptySite();

  const result = await importFrom(dataDir, exportFile());
  const server = await startTestServer({ dataDir });
  const get = async (url: string) => (await server.app.inject({ url })).json<unknown>();

  const posts = postListSchema.parse(await get('/api/posts')).posts;
  expect(posts.map((post) => [post.title, post.publishedAt])).toEqual([
    ['Minutes of the AGM', '2019-06-20T18:30:00.000Z'],
    ['Spring lunch & talk', '2019-05-01T10:00:00.000Z'],
  ]);
  // The broken markup gives all its words, in order, a line per paragraph.
  expect(posts[0]?.body.split('\n')[0]).toBe('The meeting opened at 7pm');
  expect(posts[0]?.body.split('\n').at(-1)).toBe('Next meeting in September');
  expect(posts[0]?.body.replaceAll('\n', ' ')).toBe('The meeting opened at 7pm Reports were read and adopted. Next meeting in September');
  expect(posts.map((post) => post.body).slice(1)).toEqual([
    'Join us for lunch in Athlone.\nBooking through your branch secretary [https://old.rnai.example.org/contact/].\nSoup\nBrown bread',
  ]);
  expect(fileListSchema.parse(await get('/api/files?folder=newsletters')).files.map((file) => file.name)).toEqual(['Spring-Newsletter-2019.pdf']);
  expect(fileListSchema.parse(await get('/api/files?folder=root')).files.map((file) => file.name)).toEqual(['Membership-Form.pdf']);
  const download = await server.app.inject({ url: '/files/newsletters/Spring-Newsletter-2019.pdf' });
  expect(download.rawPayload.equals(NEWSLETTER_PDF)).toBe(true);
  const events = eventListingSchema.parse(await get('/api/events')).events;
  expect(events.map(({ file, details }) => [file.name, details])).toEqual([
    ['Christmas Lunch.pdf', { title: 'Christmas Lunch', start: '2026-12-05', end: '', allDay: true, timeZone: 'Europe/Dublin', venue: '', town: '', description: 'Our yearly lunch.' }],
    [
      'Summer Outing.pdf',
      { title: 'Summer Outing', start: '2026-07-15T10:30', end: '2026-07-15T16:00', allDay: false, timeZone: 'Europe/Dublin', venue: 'Hodson Bay Hotel', town: 'Athlone', description: 'A day by the Shannon.\nBring a coat.' },
    ],
  ]);
  // The event that had its menu attached is that PDF; the other gets one made from its details.
  expect(fs.readFileSync(path.join(dataDir, 'files', 'events', 'Christmas Lunch.pdf')).equals(LUNCH_PDF)).toBe(true);
  expect(fs.readFileSync(path.join(dataDir, 'files', 'events', 'Summer Outing.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  expect(result.outcome?.skipped).toEqual([
    { label: "post 'Half-written notes'", reason: 'a draft, never published' },
    { label: "attachment 'Lunch photo'", reason: 'not a PDF (lunch.jpg)' },
    { label: "page 'About us'", reason: "a WordPress page: copy its text into this site's own pages" },
    { label: "product 'Association tote bag'", reason: "post type 'product' is not imported" },
  ]);
  expect(result.text).toContain('Imported 2 posts to News, 1 file to Newsletters, 1 file to Important Documents and 2 events from the WordPress export rnai.WordPress.2026-11-28.xml');
  expect(result.text).toContain("  post 'Half-written notes': a draft, never published");
});

test("the old site's addresses of posts, attachments and events answer with a 301 to the new ones", async () => {
  const dataDir = await emptySite();
  await importFrom(dataDir, exportFile());
  const server = await startTestServer({ dataDir });
  const [agm] = postListSchema.parse((await server.app.inject({ url: '/api/posts' })).json()).posts;

  const moved = async (url: string) => {
    const response = await server.app.inject({ url });
    return [response.statusCode, response.headers.location];
  };

  expect(await moved('/2019/06/agm-minutes/')).toEqual([301, `/article/${agm?.id}`]);
  expect(await moved('/2019/06/agm-minutes')).toEqual([301, `/article/${agm?.id}`]);
  expect(await moved('/wp-content/uploads/2019/05/Spring-Newsletter-2019.pdf')).toEqual([301, '/files/newsletters/Spring-Newsletter-2019.pdf']);
  expect(await moved('/2019/05/spring-lunch/spring-newsletter-2019/')).toEqual([301, '/files/newsletters/Spring-Newsletter-2019.pdf']);
  expect(await moved('/event/summer-outing/')).toEqual([301, '/events/Summer%20Outing']);
  expect(await moved('/wp-content/uploads/2019/05/Christmas-Lunch-Menu.pdf')).toEqual([301, '/events/Christmas%20Lunch']);
  expect((await server.app.inject({ url: '/2019/07/never-was/' })).statusCode).not.toBe(301);
  expect((await server.app.inject({ method: 'POST', url: '/2019/06/agm-minutes/' })).statusCode).not.toBe(301);
});

test('a dry run reports what would be imported, with the folder rule and what is skipped, and changes nothing', async () => {
  const dataDir = await emptySite();
  const before = snapshot(dataDir);

  const result = await importFrom(dataDir, exportFile(), true);

  expect(snapshot(dataDir)).toEqual(before);
  expect(result.outcome).toBeUndefined();
  expect(result.text.split('\n')).toEqual([
    `Dry run: nothing was changed. An import of the WordPress export rnai.WordPress.2026-11-28.xml into ${dataDir} would add 2 posts to News, 1 file to Newsletters, 1 file to Important Documents and 2 events.`,
    'Up to 9 old addresses would be answered with a 301 to the new ones.',
    'Rules to check:',
    "  A PDF whose title or file name has 'newsletter' in it goes to Newsletters; any other PDF goes to Important Documents.",
    'Would import:',
    "  post 'Spring lunch & talk' (published 2019-05-01)",
    "  post 'Minutes of the AGM' (published 2019-06-20)",
    "  file 'Spring-Newsletter-2019.pdf' (in Newsletters)",
    "  file 'Membership-Form.pdf' (in Important Documents)",
    "  event 'Summer Outing.pdf' (in Events, with a one-page PDF made from its details)",
    "  event 'Christmas Lunch.pdf' (in Events, with its PDF Christmas-Lunch-Menu.pdf)",
    'Skipped (4):',
    "  post 'Half-written notes': a draft, never published",
    "  attachment 'Lunch photo': not a PDF (lunch.jpg)",
    "  page 'About us': a WordPress page: copy its text into this site's own pages",
    "  product 'Association tote bag': post type 'product' is not imported",
    'Files are fetched only by the real run: one that cannot be fetched then is skipped and reported.',
  ]);
});

test('a second run of the same export changes nothing and says everything was imported before', async () => {
  const dataDir = await emptySite();
  const file = exportFile();
  await importFrom(dataDir, file);
  const afterFirst = snapshot(dataDir);

  const second = await importFrom(dataDir, file);

  expect(snapshot(dataDir)).toEqual(afterFirst);
  expect(second.outcome?.imported).toEqual([]);
  expect(second.text).toContain('Imported nothing from');
  expect(second.text).toContain('Already imported by an earlier run, left as they are: 6.');
});

test('a failure in the middle of the database writes leaves the database and the files as they were, and a later run imports everything', async () => {
  const dataDir = await emptySite();
  const db = new Database(path.join(dataDir, 'site.db'));
  // The second post cannot be stored, after the first one was: as a full disk would refuse it.
  db.exec(`CREATE TRIGGER refuse_agm BEFORE INSERT ON posts WHEN NEW.title = 'Minutes of the AGM' BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
  db.close();
  const before = snapshot(dataDir);
  const file = exportFile();

  await expect(importFrom(dataDir, file)).rejects.toThrow('database or disk is full');

  expect(snapshot(dataDir)).toEqual(before);
  const unblocked = new Database(path.join(dataDir, 'site.db'));
  unblocked.exec('DROP TRIGGER refuse_agm');
  unblocked.close();
  const retried = await importFrom(dataDir, file);
  expect(retried.outcome?.imported).toHaveLength(6);
});

test('a file the old site no longer has is skipped with the reason, and the rest is imported', async () => {
  const dataDir = await emptySite();
  network.use(http.get(`${UPLOADS}/Membership-Form.pdf`, () => new HttpResponse(null, { status: 404, statusText: 'Not Found' })));

  const result = await importFrom(dataDir, exportFile());

  expect(result.outcome?.skipped).toContainEqual({ label: "file 'Membership-Form.pdf'", reason: 'it could not be fetched: the old site responded 404 Not Found' });
  expect(result.outcome?.imported).toHaveLength(5);
  expect(fs.readdirSync(path.join(dataDir, 'files'))).not.toContain('Membership-Form.pdf');
});

test('the import refuses to run while the server holds the data directory, and changes nothing', async () => {
  const server = await startTestServer();
  const before = snapshot(server.dataDir);

  await expect(importFrom(server.dataDir, exportFile())).rejects.toThrow(DataDirectoryInUseError);

  expect(snapshot(server.dataDir)).toEqual(before);
});

test('a file put in place by someone else while the files were fetched undoes the whole import, the files already put in place too', async () => {
  const dataDir = await emptySite();
  const before = snapshot(dataDir);
  const theirs = path.join(dataDir, 'files', 'events', 'Christmas Lunch.pdf');

  const attempt = importFrom(dataDir, exportFile(), false, ({ done, total }) => {
    // Once every file is fetched, the last one's name is taken: it is linked last, after the others.
    if (done === total) fs.writeFileSync(theirs, FORM_PDF);
  });

  await expect(attempt).rejects.toThrow('EEXIST');
  fs.rmSync(theirs);
  expect(snapshot(dataDir)).toEqual(before);
});

test("an old address that is one of this site's own pages is left to that page", async () => {
  const dataDir = await emptySite();
  const file = exportFile([
    { id: 1, type: 'post', title: 'News', slug: 'news', content: 'Our news' },
    { id: 2, type: 'post', title: 'Branch news', slug: '2020/01/branch-news', content: 'From Cork' },
  ]);

  await importFrom(dataDir, file);
  const server = await startTestServer({ dataDir });

  expect((await server.app.inject({ url: '/news/' })).statusCode).not.toBe(301);
  expect((await server.app.inject({ url: '/news' })).statusCode).not.toBe(301);
  expect((await server.app.inject({ url: '/2020/01/branch-news/' })).statusCode).toBe(301);
});
