import { expect, test } from 'vitest';
import { checkBudgets } from './budgets';
import type { LoadFigures } from './load.part';
import type { PageRow, PageRun } from './pages.part';

const MB = 1024 * 1024;

function page(route: string, performance: number, seo = 100, lcpMs = 1000): PageRow {
  const run: PageRun = {
    scores: { performance, accessibility: 100, 'best-practices': 100, seo },
    fcpMs: 900,
    lcpMs,
    tbtMs: 0,
    cls: 0,
    totalBytes: 50_000,
    scriptBytes: 40_000,
  };
  const diagnosis = { lcpElement: undefined, lcpPhases: {}, renderBlocking: [], opportunities: [], failing: [], requests: 4, layoutShift: undefined, busiestScript: undefined };
  return { route, url: route, runs: [run], median: run, diagnosis };
}

function figures(errors: number, non2xx: number): LoadFigures {
  return { requestsPerSecond: 1000, p50Ms: 5, p99Ms: 20, errors, timeouts: 0, non2xx, requests: 10_000 };
}

test('a route below 100 in performance or SEO, or painting later than 1.0 s, misses its budget, and names the route', () => {
  const rows = [page('/', 100), page('/news', 99, 92), page('/events', 100, 100, 1001)];
  const checks = checkBudgets({ pages: { lighthouseVersion: '12.8.2', runsPerRoute: 3, rows } });

  const missed = checks.filter((check) => !check.met).map((check) => `${check.budget}: ${check.detail}`);

  expect(missed).toEqual([
    'SEO 100 on every public route: /news 92',
    'Performance 100 on every public route: /news 99',
    'Largest contentful paint at most 1000 ms on every public route: /events 1001 ms',
  ]);
});

test('every route at 100 and painting within 1.0 s meets the page budgets', () => {
  const checks = checkBudgets({ pages: { lighthouseVersion: '12.8.2', runsPerRoute: 3, rows: [page('/', 100), page('/news', 100, 100, 700)] } });

  expect(checks.every((check) => check.met)).toBe(true);
  expect(checks.find((check) => check.budget.startsWith('Largest'))?.detail).toBe('slowest 1000 ms');
});

test('any error or non-2xx under load misses the zero-errors budget', () => {
  const row = (target: string, server: LoadFigures) => ({ target, path: '/', responseBytes: 1, encoding: 'br', server, baseline: figures(0, 0) });

  const clean = checkBudgets({ load: { settings: { connections: 50, durationSeconds: 10, warmupSeconds: 2 }, rows: [row('a', figures(0, 0))] } });
  const failing = checkBudgets({ load: { settings: { connections: 50, durationSeconds: 10, warmupSeconds: 2 }, rows: [row('a', figures(0, 0)), row('b', figures(0, 3))] } });

  expect(clean.map((check) => check.met)).toEqual([true]);
  expect(failing.map((check) => check.met)).toEqual([false]);
  expect(failing[0]?.detail).toContain('b: 0 errors, 0 timeouts, 3 non-2xx');
});

test('upload memory that grows past the limit with the file misses its budget', () => {
  const upload = (sizeMb: number, growthMb: number) => ({
    sizeBytes: sizeMb * MB,
    uploadMs: 1000,
    uploadMbPerSecond: sizeMb,
    copyMs: 500,
    copyMbPerSecond: sizeMb * 2,
    rssBeforeBytes: 100 * MB,
    rssPeakBytes: (100 + growthMb) * MB,
  });

  const flat = checkBudgets({ upload: { rows: [upload(20, 10), upload(200, 12)] } });
  const growing = checkBudgets({ upload: { rows: [upload(20, 20), upload(200, 200)] } });

  expect(flat[0]?.met).toBe(true);
  expect(growing[0]?.met).toBe(false);
});

test('a server process above 100 MB resident idle or after every page three times, or above 128 MB after load, misses its budget', () => {
  const reading = (rssMb: number) => ({ rssBytes: rssMb * MB, heapUsedBytes: 20 * MB, heapTotalBytes: 30 * MB });
  const memory = (idleMb: number, pagesMb: number, loadedMb: number) => ({
    memory: { idle: reading(idleMb), afterPages: reading(pagesMb), loaded: reading(loadedMb), peakRssBytes: 130 * MB, requests: 1000, connections: 10, secondsPerTarget: 3 },
  });

  expect(checkBudgets(memory(90, 100, 128)).map((check) => check.met)).toEqual([true, true]);
  expect(checkBudgets(memory(90, 101, 110)).map((check) => check.met)).toEqual([false, true]);
  expect(checkBudgets(memory(101, 95, 129)).map((check) => check.detail)).toEqual(['idle 101.0 MB, after every page three times 95.0 MB', 'after load 129.0 MB']);
  expect(checkBudgets(memory(80, 90, 129)).map((check) => check.met)).toEqual([true, false]);
});

test('an API or download slower than half a bare server, or an upload slower than 0.7 of a bare server writing it, misses its budget', () => {
  const paced = (requestsPerSecond: number): LoadFigures => ({ ...figures(0, 0), requestsPerSecond });
  const row = (target: string, server: number) => ({ target, path: '/', responseBytes: 1, encoding: 'identity', server: paced(server), baseline: paced(1000) });
  const settings = { connections: 50, durationSeconds: 10, warmupSeconds: 2 };
  const load = (pdf: number) => checkBudgets({ load: { settings, rows: [row('news API', 600), row('one article API', 500), row('PDF download', pdf)] } });

  expect(load(500).find((check) => check.budget.includes('bare'))?.met).toBe(true);
  const slow = load(130).find((check) => check.budget.includes('bare'));
  expect(slow?.met).toBe(false);
  expect(slow?.detail).toBe('news API 0.60×, one article API 0.50×, PDF download 0.13×');

  const upload = (uploadMbPerSecond: number) => ({
    sizeBytes: 20 * MB,
    uploadMs: 1000,
    uploadMbPerSecond,
    copyMs: 500,
    copyMbPerSecond: 200,
    syncedCopyMbPerSecond: 140,
    bareWriteMbPerSecond: 100,
    rssBeforeBytes: 0,
    rssPeakBytes: 0,
  });
  expect(checkBudgets({ upload: { rows: [upload(70)] } })[1]?.met).toBe(true);
  const slowUpload = checkBudgets({ upload: { rows: [upload(70), upload(69)] } })[1];
  expect(slowUpload?.met).toBe(false);
  // The copies are shown beside the bare server, never in its place.
  expect(slowUpload?.detail).toBe('20.0 MB: 0.70× (0.35× of a plain copy, 0.50× of a synced copy), 20.0 MB: 0.69× (0.34× of a plain copy, 0.49× of a synced copy)');
  // A saved run from before the bare server was measured cannot meet it.
  const { bareWriteMbPerSecond: _absent, ...older } = upload(100);
  expect(checkBudgets({ upload: { rows: [older] } })[1]?.met).toBe(false);
});

test('a capacity figure counts only while the 99th percentile stays under 100 ms with nothing failed', () => {
  const row = (cpus: number, p99Ms: number, errors = 0) => ({ cpus, target: 'news API', requestsPerSecond: 9000, bytesPerSecond: 1, p50Ms: 2, p99Ms, errors });
  const capacity = (...rows: ReturnType<typeof row>[]) => checkBudgets({ capacity: { connections: 50, durationSeconds: 10, rows } })[0];

  expect(capacity(row(1, 40), row(2, 99))?.met).toBe(true);
  expect(capacity(row(1, 40), row(2, 100))).toMatchObject({ met: false, detail: 'news API on 2: p99 100 ms, 0 failed' });
  expect(capacity(row(1, 4, 3))?.met).toBe(false);
});

test("a newsletter's long download does not count against the 100 ms line, but its failures do", () => {
  const newsletter = (p99Ms: number, errors: number) => ({ cpus: 1, target: 'download, 2 MB newsletter', requestsPerSecond: 100, bytesPerSecond: 1, p50Ms: 60, p99Ms, errors });
  const check = (errors: number) => checkBudgets({ capacity: { connections: 50, durationSeconds: 10, rows: [newsletter(180, errors)] } })[0]?.met;

  expect(check(0)).toBe(true);
  expect(check(1)).toBe(false);
});

test('a mailing misses its budgets when it is slow, repeats an address, grows the server, or slows the pages', () => {
  const mail = {
    recipients: 5000,
    sendMs: 30_000,
    mailsPerSecond: 5000 / 30,
    received: 5001,
    repeated: 1,
    rssBeforeBytes: 100 * MB,
    rssPeakBytes: 140 * MB,
    cpuMsPerMail: 1.5,
    requestThreadCpuMsPerMail: 0.4,
    idleP99Ms: 5,
    duringP99Ms: 10,
    pagesDuring: 500,
  };

  const missed = checkBudgets({ mail })
    .filter((check) => !check.met)
    .map((check) => check.detail);

  expect(missed).toEqual(['167 a second to 5000', '5001 received for 5000, 1 addresses more than once', '40.0 MB', '5.0 ms → 10.0 ms']);
  expect(checkBudgets({ mail: { ...mail, mailsPerSecond: 200, received: 5000, repeated: 0, rssPeakBytes: 131 * MB, duringP99Ms: 9.9 } }).every((check) => check.met)).toBe(true);
});

test('the member list misses its budgets when the import, a search or the page is slow', () => {
  const members = {
    members: 10_000,
    csvMegabytes: 1.1,
    importMs: 5_000,
    listP50Ms: 20,
    listP99Ms: 200,
    searches: 200,
    searchP50Ms: 10,
    searchP99Ms: 50,
    searchMaxMs: 60,
    exportMs: 400,
    exportMegabytes: 1.2,
  };

  const missed = checkBudgets({ members })
    .filter((check) => !check.met)
    .map((check) => check.detail);

  expect(missed).toEqual(['5.00 s', 'p99 50 ms', 'p99 200 ms']);
  expect(checkBudgets({ members: { ...members, importMs: 4_999, searchP99Ms: 49, listP99Ms: 199 } }).every((check) => check.met)).toBe(true);
});

test("a photograph's preparation misses its budget when the server's own memory grows by 8 MB or more", () => {
  const pictures = {
    width: 4032,
    height: 3024,
    sizeBytes: 3 * MB,
    wallMs: 1200,
    serverRssBeforeBytes: 90 * MB,
    serverRssPeakBytes: 150 * MB,
    preparerRssPeakBytes: 150 * MB,
    sizes: [],
  };

  expect(checkBudgets({ pictures }).map((check) => [check.met, check.detail])).toEqual([[false, '60.0 MB']]);
  expect(checkBudgets({ pictures: { ...pictures, serverRssPeakBytes: 97 * MB } }).every((check) => check.met)).toBe(true);
});
