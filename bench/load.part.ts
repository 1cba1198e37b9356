import http from 'node:http';
import autocannon from 'autocannon';
import { z } from 'zod';
import { API_PATHS, fileListSchema, postListSchema, postPath } from '../contract/wire';
import { startBaseline } from './baseline-process';
import { type RecordedResponse } from './recorded-response';
import { markdownTable, milliseconds, ratio } from './report-format';

export interface LoadSettings {
  readonly connections: number;
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
}

export const DEFAULT_LOAD: LoadSettings = { connections: 50, durationSeconds: 10, warmupSeconds: 2 };

export interface LoadFigures {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly requests: number;
  /** Bytes a second read off the wire, headers and compressed bodies included (absent in older saved runs). */
  readonly bytesPerSecond?: number;
}

export interface LoadRow {
  readonly target: string;
  readonly path: string;
  readonly responseBytes: number;
  readonly encoding: string;
  readonly server: LoadFigures;
  readonly baseline: LoadFigures;
}

export interface LoadResult {
  readonly settings: LoadSettings;
  readonly rows: readonly LoadRow[];
}

export interface Target {
  readonly target: string;
  readonly path: string;
  readonly headers: Record<string, string>;
}

/**
 * What a browser sends: it accepts compressed responses, so the server's compression is measured
 * too, and a phone's user agent, so every page and download is counted as a visit
 * (server/plugins/visits.plugin.ts leaves robots out, and a name like 'rnai-bench' reads as one).
 */
export const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

const resultSchema = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  throughput: z.object({ average: z.number() }),
  latency: z.object({ p50: z.number(), p99: z.number() }),
  errors: z.number(),
  timeouts: z.number(),
  non2xx: z.number(),
});

export async function hammer(origin: string, target: Target, durationSeconds: number, connections: number): Promise<LoadFigures> {
  const raw = await autocannon({ url: origin + target.path, connections, duration: durationSeconds, headers: target.headers });
  const result = resultSchema.parse(raw);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    bytesPerSecond: result.throughput.average,
  };
}

async function json(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} responded with ${response.status}`);
  return response.json();
}

async function loadTargets(origin: string): Promise<Target[]> {
  const { posts } = postListSchema.parse(await json(origin + API_PATHS.posts));
  const { files } = fileListSchema.parse(await json(`${origin}${API_PATHS.files}?folder=events`));
  const post = posts[0];
  const pdf = files.find((file) => file.name.toLowerCase().endsWith('.pdf'));
  if (post === undefined || pdf === undefined) throw new Error('The sample content has no post or no event PDF.');
  return [
    { target: 'news API', path: API_PATHS.posts, headers: { ...BROWSER_HEADERS, accept: 'application/json' } },
    { target: 'one article API', path: postPath(post.id), headers: { ...BROWSER_HEADERS, accept: 'application/json' } },
    { target: 'public page /news', path: '/news', headers: { ...BROWSER_HEADERS, accept: 'text/html' } },
    { target: 'PDF download', path: pdf.url, headers: { ...BROWSER_HEADERS, accept: 'application/pdf' } },
  ];
}

// Hop-by-hop headers describe one connection, not the response; the baseline sets its own length.
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/** The real server's response as the wire carried it: still compressed, every header kept. */
function record(origin: string, target: Target): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(origin + target.path, { headers: target.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: [string, string][] = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          const name = response.rawHeaders[index] ?? '';
          if (!CONNECTION_HEADERS.has(name.toLowerCase())) headers.push([name, response.rawHeaders[index + 1] ?? '']);
        }
        resolve({ path: target.path, status: response.statusCode ?? 0, headers, bodyBase64: Buffer.concat(chunks).toString('base64') });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function headerOf(recorded: RecordedResponse, name: string): string | undefined {
  return recorded.headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

export async function runLoad(origin: string, workDir: string, settings: LoadSettings, log: (line: string) => void): Promise<LoadResult> {
  const targets = await loadTargets(origin);
  const recorded = await Promise.all(targets.map((target) => record(origin, target)));
  for (const response of recorded) {
    if (response.status < 200 || response.status > 299) throw new Error(`${response.path} responded with ${response.status}; nothing to load-test.`);
  }
  const baseline = await startBaseline(recorded, workDir);
  const rows: LoadRow[] = [];
  try {
    for (const [index, target] of targets.entries()) {
      const response = recorded[index] as RecordedResponse;
      log(`Load: ${target.target} (${target.path}), ${settings.connections} connections for ${settings.durationSeconds} s, server then baseline...`);
      await hammer(origin, target, settings.warmupSeconds, settings.connections);
      const server = await hammer(origin, target, settings.durationSeconds, settings.connections);
      await hammer(baseline.origin, target, settings.warmupSeconds, settings.connections);
      const bare = await hammer(baseline.origin, target, settings.durationSeconds, settings.connections);
      rows.push({
        target: target.target,
        path: target.path,
        responseBytes: Buffer.from(response.bodyBase64, 'base64').byteLength,
        encoding: headerOf(response, 'content-encoding') ?? 'identity',
        server,
        baseline: bare,
      });
    }
  } finally {
    await baseline.stop();
  }
  return { settings, rows };
}

export function loadTable(result: LoadResult): string {
  return markdownTable(
    ['target', 'bytes (encoding)', 'req/s server', 'req/s bare', 'ratio', 'p50 server / bare', 'p99 server / bare', 'p99 ratio', 'errors', 'non-2xx'],
    result.rows.map((row) => [
      row.target,
      `${row.responseBytes} (${row.encoding})`,
      Math.round(row.server.requestsPerSecond),
      Math.round(row.baseline.requestsPerSecond),
      ratio(row.server.requestsPerSecond / row.baseline.requestsPerSecond),
      `${milliseconds(row.server.p50Ms)} / ${milliseconds(row.baseline.p50Ms)}`,
      `${milliseconds(row.server.p99Ms)} / ${milliseconds(row.baseline.p99Ms)}`,
      ratio(row.server.p99Ms / Math.max(row.baseline.p99Ms, 1)),
      row.server.errors + row.server.timeouts,
      row.server.non2xx,
    ]),
    [false, true, true, true, true, true, true, true, true, true],
  );
}
