import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { API_PATHS, fileListSchema, storedFileSchema } from '../contract/wire';
import { BROWSER_HEADERS, hammer, type LoadFigures, type Target } from './load.part';
import { markdownTable, milliseconds } from './report-format';
import { startRealServer } from './real-server';
import { signIn, type Administrator } from './sign-in';

/** How many responses one small server sends at full stretch: each kind of response alone, on one CPU and on two. */
export interface CapacityRow {
  readonly cpus: number;
  readonly target: string;
  /** Connections kept busy; fewer for the newsletter, whose time is its size over the line. */
  readonly connections?: number;
  readonly requestsPerSecond: number;
  /** Off the wire: headers and the compressed body. */
  readonly bytesPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
}

export interface CapacityResult {
  readonly connections: number;
  readonly durationSeconds: number;
  readonly rows: readonly CapacityRow[];
}

export interface CapacityOptions {
  readonly workDir: string;
  readonly administrator: Administrator;
  readonly log: (line: string) => void;
}

const CONNECTIONS = 50;
/** Eight readers of a 2 MB file already fill what the machine can carry. */
const NEWSLETTER_CONNECTIONS = 8;
const DURATION_SECONDS = 10;
const WARMUP_SECONDS = 2;
/** A newsletter of a usual size: the download that takes a server's bandwidth rather than its CPU. */
const NEWSLETTER_BYTES = 2 * 1024 * 1024;

/** Moves this process (the load generator) onto the CPUs named, or back onto all of them. */
export function runBenchOn(cpus: string): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`taskset could not move the benchmark onto CPU ${cpus}`);
}

async function uploadNewsletter(origin: string, cookie: string): Promise<string> {
  const body = Buffer.concat([Buffer.from('%PDF-1.7\n%capacity\n'), randomBytes(NEWSLETTER_BYTES)]);
  const response = await fetch(`${origin}${API_PATHS.files}?folder=newsletters&name=${encodeURIComponent('Capacity Newsletter.pdf')}`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/pdf' },
    body,
  });
  if (response.status !== 201) throw new Error(`Uploading the newsletter responded with ${response.status}: ${await response.text()}`);
  return storedFileSchema.parse(await response.json()).url;
}

/**
 * Downloads the file over and over on `connections` connections, reading and dropping its bytes:
 * autocannon reads every byte in JavaScript and, at about 95 MB/s, measured itself, not the
 * server. Times run from the request to the last byte.
 */
async function downloadLoad(url: string, connections: number, durationSeconds: number): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  let bytes = 0;
  let failed = 0;
  const until = performance.now() + durationSeconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      http
        .get(url, { agent, headers: BROWSER_HEADERS }, (response) => {
          response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
          response.on('end', () => {
            if (response.statusCode === 200) times.push(performance.now() - started);
            else failed += 1;
            resolve();
          });
          response.on('error', () => {
            failed += 1;
            resolve();
          });
        })
        .on('error', () => {
          failed += 1;
          resolve();
        });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
  return {
    requestsPerSecond: times.length / elapsedSeconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors: failed,
    timeouts: 0,
    non2xx: 0,
    requests: times.length + failed,
    bytesPerSecond: bytes / elapsedSeconds,
  };
}

async function targetsOf(origin: string, newsletterUrl: string): Promise<Target[]> {
  const events = fileListSchema.parse(await (await fetch(`${origin}${API_PATHS.files}?folder=events`)).json()).files;
  const smallPdf = events.find((file) => file.name.toLowerCase().endsWith('.pdf'));
  if (smallPdf === undefined) throw new Error('The sample content has no event PDF.');
  return [
    { target: 'page /news', path: '/news', headers: { ...BROWSER_HEADERS, accept: 'text/html' } },
    { target: 'news API', path: API_PATHS.posts, headers: { ...BROWSER_HEADERS, accept: 'application/json' } },
    { target: 'download, 1 KB PDF', path: smallPdf.url, headers: { ...BROWSER_HEADERS, accept: 'application/pdf' } },
    { target: 'download, 2 MB newsletter', path: newsletterUrl, headers: { ...BROWSER_HEADERS, accept: 'application/pdf' } },
  ];
}

/**
 * The server on one CPU (taskset), with the load generator alone on the other; then on both,
 * sharing them with the load generator as a real second core would be shared with the system.
 * Each response kind is loaded alone for DURATION_SECONDS after a warm-up.
 */
export async function runCapacity(options: CapacityOptions): Promise<CapacityResult> {
  const rows: CapacityRow[] = [];
  for (const cpus of [1, 2]) {
    const server = await startRealServer({ workDir: options.workDir, maxUploadMb: 50, administrator: options.administrator, log: options.log, ...(cpus === 1 ? { cpus: '0' } : {}) });
    try {
      const cookie = await signIn(server.origin, options.administrator);
      const newsletterUrl = await uploadNewsletter(server.origin, cookie);
      const targets = await targetsOf(server.origin, newsletterUrl);
      if (cpus === 1) runBenchOn('1');
      for (const target of targets) {
        const large = target.path === newsletterUrl;
        const connections = large ? NEWSLETTER_CONNECTIONS : CONNECTIONS;
        options.log(`Capacity: ${target.target} on ${cpus} CPU${cpus === 1 ? '' : 's'}, ${connections} connections for ${DURATION_SECONDS} s...`);
        const load = large
          ? (seconds: number) => downloadLoad(server.origin + target.path, connections, seconds)
          : (seconds: number) => hammer(server.origin, target, seconds, connections);
        await load(WARMUP_SECONDS);
        const figures = await load(DURATION_SECONDS);
        rows.push({
          cpus,
          target: target.target,
          connections,
          requestsPerSecond: figures.requestsPerSecond,
          bytesPerSecond: figures.bytesPerSecond ?? 0,
          p50Ms: figures.p50Ms,
          p99Ms: figures.p99Ms,
          errors: figures.errors + figures.timeouts + figures.non2xx,
        });
      }
    } finally {
      runBenchOn(`0-${os.cpus().length - 1}`);
      await server.stop();
    }
  }
  return { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, rows };
}

export function capacityTable(result: CapacityResult): string {
  return [
    markdownTable(
      ['CPUs', 'response', 'connections', 'responses/s', 'MB/s on the wire', 'p50', 'p99', 'failed'],
      result.rows.map((row) => [
        row.cpus,
        row.target,
        row.connections ?? result.connections,
        Math.round(row.requestsPerSecond),
        (row.bytesPerSecond / 1024 / 1024).toFixed(1),
        milliseconds(row.p50Ms),
        milliseconds(row.p99Ms),
        row.errors,
      ]),
      [true, false, true, true, true, true, true, true],
    ),
    '',
    `${result.durationSeconds} s per response after a warm-up. On 1 CPU the load generator runs alone on the other; on 2 it shares them with the server. ` +
      "A newsletter's time is its size over the line: it is read by a plain reader that drops the bytes, and its p99 is the whole download.",
  ].join('\n');
}
