import { expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { CoreError } from '../domain/core-error';
import type { StoragePort, UploadProgress, UploadRequest } from '../ports/storage.port';
import type { StoredFile } from '../domain/stored-file';
import { uploadActorFor } from './upload-actor';
import { uploadMachine } from './upload.machine';

// A hand-driven storage: the test decides when bytes arrive and how the transfer ends.
function manualStorage() {
  const requests: UploadRequest[] = [];
  const calls: string[] = [];
  const settle: { resolve?: (file: StoredFile) => void; reject?: (error: unknown) => void } = {};
  const storage: StoragePort = {
    capabilities: { pauseResume: true },
    listFiles: async () => [],
    getMaxUploadBytes: async () => 10_000,
    getFreeSpace: async () => undefined,
    deleteFile: async () => {},
    upload(request) {
      requests.push(request);
      const result = new Promise<StoredFile>((resolve, reject) => Object.assign(settle, { resolve, reject }));
      result.catch(() => {});
      return {
        result,
        cancel: () => {
          calls.push('cancel');
          settle.reject?.(new CoreError('canceled', 'User canceled the upload.'));
        },
        pause: () => void calls.push('pause'),
        resume: () => void calls.push('resume'),
      };
    },
  };
  const progress = (update: UploadProgress) => requests.at(-1)?.onProgress?.(update);
  return { storage, requests, calls, settle, progress };
}

const rules = { folder: 'events' as const, maxBytes: 10_000, pauseResume: true };
const file = new File(['%PDF-1.7'], 'Fair.pdf', { type: 'application/pdf' });

function started(storage: StoragePort) {
  const machine = uploadMachine.provide({ actors: { upload: uploadActorFor(storage) }, actions: { log: () => {} } });
  const actor = createActor(machine, { input: rules }).start();
  actor.send({ type: 'file.selected', file });
  actor.send({ type: 'upload.submit' });
  return actor;
}

test('the file is handed to storage under its folder and name, with progress reported back', () => {
  const fake = manualStorage();
  const actor = started(fake.storage);

  fake.progress({ bytesTransferred: 4, totalBytes: 8 });

  expect(fake.requests).toHaveLength(1);
  expect(fake.requests[0]).toMatchObject({ folder: 'events', name: 'Fair.pdf', data: file });
  expect(actor.getSnapshot().context.progress).toEqual({ bytesTransferred: 4, totalBytes: 8, percentage: 50 });
});

test('the stored file ends the upload in success without canceling anything', async () => {
  const fake = manualStorage();
  const actor = started(fake.storage);
  const storedFile = { name: 'Fair.pdf', fullPath: 'events/Fair.pdf', url: 'memory:events/Fair.pdf' };

  fake.settle.resolve?.(storedFile);
  await waitFor(actor, (state) => state.matches('success'));

  expect(actor.getSnapshot().context.uploaded).toEqual(storedFile);
  expect(fake.calls).toEqual([]);
});

test('a refused transfer ends the upload in failure', async () => {
  const fake = manualStorage();
  const actor = started(fake.storage);

  fake.settle.reject?.(new CoreError('conflict', 'exists'));
  await waitFor(actor, (state) => state.matches('failed'));

  expect(actor.getSnapshot().context.error).toContain('A file called Fair.pdf already exists.');
  expect(fake.calls).toEqual([]);
});

test('pause, resume and cancel reach the storage task', async () => {
  const fake = manualStorage();
  const actor = started(fake.storage);

  actor.send({ type: 'upload.pause' });
  actor.send({ type: 'upload.resume' });
  actor.send({ type: 'upload.cancel' });
  await Promise.resolve();

  expect(fake.calls).toEqual(['pause', 'resume', 'cancel']);
  expect(actor.getSnapshot().value).toBe('canceled');
});

test('stopping the form mid-upload cancels the transfer', () => {
  const fake = manualStorage();
  const actor = started(fake.storage);

  actor.stop();

  expect(fake.calls).toEqual(['cancel']);
});
