import fs from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { expect, test } from 'vitest';
import { startServerProcess } from './helpers/server-process';
import { temporaryDir } from './helpers/test-server';

const SIZE = 32 * 1024 * 1024;

function bigPdf(): Buffer {
  const bytes = Buffer.alloc(SIZE, 0x20);
  bytes.write('%PDF-1.4\n');
  return bytes;
}

test('SIGTERM during a download lets it finish, refuses new requests, then exits cleanly', async () => {
  const dataDir = temporaryDir('shutdown');
  fs.mkdirSync(path.join(dataDir, 'files'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', 'Large.pdf'), bigPdf());
  const server = await startServerProcess({ DATA_DIR: dataDir, CLIENT_DIR: temporaryDir('client') });

  const received = await new Promise<{ bytes: number; complete: boolean; refusedDuringShutdown: boolean }>((resolve, reject) => {
    http
      .get(`${server.baseUrl}/files/Large.pdf`, { agent: false }, (response) => {
        let bytes = 0;
        let refusedDuringShutdown = false;
        response.once('data', () => {
          // Hold the download open while the server is told to stop.
          response.pause();
          server.child.kill('SIGTERM');
          setTimeout(() => {
            fetch(`${server.baseUrl}/api/posts`)
              .then(
                () => undefined,
                () => {
                  refusedDuringShutdown = true;
                },
              )
              .finally(() => response.resume());
          }, 300);
        });
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.byteLength;
        });
        response.on('end', () => resolve({ bytes, complete: response.complete, refusedDuringShutdown }));
        response.on('error', reject);
      })
      .on('error', reject);
  });

  expect(received).toEqual({ bytes: SIZE, complete: true, refusedDuringShutdown: true });
  expect(await server.exited).toBe(0);
  expect(server.output.join('\n')).toContain('Stopping: finishing requests in progress');
});

test('SIGTERM during a download on a kept-alive connection: the connection is closed once it goes idle, and the server exits 0 at once', async () => {
  const dataDir = temporaryDir('shutdown-keep-alive');
  fs.mkdirSync(path.join(dataDir, 'files'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', 'Large.pdf'), bigPdf());
  const server = await startServerProcess({ DATA_DIR: dataDir, CLIENT_DIR: temporaryDir('client') });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const download = await new Promise<{ bytes: number; socket: Socket }>((resolve, reject) => {
    http
      .get(`${server.baseUrl}/files/Large.pdf`, { agent }, (response) => {
        let bytes = 0;
        const socket = response.socket;
        response.once('data', () => {
          response.pause();
          server.child.kill('SIGTERM');
          // The download goes on once the server has begun to stop.
          const waiting = setInterval(() => {
            if (!server.output.some((line) => line.includes('Stopping: finishing requests in progress'))) return;
            clearInterval(waiting);
            response.resume();
          }, 20);
        });
        response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        response.on('end', () => resolve({ bytes, socket }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
  const lastResponseAt = Date.now();
  const connectionClosed = new Promise<void>((resolve) => (download.socket.destroyed ? resolve() : download.socket.once('close', () => resolve())));
  const bound = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000).unref());
  const exit = await Promise.race([server.exited, bound]);
  const stoppedAfterMs = Date.now() - lastResponseAt;
  agent.destroy();

  expect(download.bytes).toBe(SIZE);
  expect(exit).toBe(0);
  expect(stoppedAfterMs).toBeLessThan(10_000);
  await connectionClosed;
}, 30_000);
