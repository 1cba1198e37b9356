/**
 * The baseline for the load run: a bare node:http server that serves each recorded address
 * with the very status, headers and body bytes the real server sent for it, from memory.
 * For the upload run it takes in a POST's body in the two plainest ways: /keep-nothing reads it
 * to the end and keeps none of it (the most a Node server can take in from the same sender,
 * whatever it does with the bytes), and /write writes it to a file with Node's own write
 * stream, not synced and not checked (then removes it).
 * Run as its own process, like the real server, so both meet the load generator alike.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { recordedResponseSchema } from './recorded-response';

function serve(file: string): void {
  const recorded = z.array(recordedResponseSchema).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const responses = new Map(
    recorded.map((response) => {
      const body = Buffer.from(response.bodyBase64, 'base64');
      const headers = [...response.headers, ['content-length', String(body.byteLength)]].flat();
      return [response.path, { status: response.status, headers, body }] as const;
    }),
  );
  let uploads = 0;
  /** Beside the recorded responses: the directory the benchmark measures. */
  const uploadPath = () => path.join(path.dirname(file), `bare-upload-${process.pid}-${(uploads += 1)}.bin`);
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/keep-nothing') {
      request.on('end', () => response.writeHead(201).end());
      request.resume();
      return;
    }
    if (request.method === 'POST' && request.url === '/write') {
      const target = uploadPath();
      pipeline(request, fs.createWriteStream(target))
        .then(() => response.writeHead(201).end())
        .catch(() => response.writeHead(500).end())
        .finally(() => fs.rmSync(target, { force: true }));
      return;
    }
    const stored = responses.get(request.url ?? '');
    if (stored === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(stored.status, stored.headers);
    response.end(stored.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (typeof address === 'object' && address !== null) process.stdout.write(`listening ${address.port}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

const file = process.argv[2];
if (file === undefined) {
  console.error('Usage: baseline-server.ts <recorded-responses.json>');
  process.exit(2);
}
serve(file);
