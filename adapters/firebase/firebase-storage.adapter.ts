import type { FirebaseStorage, StorageReference, UploadTask as SdkUploadTask } from 'firebase/storage';
import type * as StorageSdkModule from 'firebase/storage';
import { z } from '../../contract/zod';
import { FILE_KINDS, SIGNATURE_BYTES, acceptedKind, kindFromName, wrongFileKindMessage } from '../../src-core/domain/file-types';
import { UNUSABLE_FILE_NAME, folderOfPath, fullPathFor, sanitiseFileName } from '../../src-core/domain/files';
import { validateUpload } from '../../src-core/domain/validation';
import { CoreError, isCoreError } from '../../src-core/domain/core-error';
import { storableEventDetails } from '../../src-core/domain/event-details';
import type { Folder, StoredFile } from '../../src-core/domain/stored-file';
import type { StoragePort, UploadRequest, UploadTask } from '../../src-core/ports/storage.port';
import { firebaseFailure, hostedError } from '../hosted/error-table';
import { eventMetadataForUpload } from './event-metadata';
import type { FirebaseAppLoader } from './firebase-app';

export interface FirebaseStorageOptions {
  readonly loadApp: FirebaseAppLoader;
  /** The admin screen's limit; storage.rules hold the real one. */
  readonly maxUploadBytes: number;
  /** Items per listing request, 1..1000 as the Storage API allows. */
  readonly pageSize?: number;
  /**
   * How long the SDK keeps retrying one request or one upload. Its own defaults (2 and 10 minutes)
   * suit a batch job; a request is retried here for OPERATION_RETRY_MS, an upload for the SDK's 10 minutes.
   */
  readonly retryTimeMs?: { readonly operation?: number; readonly upload?: number };
  /** The longest a visitor waits for a folder's listing once the SDK is loaded, retries included. */
  readonly waitBudgetMs?: number;
}

/**
 * The SDK retries a failed request with growing pauses until this much time has passed: a few
 * seconds, as the news are (adapters/contentful/contentful-reader.ts), not the SDK's 2 minutes,
 * during which a visitor saw 'Loading files...' with no way out. The instance is shared by every
 * adapter of the app, so the admin area's single requests give up as soon; its uploads keep the
 * SDK's own 10 minutes, since a resumable upload carries on from where it stopped.
 * @internal Outside this file only tests and fakes use it.
 */
export const OPERATION_RETRY_MS = 4000;

/**
 * The SDK gives up retrying only between requests: a request that never gets a response (a connection
 * that hangs rather than fails) is waited for as long as the browser lets it. A listing is
 * therefore also given up, with the same message, after this budget.
 */
export const LISTING_WAIT_BUDGET_MS = 5000;

/** The work's result, or the 'did not answer in time' error once `budgetMs` has passed. */
export function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(hostedError('storage', 'storage/retry-limit-exceeded')), budgetMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type StorageSdk = typeof StorageSdkModule;

const MAX_PAGE_SIZE = 1000;

// What getMetadata must give for a file to be listed; anything else is not one of ours.
const metadataSchema = z.object({
  name: z.string().min(1),
  fullPath: z.string().min(1),
  size: z.number().int().nonnegative(),
  updated: z.iso.datetime({ offset: true }),
  contentType: z.string().optional(),
  customMetadata: z.record(z.string(), z.string()).optional(),
});

function folderPath(folder: Folder): string {
  return folder === 'root' ? '' : folder;
}

/**
 * Whether Storage refused a piece of a resumable upload outright (400). After a pause this is
 * what happens when the piece the browser gave up on reached Storage anyway and the same piece
 * is sent again on resuming: the upload cannot carry on, and it is not the connection's fault.
 */
function refusedPiece(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 400;
}

function canceled(): CoreError {
  return hostedError('storage', 'storage/canceled');
}

/** A stored file as the site describes it, and its custom metadata (where event details live). */
export async function describeReference(
  sdk: StorageSdk,
  reference: StorageReference,
): Promise<{ file: StoredFile; customMetadata: Readonly<Record<string, string>> }> {
  const [url, metadata] = await Promise.all([sdk.getDownloadURL(reference), sdk.getMetadata(reference)]);
  const parsed = metadataSchema.parse(metadata);
  return {
    file: {
      name: parsed.name,
      fullPath: parsed.fullPath,
      url,
      size: parsed.size,
      updatedAt: parsed.updated,
      contentType: parsed.contentType,
    },
    customMetadata: parsed.customMetadata ?? {},
  };
}

/** A file removed between the listing and its description is simply no longer there. */
export async function describeIfPresent(
  sdk: StorageSdk,
  reference: StorageReference,
): Promise<{ file: StoredFile; customMetadata: Readonly<Record<string, string>> } | null> {
  try {
    return await describeReference(sdk, reference);
  } catch (error) {
    if (firebaseFailure('storage', error).kind === 'not-found') return null;
    throw error;
  }
}

/** Every file reference directly inside a folder, page by page. */
export async function listReferences(
  sdk: StorageSdk,
  storage: FirebaseStorage,
  folder: Folder,
  pageSize: number,
  signal?: AbortSignal,
): Promise<StorageReference[]> {
  const folderReference = sdk.ref(storage, folderPath(folder));
  const references: StorageReference[] = [];
  let pageToken: string | undefined;
  do {
    const page = await sdk.list(folderReference, { maxResults: pageSize, ...(pageToken === undefined ? {} : { pageToken }) });
    if (signal?.aborted) throw new CoreError('canceled', 'The request was cancelled.');
    references.push(...page.items);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken !== undefined);
  return references;
}

export function byName(a: StoredFile, b: StoredFile): number {
  return a.name.localeCompare(b.name, 'en-IE', { sensitivity: 'base', numeric: true });
}

/** Loads the Storage SDK and service on first use; a failed load is tried again next time. */
export function storageLoader(options: Pick<FirebaseStorageOptions, 'loadApp' | 'retryTimeMs'>): () => Promise<{ sdk: StorageSdk; storage: FirebaseStorage }> {
  let loaded: Promise<{ sdk: StorageSdk; storage: FirebaseStorage }> | undefined;
  return () => {
    loaded ??= Promise.all([import('firebase/storage'), options.loadApp()]).then(([sdk, app]) => {
      const storage = sdk.getStorage(app);
      storage.maxOperationRetryTime = options.retryTimeMs?.operation ?? OPERATION_RETRY_MS;
      if (options.retryTimeMs?.upload !== undefined) storage.maxUploadRetryTime = options.retryTimeMs.upload;
      return { sdk, storage };
    });
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };
}

export function createFirebaseStorage(options: FirebaseStorageOptions): StoragePort {
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new RangeError(`A storage listing asks for 1 to ${MAX_PAGE_SIZE} items at a time, not ${pageSize}.`);
  }
  const load = storageLoader(options);

  /**
   * A taken name is found in the folder's listing, not by asking for the file: a file that is not
   * there responds 404, and a browser writes every 404 in its console as an error, on every upload.
   */
  async function refuseExisting(sdk: StorageSdk, storage: FirebaseStorage, folder: Folder, fullPath: string): Promise<void> {
    const references = await listReferences(sdk, storage, folder, pageSize);
    if (references.some((reference) => reference.fullPath === fullPath)) throw hostedError('storage', 'file-exists');
  }

  function upload(request: UploadRequest): UploadTask {
    const control = { canceled: false, paused: false, everPaused: false, task: undefined as SdkUploadTask | undefined };

    async function run(): Promise<StoredFile> {
      const problem = validateUpload(
        { name: request.name, size: request.data.size, type: request.data.type },
        { folder: request.folder, maxBytes: options.maxUploadBytes },
      );
      if (problem !== null) throw new CoreError('invalid-input', problem);
      // The caller stores under a name it has already made safe; anything else is refused, never rewritten.
      const safe = sanitiseFileName(request.name);
      if (!safe.ok) throw new CoreError('invalid-input', safe.message);
      if (safe.name !== request.name) throw new CoreError('invalid-input', UNUSABLE_FILE_NAME);
      // Storage cannot look inside a file, so its first bytes are checked here, by the rule the
      // self-hosted server uses: a page renamed 'Minutes.pdf' is never published as an event.
      const head = new Uint8Array(await request.data.slice(0, SIGNATURE_BYTES).arrayBuffer());
      if (acceptedKind(request.folder, safe.name, head) === null) throw new CoreError('invalid-input', wrongFileKindMessage(request.folder));
      const kind = kindFromName(safe.name);

      const { sdk, storage } = await load();
      const fullPath = fullPathFor(request.folder, safe.name);
      await refuseExisting(sdk, storage, request.folder, fullPath);
      const reference = sdk.ref(storage, fullPath);
      if (control.canceled) throw canceled();

      const details = request.folder === 'events' ? storableEventDetails(request.eventDetails) : null;
      const customMetadata = eventMetadataForUpload(details);
      const task = sdk.uploadBytesResumable(reference, request.data, {
        contentType: kind === null ? request.data.type : FILE_KINDS[kind].mimeType,
        ...(customMetadata === undefined ? {} : { customMetadata }),
      });
      control.task = task;
      if (control.paused) task.pause();
      // The SDK also reports state changes (running, paused); only moved bytes are progress.
      let reported = 0;
      const refused = await new Promise<unknown>((resolve, reject) => {
        task.on(
          'state_changed',
          (snapshot) => {
            if (snapshot.bytesTransferred === reported) return;
            reported = snapshot.bytesTransferred;
            request.onProgress?.({ bytesTransferred: snapshot.bytesTransferred, totalBytes: snapshot.totalBytes });
          },
          (error) => (control.everPaused && refusedPiece(error) ? resolve(error) : reject(error)),
          () => resolve(null),
        );
      });
      if (refused === null) return (await describeReference(sdk, task.snapshot.ref)).file;
      // A piece refused after a pause: the piece the SDK gave up on when pausing may have reached
      // Storage after the SDK asked how far the upload had got, and if it was the last one the
      // file is stored. The name was free when the upload began and the rules never let a file be
      // replaced, so a file there now of this size is this one.
      // Looked for in the listing, not asked for by name: a missing file responds with 404, which a browser logs as an error.
      const listed = (await listReferences(sdk, storage, request.folder, pageSize)).some((found) => found.fullPath === fullPath);
      const stored = listed ? await describeIfPresent(sdk, reference) : null;
      if (stored !== null && stored.file.size === request.data.size) {
        request.onProgress?.({ bytesTransferred: request.data.size, totalBytes: request.data.size });
        return stored.file;
      }
      throw hostedError('storage', 'upload-interrupted', refused);
    }

    const result = run().catch((error: unknown) => {
      throw isCoreError(error) ? error : firebaseFailure('storage', error);
    });
    return {
      result,
      cancel() {
        control.canceled = true;
        control.task?.cancel();
      },
      pause() {
        control.paused = true;
        control.everPaused = true;
        control.task?.pause();
      },
      resume() {
        control.paused = false;
        control.task?.resume();
      },
    };
  }

  return {
    capabilities: { pauseResume: true },
    async listFiles(folder, listOptions) {
      const signal = listOptions?.signal;
      try {
        const { sdk, storage } = await load();
        const described = await withinBudget(
          listReferences(sdk, storage, folder, pageSize, signal).then((references) =>
            Promise.all(references.map((reference) => describeIfPresent(sdk, reference))),
          ),
          options.waitBudgetMs ?? LISTING_WAIT_BUDGET_MS,
        );
        if (signal?.aborted) throw new CoreError('canceled', 'The request was cancelled.');
        return described.flatMap((entry) => (entry === null ? [] : [entry.file])).sort(byName);
      } catch (error) {
        throw isCoreError(error) ? error : firebaseFailure('storage', error);
      }
    },
    getMaxUploadBytes() {
      return Promise.resolve(options.maxUploadBytes);
    },
    // Cloud Storage has no disk to fill.
    getFreeSpace: () => Promise.resolve(undefined),
    upload,
    async deleteFile(fullPath) {
      if (folderOfPath(fullPath) === null) throw hostedError('storage', 'storage/object-not-found');
      try {
        const { sdk, storage } = await load();
        await sdk.deleteObject(sdk.ref(storage, fullPath));
      } catch (error) {
        throw firebaseFailure('storage', error);
      }
    },
  };
}
