import { expect, onTestFinished, test, vi } from 'vitest';
import { isCoreError } from '../../../src-core/domain/core-error';
import type { UploadProgress } from '../../../src-core/ports/storage.port';
import { createMemoryStorage } from '../../support/memory/memory-storage.adapter';

const pdf = (size = 400) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7'));
  return new Blob([bytes]);
};

async function failure(promise: Promise<unknown>) {
  const error: unknown = await promise.then(() => undefined, (reason: unknown) => reason);
  return isCoreError(error) ? { kind: error.kind, message: error.message } : error;
}

test('an upload reports its progress in steps up to the whole file', async () => {
  const storage = createMemoryStorage({ progressSteps: 4, stepDelayMs: 0 });
  const progress: UploadProgress[] = [];

  await storage.upload({ folder: 'root', name: 'a.pdf', data: pdf(400), onProgress: (update) => progress.push(update) }).result;

  expect(progress).toEqual([
    { bytesTransferred: 100, totalBytes: 400 },
    { bytesTransferred: 200, totalBytes: 400 },
    { bytesTransferred: 300, totalBytes: 400 },
    { bytesTransferred: 400, totalBytes: 400 },
  ]);
});

test('a paused upload makes no progress until resumed', async () => {
  // A fake clock: ten times the time both steps need passes while paused, without a sleep.
  vi.useFakeTimers();
  onTestFinished(() => {
    vi.useRealTimers();
  });
  const storage = createMemoryStorage({ progressSteps: 2, stepDelayMs: 1 });
  const progress: number[] = [];
  const task = storage.upload({ folder: 'root', name: 'a.pdf', data: pdf(), onProgress: (update) => progress.push(update.bytesTransferred) });

  task.pause?.();
  await vi.advanceTimersByTimeAsync(20);
  const whilePaused = [...progress];
  task.resume?.();
  await vi.runAllTimersAsync();
  const stored = await task.result;

  expect(whilePaused).toEqual([]);
  expect(progress).toEqual([200, 400]);
  expect(stored.fullPath).toBe('a.pdf');
});

test('a paused upload can be canceled, leaving nothing', async () => {
  const storage = createMemoryStorage({ stepDelayMs: 1 });
  const task = storage.upload({ folder: 'root', name: 'a.pdf', data: pdf() });

  task.pause?.();
  task.cancel();

  expect(await failure(task.result)).toEqual({ kind: 'canceled', message: 'The upload was cancelled. Nothing was stored.' });
  expect(await storage.listFiles('root')).toEqual([]);
});

test('without the capability an upload has no pause or resume', () => {
  const storage = createMemoryStorage({ pauseResume: false });

  const task = storage.upload({ folder: 'root', name: 'a.pdf', data: pdf() });
  task.cancel();

  expect(storage.capabilities.pauseResume).toBe(false);
  expect(task.pause).toBeUndefined();
  expect(task.resume).toBeUndefined();
});

test('two uploads of one name at once store the first and refuse the second', async () => {
  const storage = createMemoryStorage({ stepDelayMs: 1 });

  const first = storage.upload({ folder: 'events', name: 'Fair.pdf', data: pdf(100) }).result;
  const second = storage.upload({ folder: 'events', name: 'Fair.pdf', data: pdf(900) }).result;
  const outcomes = await Promise.allSettled([first, second]);

  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
  expect(storage.read('events/Fair.pdf')?.size).toBe(100);
});

test('a file named .pdf whose bytes are something else is refused', async () => {
  const storage = createMemoryStorage();

  const error = await failure(storage.upload({ folder: 'root', name: 'page.pdf', data: new Blob(['<html>']) }).result);

  expect(error).toEqual({ kind: 'invalid-input', message: 'This file is not a real PDF document.' });
});

test('a Word document with real Word bytes is taken at the root', async () => {
  const storage = createMemoryStorage({ stepDelayMs: 0 });
  const docx = new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4])]);

  const stored = await storage.upload({ folder: 'root', name: 'Form.docx', data: docx }).result;

  expect(stored.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
});

test('a name that would be changed by cleaning is refused rather than stored under another name', async () => {
  const storage = createMemoryStorage();

  const error = await failure(storage.upload({ folder: 'root', name: ' a\u202e.pdf', data: pdf() }).result);

  expect(error).toMatchObject({ kind: 'invalid-input' });
});

test('a folder that does not exist is refused', async () => {
  const storage = createMemoryStorage();

  expect(await failure(storage.listFiles('private' as never))).toMatchObject({ kind: 'invalid-input' });
  expect(await failure(storage.upload({ folder: 'private' as never, name: 'a.pdf', data: pdf() }).result)).toMatchObject({
    kind: 'invalid-input',
  });
});

test('stored files carry their size, type, date and address', async () => {
  const storage = createMemoryStorage({
    now: () => new Date('2026-05-01T12:00:00Z'),
    urlFor: (fullPath) => `blob:test/${fullPath}`,
    files: [{ fullPath: 'newsletters/May.pdf', data: '%PDF-1.4 hi' }],
  });

  const [file] = await storage.listFiles('newsletters');

  expect(file).toEqual({
    name: 'May.pdf',
    fullPath: 'newsletters/May.pdf',
    url: 'blob:test/newsletters/May.pdf',
    size: 11,
    updatedAt: '2026-05-01T12:00:00.000Z',
    contentType: 'application/pdf',
  });
});

test('a seed outside the three folders is a mistake in the seed', () => {
  expect(() => createMemoryStorage({ files: [{ fullPath: 'private/a.pdf', data: 'x' }] })).toThrow('Not a storage path: private/a.pdf');
});

test('a listing asked for with an aborted signal is abandoned', async () => {
  const storage = createMemoryStorage();
  const controller = new AbortController();
  controller.abort();

  await expect(storage.listFiles('root', { signal: controller.signal })).rejects.toThrow();
});
