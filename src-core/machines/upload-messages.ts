import { tryAgainIn } from '../domain/try-again';
import { toCoreError } from '../domain/core-error';

export const UPLOAD_SUCCESS_TITLE = 'Upload Successful!';
export const UPLOAD_SUCCESS_TEXT = 'Your file has been uploaded successfully.';
export const UPLOAD_CANCELED = 'The upload was canceled. Nothing was stored.';
export const NO_FILE_CHOSEN = 'No file selected. Nothing was uploaded.';

/** What the administrator reads after a failed upload: what happened, and that nothing was kept. */
export function uploadFailureMessage(error: unknown, name: string): string {
  const failure = toCoreError(error);
  switch (failure.kind) {
    case 'conflict':
      return `A file called ${name} already exists. Nothing was stored. Delete the old file first, or rename this one.`;
    case 'invalid-input':
      return `${failure.message} Nothing was stored.`;
    case 'not-authorised':
      return 'You are no longer signed in as an administrator. Nothing was stored. Please sign in again.';
    case 'too-many-requests':
      return `Too many uploads in a short time. Nothing was stored. ${tryAgainIn(failure.retryAfterSeconds)}`;
    case 'canceled':
      return UPLOAD_CANCELED;
    default:
      return `The upload did not finish. Nothing was stored. ${failure.message}`;
  }
}
