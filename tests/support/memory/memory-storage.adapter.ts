import { allowedKindsFor, describeAllowedKinds, FILE_KINDS, kindFromName, sniffFileKind } from '../../../src-core/domain/file-types';
import { folderOfPath, fullPathFor, sanitiseFileName } from '../../../src-core/domain/files';
import { CoreError } from '../../../src-core/domain/core-error';
import { storableEventDetails, type EventDetails } from '../../../src-core/domain/event-details';
import { FOLDERS, type Folder, type StoredFile } from '../../../src-core/domain/stored-file';
import { type StoragePort, type UploadRequest } from '../../../src-core/ports/storage.port';
import { ADMIN_ONLY, FILE_EXISTS, FILE_NOT_FOUND, UPLOAD_CANCELED } from './memory-messages';

export interface MemorySeedFile {
  /** 'name.pdf' at the root, 'events/name.pdf' in a folder. */
  readonly fullPath: string;
  readonly data: Blob | string | Uint8Array<ArrayBuffer>;
  readonly updatedAt?: string;
  /** For a file in the events folder: its event details. */
  readonly eventDetails?: EventDetails;
}

export interface MemoryStorageOptions {
  readonly files?: readonly MemorySeedFile[];
  readonly maxUploadBytes?: number;
  /** What getFreeSpace reports; undefined, as on hosted storage, unless a test sets it. */
  readonly freeBytes?: number;
  readonly pauseResume?: boolean;
  /** How many progress reports an upload makes, one per step. */
  readonly progressSteps?: number;
  /** Pause between steps, so a person can see the progress and press cancel. */
  readonly stepDelayMs?: number;
  /** Whether the caller may upload and delete; the memory backend asks its auth for an administrator. */
  readonly canWrite?: () => boolean;
  /** The address a stored file is opened at; a browser can pass `(_, blob) => URL.createObjectURL(blob)`. */
  readonly urlFor?: (fullPath: string, data: Blob) => string;
  readonly now?: () => Date;
}

export interface MemoryStorage extends StoragePort {
  /** Stores a file directly, replacing any at that path, for tests and local development. */
  put(file: MemorySeedFile): StoredFile;
  /** The stored bytes at a full path, for tests and local development. */
  read(fullPath: string): Blob | undefined;
  /** A stored file's event details (null for none), or undefined when there is no such file. */
  eventDetails(fullPath: string): EventDetails | null | undefined;
  /** Sets or removes a stored file's event details; false when there is no such file. */
  setEventDetails(fullPath: string, details: EventDetails | null): boolean;
}


interface Entry {
  readonly file: StoredFile;
  readonly data: Blob;
  details: EventDetails | null;
}

const isFolder = (value: unknown): value is Folder => (FOLDERS as readonly unknown[]).includes(value);
const refuse = (message: string) => new CoreError('invalid-input', message);
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createMemoryStorage(options: MemoryStorageOptions = {}): MemoryStorage {
  const maxUploadBytes = options.maxUploadBytes ?? 20 * 1024 * 1024;
  const pauseResume = options.pauseResume ?? true;
  const steps = Math.max(1, options.progressSteps ?? 4);
  const stepDelayMs = options.stepDelayMs ?? 5;
  const canWrite = options.canWrite ?? (() => true);
  const urlFor = options.urlFor ?? ((fullPath: string) => `memory:${fullPath}`);
  const now = options.now ?? (() => new Date());
  const entries = new Map<string, Entry>();

  function store(fullPath: string, data: Blob, updatedAt: string, details: EventDetails | null = null): StoredFile {
    const name = fullPath.split('/').at(-1) ?? fullPath;
    const kind = kindFromName(name);
    const file: StoredFile = {
      name,
      fullPath,
      url: urlFor(fullPath, data),
      size: data.size,
      updatedAt,
      ...(kind === null ? {} : { contentType: FILE_KINDS[kind].mimeType }),
    };
    entries.set(fullPath, { file, data, details: folderOfPath(fullPath) === 'events' ? details : null });
    return file;
  }

  function put(seed: MemorySeedFile): StoredFile {
    if (folderOfPath(seed.fullPath) === null) throw new Error(`Not a storage path: ${seed.fullPath}`);
    const data = seed.data instanceof Blob ? seed.data : new Blob([seed.data]);
    return { ...store(seed.fullPath, data, seed.updatedAt ?? now().toISOString(), seed.eventDetails ?? null) };
  }

  for (const seed of options.files ?? []) put(seed);

  async function checkUpload(request: UploadRequest): Promise<{ fullPath: string; details: EventDetails | null }> {
    if (!canWrite()) throw new CoreError('not-authorised', ADMIN_ONLY);
    if (!isFolder(request.folder)) throw refuse('There is no such folder.');
    const safe = sanitiseFileName(request.name);
    if (!safe.ok) throw refuse(safe.message);
    if (safe.name !== request.name) throw refuse('This file name cannot be used. Please rename the file and try again.');
    const kind = kindFromName(safe.name);
    if (kind === null || !allowedKindsFor(request.folder).includes(kind)) {
      throw refuse(`Only ${describeAllowedKinds(request.folder)} files can be uploaded here.`);
    }
    if (request.data.size === 0) throw refuse('This file is empty.');
    if (request.data.size > maxUploadBytes) throw refuse('This file is larger than the website accepts.');
    const head = new Uint8Array(await request.data.slice(0, 8).arrayBuffer());
    if (sniffFileKind(head, safe.name) !== kind) throw refuse(`This file is not a real ${FILE_KINDS[kind].label} document.`);
    return { fullPath: fullPathFor(request.folder, safe.name), details: request.folder === 'events' ? storableEventDetails(request.eventDetails) : null };
  }

  return {
    capabilities: { pauseResume },
    put,
    read: (fullPath) => entries.get(fullPath)?.data,
    eventDetails: (fullPath) => entries.get(fullPath)?.details,
    setEventDetails(fullPath, details) {
      const entry = entries.get(fullPath);
      if (entry === undefined) return false;
      entry.details = details;
      return true;
    },
    async listFiles(folder, listOptions) {
      listOptions?.signal?.throwIfAborted();
      if (!isFolder(folder)) throw refuse('There is no such folder.');
      return [...entries.values()]
        .filter((entry) => folderOfPath(entry.file.fullPath) === folder)
        .map((entry) => ({ ...entry.file }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    },
    async getMaxUploadBytes() {
      return maxUploadBytes;
    },
    async getFreeSpace() {
      return options.freeBytes;
    },
    upload(request) {
      const control = { canceled: false, paused: false, resumed: () => {} };
      let cancel: (error: CoreError) => void = () => {};
      const canceled = new Promise<never>((_, reject) => (cancel = reject));
      const checkpoint = async () => {
        while (control.paused && !control.canceled) await new Promise<void>((resolve) => (control.resumed = resolve));
        if (control.canceled) throw new CoreError('canceled', UPLOAD_CANCELED);
      };
      const work = (async (): Promise<StoredFile> => {
        const { fullPath, details } = await checkUpload(request);
        if (entries.has(fullPath)) throw new CoreError('conflict', FILE_EXISTS);
        const totalBytes = request.data.size;
        for (let step = 1; step <= steps; step += 1) {
          await wait(stepDelayMs);
          await checkpoint();
          request.onProgress?.({ bytesTransferred: Math.round((totalBytes * step) / steps), totalBytes });
        }
        await checkpoint();
        // Another upload of the same name may have finished first: a file is never replaced.
        if (entries.has(fullPath)) throw new CoreError('conflict', FILE_EXISTS);
        return { ...store(fullPath, request.data, now().toISOString(), details) };
      })();
      const result = Promise.race([work, canceled]);
      // A caller that cancels and walks away must not leave an unhandled rejection behind.
      result.catch(() => {});
      return {
        result,
        cancel() {
          if (control.canceled) return;
          control.canceled = true;
          control.resumed();
          cancel(new CoreError('canceled', UPLOAD_CANCELED));
        },
        ...(pauseResume
          ? {
              pause: () => {
                control.paused = true;
              },
              resume: () => {
                control.paused = false;
                control.resumed();
              },
            }
          : {}),
      };
    },
    async deleteFile(fullPath) {
      if (!canWrite()) throw new CoreError('not-authorised', ADMIN_ONLY);
      if (!entries.delete(fullPath)) throw new CoreError('not-found', FILE_NOT_FOUND);
    },
  };
}
