import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from 'vitest';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from './helpers/accounts';
import { startServerProcess } from './helpers/server-process';
import { startTestServer, temporaryDir } from './helpers/test-server';

const PDF = Buffer.from(samplePdf('Minutes', ['Line']));

test('a second server on the same data directory says it is in use, and the first one’s upload in progress is kept', async () => {
  const dataDir = temporaryDir('locked');
  const setup = await startTestServer({ dataDir, env: ADMIN_ENV });
  await addTestAccounts(setup.app);
  await setup.close();
  const env = { DATA_DIR: dataDir, CLIENT_DIR: temporaryDir('client'), ...ADMIN_ENV };
  const first = await startServerProcess(env);
  const jar = await signedIn(first.baseUrl, ADMIN);
  const inProgress = path.join(dataDir, 'uploads-in-progress');

  // An upload whose first bytes have arrived, and whose rest is still to come.
  const url = new URL(`${first.baseUrl}/api/files?${new URLSearchParams({ folder: 'root', name: 'Minutes.pdf' })}`);
  const cookie = [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const request = http.request(url, { method: 'POST', headers: { cookie, 'content-type': 'application/pdf' } });
  const responseStatus = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  request.write(PDF.subarray(0, 100));
  await expect.poll(() => fs.readdirSync(inProgress).length, { timeout: 10_000 }).toBe(1);
  const partsBefore = fs.readdirSync(inProgress);

  const second = await startServerProcess(env).then(
    (started) => ({ started: true, output: started.output.join('\n') }),
    (error: unknown) => ({ started: false, output: error instanceof Error ? error.message : String(error) }),
  );
  const partsAfter = fs.readdirSync(inProgress);
  request.end(PDF.subarray(100));
  const status = await responseStatus;

  expect(partsAfter).toEqual(partsBefore);
  expect(second.started).toBe(false);
  expect(second.output).toContain(`The data directory ${dataDir} is in use by another running server.`);
  expect(status).toBe(201);
  expect(fs.readFileSync(path.join(dataDir, 'files', 'Minutes.pdf')).equals(PDF)).toBe(true);
});

test('after the server is killed outright, the next start takes the data directory with no lock to remove by hand', async () => {
  const env = { DATA_DIR: temporaryDir('killed'), CLIENT_DIR: temporaryDir('client') };
  const killed = await startServerProcess(env);
  killed.child.kill('SIGKILL');
  await killed.exited;

  const next = await startServerProcess(env);

  expect((await fetch(`${next.baseUrl}/api/posts`)).status).toBe(200);
});
