import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, onTestFinished, test, vi } from 'vitest';
import { samplePdf } from '../../server/content/sample-pdf';
import { PDF_TEXT_LIMITS, type PdfTextLimits } from '../../server/search/pdf-text/pdf-text-limits';
import { createPdfTextExtractor } from '../../server/search/pdf-text/pdf-text';
import { CHILD_JOB_NICENESS } from '../../server/child-job';
import { bombPdf, encryptedPdf, scannedPdf, textPdf } from '../support/test-pdfs';

const MB = 1024 * 1024;
// Each reading starts a Node process and loads pdf.js: about a second on a quiet machine.
const SLOW = 90_000;

function fileOf(name: string, bytes: Uint8Array): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  onTestFinished(() => fs.rmSync(directory, { recursive: true, force: true }));
  const file = path.join(directory, name);
  fs.writeFileSync(file, bytes);
  return file;
}

function extractor(limits: Partial<PdfTextLimits> = {}) {
  const made = createPdfTextExtractor(limits);
  onTestFinished(() => made.close());
  return made;
}

/** The processes this test's process has started (here, the readers), from Linux's /proc. */
function childPids(): number[] {
  return fs.readdirSync('/proc/self/task').flatMap((task) => {
    try {
      return fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** A process's nice value, or undefined once it has ended. */
function nicenessOf(pid: number): number | undefined {
  try {
    return os.getPriority(pid);
  } catch {
    return undefined;
  }
}

/** Notes every reader process seen while a test runs, the most seen at once, and their nice values. */
function watchReaders() {
  const before = new Set(childPids());
  const seen = new Set<number>();
  const niceness = new Set<number>();
  let most = 0;
  const timer = setInterval(() => {
    const readers = childPids().filter((pid) => !before.has(pid));
    readers.forEach((pid) => seen.add(pid));
    readers.map(nicenessOf).forEach((value) => value !== undefined && niceness.add(value));
    most = Math.max(most, readers.length);
  }, 5);
  onTestFinished(() => clearInterval(timer));
  return { seen, niceness, most: () => most };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Long enough that no machine reads it within a fraction of a second. */
function longPdf(pageCount: number): Buffer {
  const lines = Array.from({ length: 40 }, (_, line) => `Line ${line + 1}: the branch met in Dún Laoghaire for tea and a talk on pensions.`);
  return textPdf(Array.from({ length: pageCount }, () => lines));
}

test('a text PDF comes back as its text, accents and all, a blank line between pages', { timeout: SLOW }, async () => {
  const pages = [
    ['Newsletter of the Retired Nurses Association', 'Seán Ó Briain met Siobhán at the Café – “tea” €5'],
    ['Page two:   Dún Laoghaire outing'],
    ['Máire’s report'],
  ];
  const file = fileOf('Spring newsletter.pdf', textPdf(pages));

  const result = await extractor().extract(file);

  expect(result).toMatchObject({
    kind: 'text',
    text: 'Newsletter of the Retired Nurses Association\nSeán Ó Briain met Siobhán at the Café – “tea” €5\n\nPage two: Dún Laoghaire outing\n\nMáire’s report',
    pages: 3,
    truncated: false,
  });
  if (result.kind !== 'text') return;
  expect(result.peakRssBytes).toBeGreaterThan(10 * MB);
  expect(result.peakRssBytes).toBeLessThan(PDF_TEXT_LIMITS.memoryBytes);
});

test('a scan that is only a picture has no text, which is not an error', { timeout: SLOW }, async () => {
  const result = await extractor().extract(fileOf('Scanned flyer.pdf', scannedPdf()));

  expect(result).toEqual({ kind: 'no-text', pages: 1 });
});

test('a PDF that opens only with a password is encrypted', { timeout: SLOW }, async () => {
  const file = fileOf('Minutes.pdf', encryptedPdf('matron', [['Confidential minutes of the committee']]));

  const result = await extractor().extract(file);

  expect(result).toEqual({ kind: 'encrypted' });
});

test.each([
  ['random bytes', () => Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256))],
  ['a PDF cut off halfway, as an interrupted upload leaves it', () => textPdf([['First page'], ['Second page']]).subarray(0, 600)],
  ['a text file named .pdf', () => Buffer.from('Dear members,\nthis is not a PDF at all.\n')],
  ['an empty file', () => Buffer.alloc(0)],
])('%s is malformed, with pdf.js’s reason', { timeout: SLOW }, async (_name, bytes) => {
  const result = await extractor().extract(fileOf('Broken.pdf', bytes()));

  expect(result.kind).toBe('malformed');
  expect(result.kind === 'malformed' && result.reason).toMatch(/\w/);
});

test('a file that is not there is refused, not taken for a malformed PDF', async () => {
  await expect(extractor().extract(path.join(os.tmpdir(), 'no-such-newsletter.pdf'))).rejects.toThrow(/ENOENT/);
});

test('the text stops at the page limit and at the character limit, and says it was cut short', { timeout: SLOW }, async () => {
  const file = fileOf('Ten pages.pdf', textPdf(Array.from({ length: 10 }, (_, index) => [`Page ${index + 1} of the annual report`])));

  const byPages = await extractor({ maxPages: 3 }).extract(file);
  const byCharacters = await extractor({ maxChars: 40 }).extract(file);

  expect(byPages).toMatchObject({ kind: 'text', pages: 10, truncated: true, text: 'Page 1 of the annual report\n\nPage 2 of the annual report\n\nPage 3 of the annual report' });
  expect(byCharacters).toMatchObject({ kind: 'text', pages: 10, truncated: true, text: 'Page 1 of the annual report\n\nPage 2 of t' });
});

test('a decompression bomb is stopped at the memory limit; the server stays small and reads the next file', { timeout: SLOW }, async () => {
  const readers = watchReaders();
  // About a megabyte that inflates to a gigabyte, three times the memory limit.
  const bomb = fileOf('Bomb.pdf', bombPdf(1024 * MB));
  const next = fileOf('Next.pdf', samplePdf('After the bomb', ['The site still reads PDFs.']));
  const reader = extractor();
  const serverMemoryBefore = process.memoryUsage.rss();

  const result = await reader.extract(bomb);

  expect(result).toEqual({ kind: 'too-big' });
  expect(process.memoryUsage.rss() - serverMemoryBefore).toBeLessThan(64 * MB);
  expect(readers.seen.size).toBe(1);
  expect([...readers.seen].filter(isRunning)).toEqual([]);
  expect(await reader.extract(next)).toMatchObject({ kind: 'text', text: 'After the bomb\nThe site still reads PDFs.' });
});

test('a reading past the time limit is too slow, and its process is gone', { timeout: SLOW }, async () => {
  const readers = watchReaders();
  const file = fileOf('Two thousand pages.pdf', longPdf(2000));

  const result = await extractor({ timeMs: 200 }).extract(file);

  expect(result).toEqual({ kind: 'too-slow' });
  expect(readers.seen.size).toBe(1);
  const [pid = 0] = readers.seen;
  expect(isRunning(pid)).toBe(false);
  expect(childPids()).not.toContain(pid);
});

test('readings asked for at once run one after another, each with its own text', { timeout: SLOW }, async () => {
  const readers = watchReaders();
  const reader = extractor();
  const first = fileOf('First.pdf', textPdf([['First newsletter']]));
  const second = fileOf('Second.pdf', textPdf([['Second newsletter']]));

  const results = await Promise.all([reader.extract(first), reader.extract(second)]);

  expect(results.map((result) => result.kind === 'text' && result.text)).toEqual(['First newsletter', 'Second newsletter']);
  expect(readers.seen.size).toBe(2);
  expect(readers.most()).toBe(1);
});

test('a reader runs at the lowest CPU priority, so pages and uploads never wait for it', { timeout: SLOW }, async () => {
  const readers = watchReaders();
  const file = fileOf('Long.pdf', longPdf(200));

  const result = await extractor().extract(file);

  expect(result.kind).toBe('text');
  expect(readers.seen.size).toBe(1);
  expect([...readers.niceness]).toEqual([CHILD_JOB_NICENESS]);
});

test('close() kills the running reader and refuses the waiting and later readings', { timeout: SLOW }, async () => {
  const readers = watchReaders();
  const reader = extractor();
  const long = fileOf('Long.pdf', longPdf(2000));
  const running = reader.extract(long);
  const waiting = reader.extract(long);
  running.catch(() => undefined);
  waiting.catch(() => undefined);
  await vi.waitFor(() => expect(readers.seen.size).toBe(1), { timeout: 30_000, interval: 5 });

  await reader.close();

  await expect(running).rejects.toThrow('closed');
  await expect(waiting).rejects.toThrow('closed');
  await expect(reader.extract(long)).rejects.toThrow('closed');
  expect([...readers.seen].filter(isRunning)).toEqual([]);
  expect(readers.seen.size).toBe(1);
});
