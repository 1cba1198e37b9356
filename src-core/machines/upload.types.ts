import type { EventDetails, EventFormField } from '../domain/event-details';
import type { EventDetailsForm } from '../domain/event-details-form';
import type { FieldErrors } from '../domain/validation';
import type { Folder, StoredFile } from '../domain/stored-file';

export interface UploadInput {
  folder: Folder;
  maxBytes: number;
  pauseResume: boolean;
  /** For the events folder: the association's zone, which the details form's times are read in. */
  timeZone?: string;
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
  /** The details form's refusals by box, checked before sending; empty when fine. */
  detailsErrors: FieldErrors<EventFormField>;
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
  /** For the events folder, the details form as typed: refused boxes keep the file from being sent. */
  | { type: 'upload.submit'; eventForm?: EventDetailsForm }
  | { type: 'upload.pause' }
  | { type: 'upload.resume' }
  | { type: 'upload.cancel' }
  | { type: 'upload.ok' }
  | UploadReport;
