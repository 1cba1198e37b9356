import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { buildApp, type AppOptions } from '../../../server/app';
import type { Clock } from '../../../server/clock';
import { loadConfig } from '../../../server/config';

export interface TestServer {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly clientDir: string;
  /** Stops the server now (it is also stopped when the test finishes). */
  close(): Promise<void>;
}

export const TEST_INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Retired Nurses Association Of Ireland</title>' +
  '<script type="module" src="/assets/app-1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>';

/** The test build's one script, big enough to compress. */
export const TEST_ASSET = { path: '/assets/app-1a2b3c4d.js', text: `export const words = ${JSON.stringify('retired nurses '.repeat(400))};\n` } as const;

/**
 * A stand-in for `vite build` output: an index page and one hashed asset with the brotli copy
 * the build leaves beside it (and no gzip copy, as for a file the build did not compress).
 */
function writeClientDir(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), TEST_INDEX_HTML);
  fs.writeFileSync(path.join(dir, TEST_ASSET.path), TEST_ASSET.text);
  fs.writeFileSync(path.join(dir, `${TEST_ASSET.path}.br`), brotliCompressSync(TEST_ASSET.text));
  fs.writeFileSync(path.join(dir, 'humans.txt'), 'Made by volunteers.\n');
}

export function temporaryDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rnai-${prefix}-`));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface StartOptions {
  /** Environment variables on top of the test defaults (no samples, silent logs, cheap hashing). */
  readonly env?: Readonly<Record<string, string>>;
  readonly clock?: Clock;
  /** Reuse a data directory, e.g. to restart on it; a fresh temporary one otherwise. */
  readonly dataDir?: string;
  /** Where the first administrator's password is announced. */
  readonly announce?: (text: string) => void;
  /** Where log lines go (set LOG_LEVEL in `env` too: logs are silent by default). */
  readonly logDestination?: { write(line: string): void };
  /** Told of every route the app adds. */
  readonly onRoute?: AppOptions['onRoute'];
}

/** The real server on an ephemeral port with a real SQLite file in a temporary directory. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? temporaryDir('data');
  const clientDir = temporaryDir('client');
  writeClientDir(clientDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    LOG_LEVEL: 'silent',
    SAMPLE_CONTENT: '0',
    PASSWORD_HASH_COST: '10',
    ...options.env,
  });
  const app = await buildApp(config, {
    clock: options.clock,
    announce: options.announce ?? (() => undefined),
    logDestination: options.logDestination,
    onRoute: options.onRoute,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The test server has no port.');
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // A test that stopped reading a response must not hold the next one up.
    const impatience = setTimeout(() => app.server.closeAllConnections(), 2_000);
    await app.close();
    clearTimeout(impatience);
  };
  onTestFinished(close);
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, dataDir, clientDir, close };
}
