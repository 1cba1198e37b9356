import { describe, expect, onTestFinished, test } from 'vitest';
import type { Folder, StoredFile } from '../../src-core/domain/stored-file';
import type { StoragePort, UploadProgress } from '../../src-core/ports/storage.port';
import { rejectsWithKind } from '../support/core-error';

export interface FileSeed {
  /** 'name.pdf' at the root, 'events/name.pdf' in a folder. */
  readonly fullPath: string;
  readonly data: Blob;
}

/**
 * What a backend gives the storage contract. The storage must already allow uploads and
 * deletes (an administrator signed in, or whatever the backend needs).
 */
export interface StorageHarness {
  readonly storage: StoragePort;
  /** Puts files in the backend directly, not through upload (on disk, in an emulator). */
  seedFiles(files: readonly FileSeed[]): Promise<void>;
  cleanup(): Promise<void>;
}

/** A small file each backend accepts as a PDF: it starts with the PDF signature. */
export function pdfBlob(size = 64, fill = 0x20): Blob {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new Blob([bytes], { type: 'application/pdf' });
}

async function harnessFrom(makeHarness: () => Promise<StorageHarness>): Promise<StorageHarness> {
  const harness = await makeHarness();
  onTestFinished(() => harness.cleanup());
  return harness;
}

const names = (files: readonly StoredFile[]) => files.map((file) => file.name);

async function upload(storage: StoragePort, folder: Folder, name: string, data: Blob) {
  const progress: UploadProgress[] = [];
  const stored = await storage.upload({ folder, name, data, onProgress: (update) => progress.push(update) }).result;
  return { stored, progress };
}

/** The behaviour every StoragePort shares, run against one backend. */
export function storageContract(name: string, makeHarness: () => Promise<StorageHarness>): void {
  describe(`StoragePort contract: ${name}`, () => {
    test('a folder lists only its own direct files, sorted by name, with paths and addresses', async () => {
      const { storage, seedFiles } = await harnessFrom(makeHarness);
      await seedFiles([
        { fullPath: 'Membership Form.pdf', data: pdfBlob() },
        { fullPath: 'events/Summer Fair.pdf', data: pdfBlob(100) },
        { fullPath: 'events/Autumn Lunch.pdf', data: pdfBlob() },
        { fullPath: 'newsletters/May.pdf', data: pdfBlob() },
      ]);

      const events = await storage.listFiles('events');
      const root = await storage.listFiles('root');

      expect(names(events)).toEqual(['Autumn Lunch.pdf', 'Summer Fair.pdf']);
      expect(events[1]).toMatchObject({ name: 'Summer Fair.pdf', fullPath: 'events/Summer Fair.pdf' });
      expect(events.every((file) => file.url.length > 0)).toBe(true);
      expect(events[1]!.size ?? 100).toBe(100);
      expect(root.map((file) => [file.name, file.fullPath])).toEqual([['Membership Form.pdf', 'Membership Form.pdf']]);
      expect(names(await storage.listFiles('newsletters'))).toEqual(['May.pdf']);
    });

    test('an empty folder lists no files', async () => {
      const { storage } = await harnessFrom(makeHarness);

      expect(await storage.listFiles('newsletters')).toEqual([]);
    });

    test('the largest accepted upload is a positive whole number of bytes', async () => {
      const { storage } = await harnessFrom(makeHarness);

      const maxBytes = await storage.getMaxUploadBytes();

      expect(Number.isInteger(maxBytes) && maxBytes > 0).toBe(true);
    });

    test('an uploaded file is stored at folder/name and then listed', async () => {
      const { storage } = await harnessFrom(makeHarness);

      const { stored, progress } = await upload(storage, 'newsletters', 'Spring Newsletter 2026.pdf', pdfBlob(5000));
      const listed = await storage.listFiles('newsletters');

      expect(stored).toMatchObject({ name: 'Spring Newsletter 2026.pdf', fullPath: 'newsletters/Spring Newsletter 2026.pdf' });
      expect(stored.url.length).toBeGreaterThan(0);
      expect(listed.map((file) => file.fullPath)).toEqual(['newsletters/Spring Newsletter 2026.pdf']);
      expect(listed[0]!.size ?? 5000).toBe(5000);
      for (const update of progress) {
        expect(update.bytesTransferred).toBeGreaterThanOrEqual(0);
        expect(update.bytesTransferred).toBeLessThanOrEqual(update.totalBytes);
      }
    });

    test('a file uploaded to the root has no folder in its path', async () => {
      const { storage } = await harnessFrom(makeHarness);

      const { stored } = await upload(storage, 'root', 'Join Form.pdf', pdfBlob());

      expect(stored.fullPath).toBe('Join Form.pdf');
      expect(names(await storage.listFiles('root'))).toEqual(['Join Form.pdf']);
      expect(await storage.listFiles('events')).toEqual([]);
    });

    test('an existing name is a conflict and the stored file is left untouched', async () => {
      const { storage, seedFiles } = await harnessFrom(makeHarness);
      await seedFiles([{ fullPath: 'events/Fair.pdf', data: pdfBlob(300) }]);

      await rejectsWithKind(storage.upload({ folder: 'events', name: 'Fair.pdf', data: pdfBlob(900) }).result, 'conflict');
      const listed = await storage.listFiles('events');

      expect(listed).toHaveLength(1);
      expect(listed[0]!.size ?? 300).toBe(300);
    });

    test('a canceled upload fails as canceled and leaves nothing stored', async () => {
      const { storage } = await harnessFrom(makeHarness);

      const task = storage.upload({ folder: 'events', name: 'Canceled.pdf', data: pdfBlob(200_000) });
      task.cancel();
      await rejectsWithKind(task.result, 'canceled');

      expect(await storage.listFiles('events')).toEqual([]);
    });

    test('a file of a kind the folder does not take is refused and not stored', async () => {
      const { storage } = await harnessFrom(makeHarness);
      const word = new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])]);

      await rejectsWithKind(storage.upload({ folder: 'events', name: 'Form.docx', data: word }).result, 'invalid-input');

      expect(await storage.listFiles('events')).toEqual([]);
    });

    test('an empty file is refused', async () => {
      const { storage } = await harnessFrom(makeHarness);

      await rejectsWithKind(storage.upload({ folder: 'root', name: 'Empty.pdf', data: new Blob([]) }).result, 'invalid-input');

      expect(await storage.listFiles('root')).toEqual([]);
    });

    test('a file larger than the limit is refused', async () => {
      const { storage } = await harnessFrom(makeHarness);
      const maxBytes = await storage.getMaxUploadBytes();

      await rejectsWithKind(
        storage.upload({ folder: 'root', name: 'Huge.pdf', data: pdfBlob(maxBytes + 1) }).result,
        'invalid-input',
      );

      expect(await storage.listFiles('root')).toEqual([]);
    });

    test('a name that climbs out of its folder is refused and nothing is stored anywhere', async () => {
      const { storage } = await harnessFrom(makeHarness);

      await rejectsWithKind(storage.upload({ folder: 'events', name: '../x.pdf', data: pdfBlob() }).result, 'invalid-input');

      expect(await storage.listFiles('root')).toEqual([]);
      expect(await storage.listFiles('events')).toEqual([]);
    });

    test('a deleted file is no longer listed', async () => {
      const { storage, seedFiles } = await harnessFrom(makeHarness);
      await seedFiles([
        { fullPath: 'newsletters/Old.pdf', data: pdfBlob() },
        { fullPath: 'newsletters/Keep.pdf', data: pdfBlob() },
      ]);

      await storage.deleteFile('newsletters/Old.pdf');

      expect(names(await storage.listFiles('newsletters'))).toEqual(['Keep.pdf']);
    });

    test('deleting a file that is not there is not found', async () => {
      const { storage } = await harnessFrom(makeHarness);

      await rejectsWithKind(storage.deleteFile('events/Missing.pdf'), 'not-found');
    });

    test('an uploaded file can be deleted by the path upload returned', async () => {
      const { storage } = await harnessFrom(makeHarness);
      const { stored } = await upload(storage, 'events', 'Short Lived.pdf', pdfBlob());

      await storage.deleteFile(stored.fullPath);

      expect(await storage.listFiles('events')).toEqual([]);
    });

    test('a task offers pause and resume exactly when the storage says it can, and still completes', async () => {
      const { storage } = await harnessFrom(makeHarness);

      const task = storage.upload({ folder: 'events', name: 'Paused.pdf', data: pdfBlob(50_000) });
      task.pause?.();
      task.resume?.();
      const stored = await task.result;

      expect(typeof task.pause === 'function' && typeof task.resume === 'function').toBe(storage.capabilities.pauseResume);
      expect(stored.fullPath).toBe('events/Paused.pdf');
    });
  });
}
