/**
 * The baseline for the load run: a bare node:http server that answers each recorded address
 * with the very status, headers and body bytes the real server sent for it, from memory.
 * For the upload run it reads any POST's body to the end and keeps none of it: the most a
 * Node server can take in from the same sender, whatever it does with the bytes.
 * Run as its own process, like the real server, so both meet the load generator alike.
 */
import fs from 'node:fs';
import http from 'node:http';
import { z } from 'zod';
import { recordedResponseSchema } from './recorded-response';

function serve(file: string): void {
  const recorded = z.array(recordedResponseSchema).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const answers = new Map(
    recorded.map((response) => {
      const body = Buffer.from(response.bodyBase64, 'base64');
      const headers = [...response.headers, ['content-length', String(body.byteLength)]].flat();
      return [response.path, { status: response.status, headers, body }] as const;
    }),
  );
  const server = http.createServer((request, response) => {
    if (request.method === 'POST') {
      request.on('end', () => response.writeHead(201).end());
      request.resume();
      return;
    }
    const answer = answers.get(request.url ?? '');
    if (answer === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
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
