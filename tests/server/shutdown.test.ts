import fs from 'node:fs';
import http from 'node:http';
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
