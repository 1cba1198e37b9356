import type { EventDetails } from '../domain/event-details';
import type { Folder, StoredFile } from '../domain/stored-file';

export interface UploadProgress {
  readonly bytesTransferred: number;
  readonly totalBytes: number;
}

export interface UploadRequest {
  readonly folder: Folder;
  /** The name to store under; the file is stored at '{folder}/{name}'. */
  readonly name: string;
  readonly data: Blob;
  /**
   * For a file in the events folder: the event's details, stored with the file in one step, so
   * a refusal of either stores neither. Ignored in the other folders.
   */
  readonly eventDetails?: EventDetails;
  /** Called as bytes reach the backend, from real transfer events. */
  readonly onProgress?: (progress: UploadProgress) => void;
}

/** A running upload. */
export interface UploadTask {
  /**
   * Settles with the stored file once the backend has it.
   * @throws CoreError 'conflict' when a file of that name exists (it is never replaced),
   *   'invalid-input' for a refused type, size or name, 'canceled' after cancel(),
   *   'not-authorised' without an administrator session, 'unavailable' on failure.
   *   Whatever the failure, nothing is left stored.
   */
  readonly result: Promise<StoredFile>;
  /** Stops the transfer; the result rejects with 'canceled' and nothing is stored. */
  cancel(): void;
  /** Present only where `StoragePort.capabilities.pauseResume` is true. */
  pause?(): void;
  /** Present only where `StoragePort.capabilities.pauseResume` is true. */
  resume?(): void;
}

export interface StorageCapabilities {
  /** Whether an upload can be paused and resumed (Firebase's resumable uploads can). */
  readonly pauseResume: boolean;
}

export interface StoragePort {
  readonly capabilities: StorageCapabilities;
  /**
   * The files directly inside a folder, sorted by name.
   * @throws CoreError 'unavailable' when storage cannot be reached.
   */
  listFiles(folder: Folder, options?: { readonly signal?: AbortSignal }): Promise<StoredFile[]>;
  /** The largest upload the backend accepts, in bytes. */
  getMaxUploadBytes(): Promise<number>;
  /**
   * Bytes left on the disk that keeps the files and posts, where the backend can tell an
   * administrator (the self-hosted server); undefined where it cannot (hosted storage grows).
   */
  getFreeSpace(): Promise<number | undefined>;
  /** Starts an upload to '{folder}/{name}'; see UploadTask for its outcomes. */
  upload(request: UploadRequest): UploadTask;
  /**
   * Deletes the file at a full path as returned by listFiles.
   * @throws CoreError 'not-found', 'not-authorised', 'unavailable'.
   */
  deleteFile(fullPath: string): Promise<void>;
}
