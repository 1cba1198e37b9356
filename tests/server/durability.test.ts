import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from './helpers/accounts';
import { startServerProcess } from './helpers/server-process';
import { startTestServer, temporaryDir } from './helpers/test-server';

const FULL = 2;

function hasStrace(): boolean {
  try {
    execFileSync('strace', ['-V'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

test('every commit waits until the database log is on the disk (synchronous=FULL)', async () => {
  const server = await startTestServer();

  expect(server.app.db.pragma('synchronous', { simple: true })).toBe(FULL);
});

test('an uploaded file, and the folder it is linked into, are synced to the disk before the upload gets its response', async (context) => {
  if (!hasStrace()) context.skip('needs strace to watch the server sync files (apt-get install strace)');
  const dataDir = temporaryDir('durable');
  const setup = await startTestServer({ dataDir, env: ADMIN_ENV });
  await addTestAccounts(setup.app);
  await setup.close();
  const trace = path.join(temporaryDir('trace'), 'server.trace');
  const server = await startServerProcess(
    { DATA_DIR: dataDir, CLIENT_DIR: temporaryDir('client'), ...ADMIN_ENV },
    { wrapWith: ['strace', '-f', '-y', '-qq', '-e', 'trace=fsync,fdatasync,link,rename', '-o', trace] },
  );
  const jar = await signedIn(server.baseUrl, ADMIN);

  const response = await jar.fetch(`${server.baseUrl}/api/files?folder=events&name=Minutes.pdf`, {
    method: 'POST',
    body: Buffer.from(samplePdf('Minutes', ['Line'])),
  });
  const calls = fs.readFileSync(trace, 'utf8').split('\n');
  const indexOf = (pattern: RegExp) => calls.findIndex((line) => pattern.test(line));
  const fileSynced = indexOf(/f(data)?sync\(\d+<[^>]*uploads-in-progress\/[0-9a-f]+\.part>\) = 0/);
  const linked = indexOf(/link\("[^"]*\.part", "[^"]*files\/events\/Minutes\.pdf"\) = 0/);
  const folderSynced = calls.findIndex((line, index) => index > linked && /f(data)?sync\(\d+<[^>]*files\/events>\) = 0/.test(line));

  expect(response.status).toBe(201);
  expect({ fileSynced: fileSynced >= 0, linked: linked > fileSynced, folderSynced: folderSynced > linked }).toEqual({
    fileSynced: true,
    linked: true,
    folderSynced: true,
  });
});
