import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { API_PATHS, fileListSchema, postPath } from '../contract/wire';
import { PUBLIC_ROUTES, routeAddress, sampleRouteIds } from '../tooling/build/public-routes';
import { REPO_ROOT } from '../tooling/repo-root';
import { BROWSER_HEADERS, hammer, type Target } from './load.part';
import { peakMemoryDuring } from './process-memory';
import { markdownTable, megabytes } from './report-format';

/** What the server's process holds, read inside it by bench/memory-probe.mjs. */
export interface MemoryReading {
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
  readonly heapTotalBytes: number;
}

export interface MemoryResult {
  /** After start-up, once the sample PDFs' text is indexed and nothing is asked of the server. */
  readonly idle: MemoryReading;
  /**
   * After every page and response a visitor or an administrator's browser asks for (pages, the
   * API, a PDF, the feeds, the calendars, a search, the sign-in and admin pages), three times
   * each, one at a time: the server as it is once a few visitors have been round.
   */
  readonly afterPages?: MemoryReading;
  /** Right after every public page, the public API and a download were served under load. */
  readonly loaded: MemoryReading;
  /** The highest resident memory while under load. */
  readonly peakRssBytes: number;
  readonly requests: number;
  readonly connections: number;
  readonly secondsPerTarget: number;
}

const readingSchema = z.object({ rss: z.number(), heapUsed: z.number(), heapTotal: z.number(), at: z.number() });

const CONNECTIONS = 10;
const SECONDS_PER_TARGET = 3;
/** Long enough for start-up's leftovers (timers, the index's reader) to finish before the idle reading. */
const SETTLE_MS = 5_000;

/** NODE_OPTIONS that load the probe into the server's process, and the file it writes its reading to. */
export function memoryProbeEnvironment(workDir: string): Record<string, string> {
  const probe = pathToFileURL(path.join(REPO_ROOT, 'bench', 'memory-probe.mjs')).href;
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${probe}`.trim(),
    BENCH_MEMORY_FILE: path.join(workDir, 'server-memory.json'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readMemory(pid: number, file: string): Promise<MemoryReading> {
  const asked = Date.now();
  process.kill(pid, 'SIGUSR2');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await sleep(50);
    if (!fs.existsSync(file)) continue;
    const reading = readingSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (reading.at >= asked) return { rssBytes: reading.rss, heapUsedBytes: reading.heapUsed, heapTotalBytes: reading.heapTotal };
  }
  throw new Error('The server did not report its memory; was it started with the probe (memoryProbeEnvironment)?');
}

/** Start-up reads the sample PDFs' text in the background; idle means after that. */
async function waitForIndexedFiles(origin: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/api/search?q=soda`);
    const body = response.ok ? ((await response.json()) as { results?: unknown[] }) : {};
    if ((body.results?.length ?? 0) > 0) return;
    // Under the limit of 30 searches a minute.
    await sleep(2_500);
  }
  throw new Error('The sample newsletter was not indexed within a minute.');
}

async function targets(origin: string): Promise<Target[]> {
  const ids = await sampleRouteIds(origin);
  const pages = PUBLIC_ROUTES.map((route) => ({ target: route.name, path: routeAddress(route, ids), headers: { ...BROWSER_HEADERS, accept: 'text/html' } }));
  const files = fileListSchema.parse(await (await fetch(`${origin}${API_PATHS.files}?folder=events`)).json()).files;
  const pdf = files.find((file) => file.name.toLowerCase().endsWith('.pdf'));
  if (pdf === undefined) throw new Error('The sample content has no event PDF.');
  const json = { ...BROWSER_HEADERS, accept: 'application/json' };
  return [
    ...pages,
    { target: 'news API', path: API_PATHS.posts, headers: json },
    { target: 'article API', path: postPath(ids.article), headers: json },
    { target: 'events API', path: API_PATHS.events, headers: json },
    { target: 'PDF', path: pdf.url, headers: { ...BROWSER_HEADERS, accept: 'application/pdf' } },
  ];
}

/** What else a browser asks for, besides the pages and responses the load goes through. */
const OTHER_ADDRESSES = ['/accessibility', '/display-settings', '/search?q=soda', '/feeds/news.atom', '/feeds/newsletters.atom', '/sitemap.xml', '/robots.txt', '/events.ics', '/login', '/admin'];

/** Each address in turn, three times over, as a few visitors would go round the site. */
async function everyAddressThreeTimes(origin: string, all: readonly Target[]): Promise<void> {
  const addresses = [...all.map((target) => target.path), ...OTHER_ADDRESSES];
  for (let round = 0; round < 3; round += 1) {
    for (const address of addresses) {
      const response = await fetch(origin + address, { headers: BROWSER_HEADERS });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${address} responded with ${response.status} while the memory was measured.`);
    }
  }
}

export async function runMemory(origin: string, pid: number, workDir: string, log: (line: string) => void): Promise<MemoryResult> {
  const file = memoryProbeEnvironment(workDir).BENCH_MEMORY_FILE as string;
  log('Memory: waiting for the sample PDFs to be indexed, then for the server to settle...');
  await waitForIndexedFiles(origin);
  await sleep(SETTLE_MS);
  const idle = await readMemory(pid, file);
  const all = await targets(origin);
  log('Memory: every page and response three times, one at a time...');
  await everyAddressThreeTimes(origin, all);
  const afterPages = await readMemory(pid, file);
  log(`Memory: every public page, the API and a PDF, ${CONNECTIONS} connections for ${SECONDS_PER_TARGET} s each...`);
  const measured = await peakMemoryDuring(pid, async () => {
    let requests = 0;
    for (const target of all) requests += (await hammer(origin, target, SECONDS_PER_TARGET, CONNECTIONS)).requests;
    return requests;
  });
  const loaded = await readMemory(pid, file);
  return { idle, afterPages, loaded, peakRssBytes: measured.peakBytes, requests: measured.value, connections: CONNECTIONS, secondsPerTarget: SECONDS_PER_TARGET };
}

export function memoryTable(result: MemoryResult): string {
  const row = (when: string, reading: MemoryReading) => [when, megabytes(reading.rssBytes), megabytes(reading.heapUsedBytes), megabytes(reading.heapTotalBytes)];
  return [
    markdownTable(
      ['server process', 'RSS', 'heap used', 'heap total'],
      [
        row('idle, after start-up', result.idle),
        ...(result.afterPages === undefined ? [] : [row('after every page three times', result.afterPages)]),
        row('after load', result.loaded),
      ],
      [false, true, true, true],
    ),
    '',
    `Load: every public page, the news, article and events API and a PDF, ${result.connections} connections for ` +
      `${result.secondsPerTarget} s each (${result.requests} requests); highest RSS during it ${megabytes(result.peakRssBytes)}.`,
  ].join('\n');
}
