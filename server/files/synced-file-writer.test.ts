import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, expect, test } from 'vitest';
import { syncedFileWriter } from './synced-file-writer';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'synced-writer-'));
  folders.push(made);
  return made;
}

const openDescriptors = () => fs.readdirSync('/proc/self/fd').length;

test('pieces of every size arrive in the file in order, whole, with the mode asked for', async () => {
  const pieces = Array.from({ length: 300 }, (_, index) => randomBytes(1 + ((index * 7919) % 40_000)));
  const target = path.join(folder(), 'upload.part');

  await pipeline(Readable.from(pieces), syncedFileWriter(target, 0o640));

  expect(fs.readFileSync(target).equals(Buffer.concat(pieces))).toBe(true);
  expect(fs.statSync(target).mode & 0o777).toBe(0o640);
});

test('a file that is there already is never written over', async () => {
  const target = path.join(folder(), 'taken.part');
  fs.writeFileSync(target, 'first');

  await expect(pipeline(Readable.from([Buffer.from('second')]), syncedFileWriter(target, 0o640))).rejects.toMatchObject({ code: 'EEXIST' });
  expect(fs.readFileSync(target, 'utf8')).toBe('first');
});

test('a source that fails half way closes the file, leaving no descriptor open', async () => {
  const target = path.join(folder(), 'cut.part');
  const before = openDescriptors();
  async function* cutOff() {
    for (let index = 0; index < 40; index += 1) yield randomBytes(64 * 1024);
    throw new Error('the client went away');
  }

  const writer = syncedFileWriter(target, 0o640);
  const closed = new Promise((resolve) => writer.once('close', resolve));

  await expect(pipeline(Readable.from(cutOff()), writer)).rejects.toThrow('the client went away');
  await closed;
  expect(openDescriptors()).toBe(before);
});

test('a file of many megabytes, synced while it arrives, is whole; one cut off after some syncs leaves nothing open', async () => {
  const pieces = Array.from({ length: 330 }, () => randomBytes(64 * 1024));
  const whole = path.join(folder(), 'large.part');
  const before = openDescriptors();

  await pipeline(Readable.from(pieces), syncedFileWriter(whole, 0o640));
  async function* cutOffLate() {
    yield* pieces.slice(0, 300);
    throw new Error('the client went away');
  }
  const writer = syncedFileWriter(path.join(folder(), 'cut-late.part'), 0o640);
  const closed = new Promise((resolve) => writer.once('close', resolve));
  await expect(pipeline(Readable.from(cutOffLate()), writer)).rejects.toThrow('the client went away');
  await closed;

  expect(fs.readFileSync(whole).equals(Buffer.concat(pieces))).toBe(true);
  expect(openDescriptors()).toBe(before);
});
