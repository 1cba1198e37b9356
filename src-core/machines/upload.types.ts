import type { Folder, StoredFile } from '../domain/stored-file';

export interface UploadInput {
  folder: Folder;
  maxBytes: number;
  pauseResume: boolean;
}

export interface UploadProgressView {
  bytesTransferred: number;
  totalBytes: number;
  /** Whole percent, 0 to 100. */
  percentage: number;
}

export interface UploadContext extends UploadInput {
  file: File | null;
  fileName: string | null;
  error: string | null;
  progress: UploadProgressView | null;
  uploaded: StoredFile | null;
}

export interface UploadActorInput {
  file: File;
  folder: Folder;
  name: string;
}

/** Sent by the machine to its `upload` actor. */
export type UploadActorEvent = { type: 'upload.pause' } | { type: 'upload.resume' };

/** Sent back by the `upload` actor. */
export type UploadReport =
  | { type: 'upload.progress'; bytesTransferred: number; totalBytes: number }
  | { type: 'upload.done'; file: StoredFile }
  | { type: 'upload.failed'; error: unknown };

export type UploadEvent =
  | { type: 'file.selected'; file: File | null }
  | { type: 'upload.submit' }
  | { type: 'upload.pause' }
  | { type: 'upload.resume' }
  | { type: 'upload.cancel' }
  | { type: 'upload.ok' }
  | UploadReport;
