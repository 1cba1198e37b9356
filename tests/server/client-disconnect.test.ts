import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server';

interface LogLine {
  readonly level: number;
  readonly msg?: string;
  readonly event?: string;
  readonly err?: { message?: string };
}

const ERROR = 50;
const INFO = 30;

async function serverWithLog(): Promise<{ server: TestServer; lines: () => LogLine[] }> {
  const written: string[] = [];
  const server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logDestination: { write: (line) => written.push(line) } });
  return { server, lines: () => written.map((line) => JSON.parse(line) as LogLine) };
}

/** Starts a download and leaves once the first bytes arrive, as a closed tab does. */
function leaveMidAnswer(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

test('a client going away in the middle of a compressed response is logged at info, never as an error', async () => {
  const { server, lines } = await serverWithLog();
  // Random text compresses poorly: the response is still being compressed and sent when the client leaves.
  fs.writeFileSync(path.join(server.clientDir, 'large.txt'), randomBytes(8 * 1024 * 1024).toString('base64'));

  await leaveMidAnswer(`${server.baseUrl}/large.txt`);

  await expect.poll(() => lines().filter((line) => line.event === 'client-went-away').map((line) => line.level)).toEqual([INFO]);
  expect(lines().filter((line) => line.level >= ERROR)).toEqual([]);
});

test('real errors are still logged as errors', async () => {
  const { server, lines } = await serverWithLog();

  server.app.log.error(new Error('The disk is full'));
  server.app.log.error({ err: new Error('The database is locked') }, 'request failed');

  expect(lines().filter((line) => line.level === ERROR).map((line) => line.err?.message)).toEqual(['The disk is full', 'The database is locked']);
});
