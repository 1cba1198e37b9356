import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from 'vitest';
import { API_MESSAGES } from '../../contract/api-messages';
import { errorBodySchema } from '../../contract/wire';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from './helpers/accounts';
import type { CookieJarFetch } from './helpers/cookie-jar';
import { mountSmallDisk } from './helpers/small-disk';
import { startTestServer, temporaryDir, type TestServer } from './helpers/test-server';

interface LogLine {
  readonly level: number;
  readonly event?: string;
  readonly err?: { code?: string };
}

const ERROR = 50;
const PDF = Buffer.from(samplePdf('Minutes', ['Line']));

async function adminServer(dataDir: string) {
  const logs: LogLine[] = [];
  const server = await startTestServer({
    dataDir,
    env: { ...ADMIN_ENV, LOG_LEVEL: 'info' },
    logDestination: { write: (line) => logs.push(JSON.parse(line) as LogLine) },
  });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  return { server, jar, logs };
}

function upload(server: TestServer, jar: CookieJarFetch, name: string, body: Buffer) {
  return jar.fetch(`${server.baseUrl}/api/files?${new URLSearchParams({ folder: 'root', name })}`, { method: 'POST', body: new Uint8Array(body) });
}

async function responseOf(response: Response) {
  const body = errorBodySchema.safeParse(await response.json());
  return { status: response.status, retryAfter: response.headers.get('retry-after'), message: body.success ? body.data.error.message : undefined };
}

function errorsLogged(logs: readonly LogLine[]): Array<string | undefined> {
  return logs.filter((line) => line.level === ERROR).map((line) => line.err?.code);
}

test('an upload that meets a full disk gets 507 with Retry-After, logged as an error, and leaves nothing behind', async (context) => {
  const disk = mountSmallDisk(context);
  const { server, jar, logs } = await adminServer(disk.dataDir);
  const large = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);

  const outcome = await responseOf(await upload(server, jar, 'Large.pdf', large));

  expect(outcome).toEqual({ status: 507, retryAfter: expect.stringMatching(/^[1-9][0-9]*$/), message: API_MESSAGES.diskFull });
  expect(errorsLogged(logs)).toEqual(['ENOSPC']);
  expect(fs.readdirSync(path.join(server.dataDir, 'uploads-in-progress'))).toEqual([]);
  expect(fs.readdirSync(path.join(server.dataDir, 'files')).filter((name) => name.endsWith('.pdf'))).toEqual([]);
});

test('an upload into a folder the server cannot write gets 503 with Retry-After and logged as an error', async (context) => {
  const disk = mountSmallDisk(context);
  const { server, jar, logs } = await adminServer(disk.dataDir);

  disk.readOnly('uploads-in-progress');
  const outcome = await responseOf(await upload(server, jar, 'Minutes.pdf', PDF));
  disk.writable('uploads-in-progress');

  expect(outcome).toEqual({ status: 503, retryAfter: expect.stringMatching(/^[1-9][0-9]*$/), message: API_MESSAGES.storageUnavailable });
  expect(errorsLogged(logs)).toEqual(['EROFS']);
});

test('an upload whose temporary file vanished on the server gets 503, not blamed on the file', async () => {
  const { server, jar, logs } = await adminServer(temporaryDir('vanish'));
  const inProgress = path.join(server.dataDir, 'uploads-in-progress');
  const url = new URL(`${server.baseUrl}/api/files?${new URLSearchParams({ folder: 'root', name: 'Minutes.pdf' })}`);
  const cookie = [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const response = await new Promise<{ status: number; body: string; retryAfter: string | undefined }>((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { cookie, 'content-type': 'application/pdf' } }, (reply) => {
      let body = '';
      reply.setEncoding('utf8');
      reply.on('data', (chunk: string) => (body += chunk));
      reply.on('end', () => resolve({ status: reply.statusCode ?? 0, body, retryAfter: reply.headers['retry-after'] }));
    });
    request.on('error', reject);
    request.write(PDF.subarray(0, 100));
    // Once the first bytes are in a temporary file, something on the server removes it.
    const watcher = setInterval(() => {
      const [part] = fs.readdirSync(inProgress);
      if (part === undefined) return;
      clearInterval(watcher);
      fs.rmSync(path.join(inProgress, part));
      request.end(PDF.subarray(100));
    }, 5);
  });

  expect({ status: response.status, retryAfter: response.retryAfter, message: errorBodySchema.parse(JSON.parse(response.body)).error.message }).toEqual({
    status: 503,
    retryAfter: expect.stringMatching(/^[1-9][0-9]*$/),
    message: API_MESSAGES.storageUnavailable,
  });
  expect(errorsLogged(logs)).toEqual(['ENOENT']);
});
