import { fromCallback } from 'xstate';
import type { StoragePort } from '../ports/storage.port';
import type { UploadActorEvent, UploadActorInput } from './upload.types';

/**
 * The `upload` actor of the upload machine, backed by a storage port. The composition
 * root provides it: `uploadMachine.provide({ actors: { upload: uploadActorFor(storage) } })`.
 * Leaving the uploading state stops the actor, and stopping cancels an unfinished transfer.
 */
export function uploadActorFor(storage: StoragePort) {
  return fromCallback<UploadActorEvent, UploadActorInput>(({ input, sendBack, receive }) => {
    let settled = false;
    const task = storage.upload({
      folder: input.folder,
      name: input.name,
      data: input.file,
      ...(input.eventDetails === null ? {} : { eventDetails: input.eventDetails }),
      onProgress: (progress) => sendBack({ type: 'upload.progress', ...progress }),
    });
    task.result.then(
      (file) => {
        settled = true;
        sendBack({ type: 'upload.done', file });
      },
      (error: unknown) => {
        settled = true;
        sendBack({ type: 'upload.failed', error });
      },
    );
    receive((event) => {
      if (event.type === 'upload.pause') task.pause?.();
      else task.resume?.();
    });
    return () => {
      if (!settled) task.cancel();
    };
  });
}
