import type { EventDetails } from '../domain/event-details';
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
  /** For the events folder: the details sent with the file (null for none). */
  eventDetails: EventDetails | null;
  /** The details' refusals by field, from the view's check before sending; empty when fine. */
  detailsErrors: Readonly<Record<string, string>>;
}

export interface UploadActorInput {
  file: File;
  folder: Folder;
  name: string;
  eventDetails: EventDetails | null;
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
  /**
   * For the events folder, the details form checked by the view: the details to send with the
   * file, or its refusals by field, which keep the file from being sent.
   */
  | { type: 'upload.submit'; eventDetails?: EventDetails | null; detailsErrors?: Readonly<Record<string, string>> }
  | { type: 'upload.pause' }
  | { type: 'upload.resume' }
  | { type: 'upload.cancel' }
  | { type: 'upload.ok' }
  | UploadReport;
