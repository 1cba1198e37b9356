import { CoreError } from '../../src-core/domain/core-error';
import type { StoragePort } from '../../src-core/ports/storage.port';
import type { StoredFile } from '../../src-core/domain/stored-file';
import type { HttpClient } from './http-client';
import { UNAVAILABLE_MESSAGE, coreErrorFromResponse } from './http-errors';
import { createStreamingFetchTransfer, xhrTransfer, type UploadTransfer } from './http-upload';
import { API_PATHS, fileLimitsSchema, fileListSchema, storedFileSchema } from '../../contract/wire';

export interface HttpStorageOptions {
  /** How upload bytes travel; by default XMLHttpRequest where it exists, else a streamed fetch. */
  readonly transfer?: UploadTransfer;
}

export function createHttpStorage(client: HttpClient, options: HttpStorageOptions = {}): StoragePort {
  const withLinkUrl = (file: StoredFile): StoredFile => (file.url.startsWith('/') ? { ...file, url: client.link(file.url) } : file);
  const transfer = (): UploadTransfer =>
    options.transfer ?? (typeof XMLHttpRequest === 'undefined' ? createStreamingFetchTransfer(client.fetch) : xhrTransfer);

  return {
    capabilities: { pauseResume: false },
    async listFiles(folder, listOptions) {
      const { files } = await client.request('GET', API_PATHS.files, fileListSchema, {
        query: { folder },
        signal: listOptions?.signal,
      });
      return files.map(withLinkUrl);
    },
    async getMaxUploadBytes() {
      const { maxBytes } = await client.request('GET', API_PATHS.fileLimits, fileLimitsSchema);
      return maxBytes;
    },
    async getFreeSpace() {
      const { freeBytes } = await client.request('GET', API_PATHS.fileLimits, fileLimitsSchema);
      return freeBytes;
    },
    upload(request) {
      const controller = new AbortController();
      const result = (async (): Promise<StoredFile> => {
        const response = await transfer()({
          url: client.url(API_PATHS.files, {
            folder: request.folder,
            name: request.name,
            ...(request.folder === 'events' && request.eventDetails !== undefined ? { details: JSON.stringify(request.eventDetails) } : {}),
          }),
          data: request.data,
          signal: controller.signal,
          onProgress: request.onProgress,
        });
        if (response.status < 200 || response.status > 299) {
          throw coreErrorFromResponse(response.status, response.headers, response.body);
        }
        const stored = storedFileSchema.safeParse(response.body);
        if (!stored.success) throw new CoreError('unavailable', UNAVAILABLE_MESSAGE, { cause: stored.error });
        return withLinkUrl(stored.data);
      })();
      return {
        result,
        cancel: () => controller.abort(),
      };
    },
    deleteFile(fullPath) {
      return client.send('DELETE', API_PATHS.files, { query: { path: fullPath } });
    },
  };
}
