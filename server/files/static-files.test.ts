import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { createContentVersion } from '../content/content-version';
import { createStaticFiles } from './static-files';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function filesFolder(files: Record<string, string | Buffer>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  folders.push(folder);
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), content);
  return folder;
}

function appOver(folder: string) {
  let now = 1_000_000;
  const version = createContentVersion();
  const files = createStaticFiles(version.current, () => now);
  const app = Fastify();
  const errors: unknown[] = [];
  app.setErrorHandler((error, _request, reply) => {
    errors.push(error);
    return reply.code(404).send('none');
  });
  app.get('/files/:name', (request, reply) => {
    const { name } = request.params as { name: string };
    return files.send(request, reply, path.join(folder, name), {
      set: { 'content-type': 'application/pdf' },
      missing: () => new Error(`No file ${name}`),
    });
  });
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('x-set-earlier', 'set for every response');
  });
  return { app, version, errors, moveClock: (ms: number) => (now += ms) };
}

/**
 * How many of this process's open files are `file`. Counted by what each descriptor names, not by
 * their number: other test files run in the same process, and open and close their own meanwhile.
 */
function timesOpen(file: string): number {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      // Closed between the listing and the look: not open.
      return false;
    }
  }).length;
}

test('a file is sent whole with its tag and date, and asked again with either it is 304 with no body', async () => {
  const { app, errors } = appOver(filesFolder({ 'a.pdf': '%PDF-1.4 small file' }));

  const first = await app.inject('/files/a.pdf');
  const byTag = await app.inject({ url: '/files/a.pdf', headers: { 'if-none-match': String(first.headers.etag) } });
  const byDate = await app.inject({ url: '/files/a.pdf', headers: { 'if-modified-since': String(first.headers['last-modified']) } });

  expect(first.statusCode).toBe(200);
  expect(first.body).toBe('%PDF-1.4 small file');
  expect(first.headers['content-type']).toBe('application/pdf');
  expect(first.headers['accept-ranges']).toBe('bytes');
  expect(first.headers['x-set-earlier']).toBe('set for every response');
  expect(first.headers.etag).toMatch(/^W\/"13-[0-9a-f]+"$/);
  expect(byTag.statusCode).toBe(304);
  expect(byTag.body).toBe('');
  expect(byDate.statusCode).toBe(304);
  expect(errors).toEqual([]);
});

test('a file replaced through the server is sent anew to a browser holding the old tag', async () => {
  const folder = filesFolder({ 'a.pdf': 'first version' });
  const { app, version } = appOver(folder);
  const first = await app.inject('/files/a.pdf');

  fs.rmSync(path.join(folder, 'a.pdf'));
  fs.writeFileSync(path.join(folder, 'a.pdf'), 'the second, longer version');
  version.changed();
  const again = await app.inject({ url: '/files/a.pdf', headers: { 'if-none-match': String(first.headers.etag) } });

  expect(again.statusCode).toBe(200);
  expect(again.body).toBe('the second, longer version');
});

test('a file rewritten in place behind the server is noticed once the recheck interval has passed', async () => {
  const folder = filesFolder({ 'a.pdf': 'before' });
  const { app, moveClock } = appOver(folder);
  await app.inject('/files/a.pdf');
  fs.writeFileSync(path.join(folder, 'a.pdf'), 'after, rewritten');

  const soon = await app.inject('/files/a.pdf');
  moveClock(1_000);
  const later = await app.inject('/files/a.pdf');

  expect(soon.body).toBe('before');
  expect(later.body).toBe('after, rewritten');
});

test('parts are sent as a PDF viewer asks for them: one range, the last bytes, past the end, a stale If-Range', async () => {
  const { app } = appOver(filesFolder({ 'a.pdf': '0123456789abcdefghij' }));
  const tag = String((await app.inject('/files/a.pdf')).headers.etag);

  const middle = await app.inject({ url: '/files/a.pdf', headers: { range: 'bytes=5-9' } });
  const last = await app.inject({ url: '/files/a.pdf', headers: { range: 'bytes=-3' } });
  const beyond = await app.inject({ url: '/files/a.pdf', headers: { range: 'bytes=50-60' } });
  const stale = await app.inject({ url: '/files/a.pdf', headers: { range: 'bytes=5-9', 'if-range': 'W/"old"' } });
  const current = await app.inject({ url: '/files/a.pdf', headers: { range: 'bytes=5-9', 'if-range': tag } });
  const unreadable = await app.inject({ url: '/files/a.pdf', headers: { range: 'pages=1' } });

  expect([middle.statusCode, middle.body, middle.headers['content-range']]).toEqual([206, '56789', 'bytes 5-9/20']);
  expect([last.statusCode, last.body]).toEqual([206, 'hij']);
  expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, 'bytes */20']);
  expect([stale.statusCode, stale.body]).toEqual([200, '0123456789abcdefghij']);
  expect(current.statusCode).toBe(206);
  expect(unreadable.statusCode).toBe(200);
});

test('a large file streams whole and in parts, HEAD tells its length, and no file is left open', async () => {
  const large = Buffer.alloc(600 * 1024, 'x');
  large.write('START', 0);
  large.write('END', large.byteLength - 3);
  const folder = filesFolder({ 'big.pdf': large });
  const { app, errors } = appOver(folder);

  const whole = await app.inject('/files/big.pdf');
  const tail = await app.inject({ url: '/files/big.pdf', headers: { range: 'bytes=-3' } });
  const head = await app.inject({ method: 'HEAD', url: '/files/big.pdf' });
  const notChanged = await app.inject({ url: '/files/big.pdf', headers: { 'if-none-match': String(whole.headers.etag) } });
  const beyond = await app.inject({ url: '/files/big.pdf', headers: { range: 'bytes=999999999-' } });

  expect(whole.rawPayload.equals(large)).toBe(true);
  expect(whole.headers['content-length']).toBe(String(large.byteLength));
  expect(tail.body).toBe('END');
  expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, String(large.byteLength), '']);
  expect(notChanged.statusCode).toBe(304);
  expect(beyond.statusCode).toBe(416);
  // A stream closes its file just after its last byte is sent: on a busy machine that can come later.
  await expect.poll(() => timesOpen(path.join(folder, 'big.pdf'))).toBe(0);
  expect(errors).toEqual([]);
});

test('a link in the files folder, a folder and a missing name are missing, with nothing of the file set', async () => {
  const outside = filesFolder({ 'secret.txt': 'not for visitors' });
  const folder = filesFolder({});
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(folder, 'link.pdf'));
  fs.mkdirSync(path.join(folder, 'sub.pdf'));
  const { app, errors } = appOver(folder);

  const responses = await Promise.all(['link.pdf', 'sub.pdf', 'missing.pdf'].map((name) => app.inject(`/files/${name}`)));

  expect(responses.map((response) => [response.statusCode, response.body])).toEqual([
    [404, 'none'],
    [404, 'none'],
    [404, 'none'],
  ]);
  expect(responses.every((response) => response.headers['x-set-earlier'] === 'set for every response' && response.headers.etag === undefined)).toBe(true);
  expect(errors.map(String).sort()).toEqual(['Error: No file link.pdf', 'Error: No file missing.pdf', 'Error: No file sub.pdf']);
});

const CACHED_FILE = Buffer.alloc(256 * 1024, 'k');
/** 32 files of 256 KB: exactly the 8 MB the static-file cache holds at most. */
const BOUND_OF_FILES = Object.fromEntries(Array.from({ length: 32 }, (_, index) => [`f${String(index).padStart(2, '0')}.pdf`, CACHED_FILE]));

/** Cached in memory and looked at lately, a file removed from the disk is still sent; forgotten, it is missing. */
async function stillKept(app: ReturnType<typeof appOver>['app'], folder: string, name: string): Promise<boolean> {
  fs.rmSync(path.join(folder, name));
  return (await app.inject(`/files/${name}`)).statusCode === 200;
}

test('small files are cached in memory up to 8 MB together, and the one read first is forgotten first', async () => {
  const folder = filesFolder({ 'first.pdf': CACHED_FILE, ...BOUND_OF_FILES });
  const { app } = appOver(folder);

  for (const name of ['first.pdf', ...Object.keys(BOUND_OF_FILES)]) await app.inject(`/files/${name}`);

  expect(await stillKept(app, folder, 'first.pdf')).toBe(false);
  expect(await stillKept(app, folder, 'f00.pdf')).toBe(true);
  expect(await stillKept(app, folder, 'f31.pdf')).toBe(true);
});

test('a file found gone while the content changed does not loosen the memory bound for the files cached since', async () => {
  const folder = filesFolder({ 'gone.pdf': CACHED_FILE, 'next.pdf': CACHED_FILE, ...BOUND_OF_FILES });
  const { app, version, moveClock } = appOver(folder);
  await app.inject('/files/gone.pdf');
  moveClock(1_000);
  // A FIFO in its place: looking it up waits in open() until a writer comes, so the content
  // can change while that lookup is under way.
  fs.rmSync(path.join(folder, 'gone.pdf'));
  execFileSync('mkfifo', [path.join(folder, 'gone.pdf')]);
  const lookup = app.inject('/files/gone.pdf');
  let writer: number | undefined;
  while (writer === undefined) {
    try {
      // Refused (ENXIO) until the lookup is waiting in open(); then it lets that open finish.
      writer = fs.openSync(path.join(folder, 'gone.pdf'), fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    } catch {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  version.changed();
  const next = app.inject('/files/next.pdf');
  expect((await lookup).statusCode).toBe(404);
  fs.closeSync(writer);
  await next;

  for (const name of Object.keys(BOUND_OF_FILES)) await app.inject(`/files/${name}`);

  // next.pdf and 32 files more are 8.25 MB: next.pdf, read first, is the one forgotten.
  expect(await stillKept(app, folder, 'next.pdf')).toBe(false);
  expect(await stillKept(app, folder, 'f31.pdf')).toBe(true);
});
