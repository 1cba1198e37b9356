import { expect, test } from 'vitest';
import { CoreError } from '../domain/core-error';
import { NO_FILE_CHOSEN, UPLOAD_CANCELED, UPLOAD_SUCCESS_TEXT, UPLOAD_SUCCESS_TITLE, uploadFailureMessage } from './upload-messages';

test('the success popup uses its fixed wording', () => {
  expect(UPLOAD_SUCCESS_TITLE).toBe('Upload Successful!');
  expect(UPLOAD_SUCCESS_TEXT).toBe('Your file has been uploaded successfully.');
});

test('the fixed texts say what happened', () => {
  expect(UPLOAD_CANCELED).toBe('The upload was canceled. Nothing was stored.');
  expect(NO_FILE_CHOSEN).toBe('No file selected. Nothing was uploaded.');
});

test('a name already taken is named', () => {
  expect(uploadFailureMessage(new CoreError('conflict', 'exists'), 'May.pdf')).toBe(
    'A file called May.pdf already exists. Nothing was stored. Delete the old file first, or rename this one.',
  );
});

test('a refused file repeats the backend reason', () => {
  expect(uploadFailureMessage(new CoreError('invalid-input', 'This file is not a real PDF.'), 'x.pdf')).toBe(
    'This file is not a real PDF. Nothing was stored.',
  );
});

test('a lost session asks to sign in again', () => {
  expect(uploadFailureMessage(new CoreError('not-authorised', 'no'), 'x.pdf')).toBe(
    'You are no longer signed in as an administrator. Nothing was stored. Please sign in again.',
  );
});

test('throttled uploads say when to try again', () => {
  expect(uploadFailureMessage(new CoreError('too-many-requests', 'slow down', { retryAfterSeconds: 30 }), 'x.pdf')).toBe(
    'Too many uploads in a short time. Nothing was stored. Please try again in 30 seconds.',
  );
});

test('a canceled transfer says it was canceled', () => {
  expect(uploadFailureMessage(new CoreError('canceled', 'User canceled the upload.'), 'x.pdf')).toBe(UPLOAD_CANCELED);
});

test('any other failure says the upload did not finish, with the reason', () => {
  expect(uploadFailureMessage(new CoreError('unavailable', 'Storage is full.'), 'x.pdf')).toBe(
    'The upload did not finish. Nothing was stored. Storage is full.',
  );
  expect(uploadFailureMessage(new CoreError('not-found', 'Gone.'), 'x.pdf')).toBe(
    'The upload did not finish. Nothing was stored. Gone.',
  );
});
