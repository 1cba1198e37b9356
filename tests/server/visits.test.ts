import { expect, test } from 'vitest';
import { VISITS_PATHS, visitsReportSchema } from '../../contract/visits';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addAccount, json, signedIn } from './helpers/accounts';
import { startListSmtpPeer } from './helpers/list-smtp-peer';
import { createTestClock, HOUR } from './helpers/test-clock';
import { startTestServer, temporaryDir, type TestServer } from './helpers/test-server';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const ROBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
// 21 November 2026, 9.00 in Dublin (GMT in winter).
const clock = () => createTestClock(Date.UTC(2026, 10, 21, 9, 0, 0));

/** A server with an administrator and one newsletter to download, on `dataDir`. */
async function siteWithNewsletter(dataDir: string, now: () => number): Promise<TestServer> {
  const server = await startTestServer({ env: ADMIN_ENV, dataDir, clock: now });
  await addAccount(server.app, ADMIN);
  const admin = await signedIn(server.baseUrl, ADMIN);
  const upload = await admin.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ folder: 'newsletters', name: 'Spring 2026.pdf' })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: samplePdf('Spring', ['News of the branches.']),
  });
  expect(upload.status).toBe(201);
  return server;
}

/** Fetches and reads the whole body, so the response is finished (and counted) before the next step. */
async function visit(server: TestServer, address: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  const response = await fetch(server.baseUrl + address, { ...init, headers: { 'user-agent': BROWSER, ...init.headers } });
  await response.arrayBuffer();
  return response;
}

async function reportOf(server: TestServer) {
  const admin = await signedIn(server.baseUrl, ADMIN);
  const response = await admin.fetch(`${server.baseUrl}${VISITS_PATHS.report}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return visitsReportSchema.parse(await response.json());
}

const NEWSLETTER = '/files/newsletters/Spring%202026.pdf';

test("a day's figures match the requests made, and are still there after a restart", async () => {
  const dataDir = temporaryDir('visits');
  const time = clock();
  const first = await siteWithNewsletter(dataDir, time.now);
  const home = await visit(first, '/');

  await visit(first, '/');
  await visit(first, '/', { headers: { referer: 'https://www.facebook.com/groups/nurses?ref=share' } });
  await visit(first, '/', { headers: { referer: `${first.baseUrl}/news` } });
  await visit(first, '/', { method: 'HEAD' });
  expect((await visit(first, '/', { headers: { 'if-none-match': home.headers.get('etag') ?? '' } })).status).toBe(304);
  await visit(first, '/admin');
  await visit(first, '/api/posts');
  await visit(first, '/no/such/file.txt');
  await visit(first, NEWSLETTER);
  await visit(first, NEWSLETTER);
  expect((await visit(first, NEWSLETTER, { headers: { range: 'bytes=0-9' } })).status).toBe(206);
  await visit(first, '/files/newsletters/Missing.pdf');
  await first.close();
  const second = await startTestServer({ env: ADMIN_ENV, dataDir, clock: time.now });
  const report = await reportOf(second);

  expect(report.days).toHaveLength(30);
  expect(report.days.at(-1)).toEqual({ period: '2026-11-21', pageViews: 4, downloads: 2 });
  expect(report.days.slice(0, -1).every((day) => day.pageViews === 0 && day.downloads === 0)).toBe(true);
  expect(report.months).toHaveLength(12);
  expect(report.months.at(-1)).toEqual({ period: '2026-11', pageViews: 4, downloads: 2 });
  expect(report.pages).toEqual([{ key: '/', count: 4 }]);
  expect(report.downloads).toEqual([{ key: 'newsletters/Spring 2026.pdf', count: 2 }]);
  expect(report.referrers).toEqual([{ key: 'facebook.com', count: 1 }]);
});

test('no response sets a cookie for counting, and known robots are not counted', async () => {
  const dataDir = temporaryDir('visits');
  const time = clock();
  const server = await siteWithNewsletter(dataDir, time.now);
  const addresses = ['/', NEWSLETTER, `/api/search?${new URLSearchParams({ q: 'bingo night' })}`];

  const responses = [];
  for (const address of addresses) {
    responses.push(await visit(server, address), await visit(server, address, { headers: { 'user-agent': ROBOT } }));
  }
  await visit(server, '/', { headers: { 'user-agent': '' } });
  await server.close();
  const restarted = await startTestServer({ env: ADMIN_ENV, dataDir, clock: time.now });
  const report = await reportOf(restarted);

  expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(responses.map((response) => response.headers.get('set-cookie'))).toEqual([null, null, null, null, null, null]);
  expect(report.pages).toEqual([{ key: '/', count: 1 }]);
  expect(report.downloads).toEqual([{ key: 'newsletters/Spring 2026.pdf', count: 1 }]);
  expect(report.searchesNotFound).toEqual([{ key: 'bingo night', count: 1 }]);
});

test('searches that found nothing are kept without e-mail addresses or phone numbers', async () => {
  const dataDir = temporaryDir('visits');
  const server = await startTestServer({ env: ADMIN_ENV, dataDir, clock: clock().now });
  await addAccount(server.app, ADMIN);
  const searches = ['Mary.Byrne@example.org Pension', 'call me on 087 123 4567', 'someone@example.org', 'AGM   2025'];

  for (const q of searches) expect((await visit(server, `/api/search?${new URLSearchParams({ q })}`)).status).toBe(200);
  await server.close();
  const restarted = await startTestServer({ env: ADMIN_ENV, dataDir, clock: clock().now });
  const stored = restarted.app.db.prepare<[], { key: string }>("SELECT key FROM visit_counts WHERE kind = 'search' ORDER BY key").all();

  expect(stored.map((row) => row.key)).toEqual(['agm 2025', 'call me on', 'pension']);
  expect(JSON.stringify(restarted.app.db.prepare('SELECT * FROM visit_counts').all())).not.toMatch(/@|example\.org|4567/);
});

test('the words of searches are deleted after 90 days; the page counts stay', async () => {
  const dataDir = temporaryDir('visits');
  const time = clock();
  const server = await startTestServer({ env: ADMIN_ENV, dataDir, clock: time.now });
  await visit(server, `/api/search?${new URLSearchParams({ q: 'quilting' })}`);
  await visit(server, '/');
  await server.close();
  const kinds = (again: TestServer) => again.app.db.prepare<[], { kind: string }>('SELECT kind FROM visit_counts ORDER BY kind').all().map((row) => row.kind);

  time.advance(89 * 24 * HOUR);
  const within90 = await startTestServer({ env: ADMIN_ENV, dataDir, clock: time.now });
  expect(kinds(within90)).toEqual(['page', 'search']);
  await within90.close();
  time.advance(24 * HOUR);
  const after90 = await startTestServer({ env: ADMIN_ENV, dataDir, clock: time.now });

  expect(kinds(after90)).toEqual(['page']);
});

test('the monthly summary is queued once, on the 1st, and e-mailed to the administrators who asked for it', async () => {
  const dataDir = temporaryDir('visits');
  const time = clock();
  const peer = await startListSmtpPeer();
  const mailEnv = { ...ADMIN_ENV, SMTP_URL: `smtp://127.0.0.1:${peer.port}`, CONTACT_TO: 'office@example.org', MAIL_FROM: 'news@example.org', MAIL_RATE_PER_MINUTE: '0' };
  const server = await startTestServer({ env: mailEnv, dataDir, clock: time.now });
  await addAccount(server.app, ADMIN);
  const admin = await signedIn(server.baseUrl, ADMIN);
  const chosen = await admin.fetch(`${server.baseUrl}${VISITS_PATHS.summaryByEmail}`, { method: 'PUT', ...json({ wanted: true }) });
  expect(chosen.status).toBe(204);
  expect((await reportOf(server)).summaryByEmail).toBe(true);
  await visit(server, '/');
  await visit(server, '/');
  await server.close();
  // 1 December, 00.30 in Dublin.
  time.advance(9 * 24 * HOUR + 15 * HOUR + HOUR / 2);

  for (let restart = 0; restart < 2; restart += 1) {
    const again = await startTestServer({ env: mailEnv, dataDir, clock: time.now });
    const rows = again.app.db.prepare<[], { kind: string; address: string }>('SELECT kind, address FROM mail_queue').all();
    expect(rows).toEqual([{ kind: 'visits-summary', address: ADMIN.email }]);
    await expect.poll(() => peer.received.length).toBe(1);
    await again.close();
  }
  const [mail] = peer.received;
  const text = (mail?.raw ?? '').replace(/=\r?\n/g, '');
  expect(mail?.to).toBe(ADMIN.email);
  expect(text).toContain('Subject: Visits to the website in November 2026');
  expect(text).toContain("In November 2026 the website's pages were read 2 times, and its files downloaded 0 times.");
});

test('only an administrator may read the visits', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });

  const response = await fetch(`${server.baseUrl}${VISITS_PATHS.report}`);

  expect(response.status).toBe(401);
  expect(response.headers.get('cache-control')).toBe('no-store');
});
