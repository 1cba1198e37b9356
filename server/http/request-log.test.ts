import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { OneLinePerRequest } from './request-log';

interface Line {
  readonly msg: string;
  readonly req?: { method: string; url: string; remoteAddress: string };
  readonly res?: { statusCode: number };
  readonly responseTime?: number;
}

function appLoggingAt(level: string) {
  const lines: Line[] = [];
  const app = Fastify({ logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line) as Line) } }, logController: new OneLinePerRequest() });
  app.get('/news', () => 'the news');
  return { app, lines };
}

test('each completed request is one line at info, with its method, address, status and time', async () => {
  const { app, lines } = appLoggingAt('info');

  await app.inject('/news?page=2');
  await app.inject('/missing');
  const completed = lines.filter((line) => line.msg === 'request completed');

  expect(completed.map(({ req, res }) => [req?.method, req?.url, req?.remoteAddress, res?.statusCode])).toEqual([
    ['GET', '/news?page=2', '127.0.0.1', 200],
    ['GET', '/missing', '127.0.0.1', 404],
  ]);
  expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  expect(completed.every((line) => typeof line.responseTime === 'number')).toBe(true);
});

test('at warn no request is logged', async () => {
  const { app, lines } = appLoggingAt('warn');

  await app.inject('/news');

  expect(lines).toEqual([]);
});
