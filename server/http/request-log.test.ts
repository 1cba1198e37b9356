import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { logEachRequestOnce } from './request-log';

interface Line {
  readonly msg: string;
  readonly req?: { method: string; url: string };
  readonly res?: { statusCode: number };
  readonly responseTime?: number;
}

function appLoggingAt(level: string) {
  const lines: Line[] = [];
  const app = Fastify({ logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line) as Line) } }, disableRequestLogging: true });
  logEachRequestOnce(app);
  app.get('/news', () => 'the news');
  return { app, lines };
}

test('each answered request is one line at info, with its method, address, status and time', async () => {
  const { app, lines } = appLoggingAt('info');

  await app.inject('/news?page=2');
  await app.inject('/missing');

  expect(lines.map(({ msg, req, res }) => ({ msg, req, res }))).toEqual([
    { msg: 'request completed', req: { method: 'GET', url: '/news?page=2' }, res: { statusCode: 200 } },
    { msg: 'request completed', req: { method: 'GET', url: '/missing' }, res: { statusCode: 404 } },
  ]);
  expect(lines.every((line) => typeof line.responseTime === 'number')).toBe(true);
});

test('at warn no request is logged', async () => {
  const { app, lines } = appLoggingAt('warn');

  await app.inject('/news');

  expect(lines).toEqual([]);
});
