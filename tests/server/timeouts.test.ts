import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ADMIN, ADMIN_ENV, addTestAccounts, signedIn } from './helpers/accounts';
import { startTestServer } from './helpers/test-server';

function connect(baseUrl: string): Promise<net.Socket> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

function closed(socket: net.Socket): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => socket.on('close', () => resolve(Date.now() - started)));
}

test('a connection that sends nothing is closed after IDLE_TIMEOUT_SECONDS', async () => {
  const server = await startTestServer({ env: { IDLE_TIMEOUT_SECONDS: '1' } });
  const socket = await connect(server.baseUrl);

  const afterMs = await closed(socket);

  expect(afterMs).toBeGreaterThanOrEqual(900);
  expect(afterMs).toBeLessThan(5_000);
});

test('an upload that stalls halfway is cut off and leaves nothing behind', async () => {
  const server = await startTestServer({ env: { ...ADMIN_ENV, IDLE_TIMEOUT_SECONDS: '1' } });
  await addTestAccounts(server.app);
  const jar = await signedIn(server.baseUrl, ADMIN);
  const socket = await connect(server.baseUrl);
  const cookie = [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  socket.write(
    [
      'POST /api/files?folder=root&name=Stalled.pdf HTTP/1.1',
      'Host: 127.0.0.1',
      `Cookie: ${cookie}`,
      'Content-Type: application/pdf',
      'Content-Length: 100000',
      '',
      '%PDF-1.7 and then nothing more',
    ].join('\r\n'),
  );
  await closed(socket);

  await expect.poll(() => fs.readdirSync(path.join(server.dataDir, 'uploads-in-progress'))).toEqual([]);
  expect(await server.app.files.list('root')).toEqual([]);
});
