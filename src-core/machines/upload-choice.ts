import { sanitiseFileName } from '../domain/files';
import { validateUpload } from '../domain/validation';
import type { UploadContext, UploadInput, UploadProgressView } from './upload.types';

type Choice = Pick<UploadContext, 'file' | 'fileName' | 'error' | 'progress' | 'uploaded'>;

/** Nothing chosen: how a form starts, and how OK on the popup leaves it. */
export const NO_CHOICE: Choice = { file: null, fileName: null, error: null, progress: null, uploaded: null };

/** A file the picker gave (or none), with the safe name it would be stored under and why it would be refused. */
export function choiceOf(file: File | null, rules: UploadInput): Choice {
  if (file === null) return NO_CHOICE;
  const name = sanitiseFileName(file.name);
  return { ...NO_CHOICE, file, fileName: name.ok ? name.name : null, error: validateUpload(file, rules) };
}

export function progressOf(bytesTransferred: number, totalBytes: number): UploadProgressView {
  const ratio = totalBytes > 0 ? bytesTransferred / totalBytes : 0;
  return { bytesTransferred, totalBytes, percentage: Math.round(Math.min(1, Math.max(0, ratio)) * 100) };
}
