import { FirebaseError } from 'firebase/app';
import { StorageError, StorageErrorCode } from 'firebase/storage';
import { expect, test } from 'vitest';
import { CoreError, type CoreErrorKind } from '../../src-core/domain/core-error';
import {
  ERROR_TABLE,
  contentfulFailure,
  emailJsFailure,
  firebaseFailure,
  hostedError,
  type HostedSystem,
} from './error-table';

interface Case {
  readonly system: HostedSystem;
  /** The row this case exercises. */
  readonly reported: string;
  /** What the service or its SDK really throws. */
  readonly failure: () => CoreError;
  readonly kind: CoreErrorKind;
  readonly message: string;
}

/** What firebase/firestore/lite throws: a FirebaseError with Firestore's own code, without the 'firestore/' prefix. */
function firestoreError(code: string, message: string): FirebaseError {
  return new FirebaseError(code, message);
}

function emailJsResponse(status: number, text: string) {
  return { status, text };
}

function contentfulApiError(name: string, status: number, statusText: string, message: string): Error {
  const error = new Error(JSON.stringify({ status, statusText, message, details: {} }, null, '  '));
  error.name = name;
  return error;
}

const notSent = 'The e-mail service did not accept it. Please try again later, or contact us another way.';
const signInFailed = 'The e-mail address or password is not right. Please try again.';
const newsNotLoaded = 'The news service is not answering just now. Please try again in a minute.';

const cases: readonly Case[] = [
  {
    system: 'emailjs',
    reported: '451',
    failure: () => emailJsFailure(emailJsResponse(451, 'Unavailable For Headless Browser')),
    kind: 'unavailable',
    message: 'The e-mail service does not accept messages from this browser. Please try another browser, or contact us another way.',
  },
  {
    system: 'emailjs',
    reported: '403',
    failure: () => emailJsFailure(emailJsResponse(403, 'Forbidden')),
    kind: 'unavailable',
    message: notSent,
  },
  {
    system: 'emailjs',
    reported: '429',
    failure: () => emailJsFailure(emailJsResponse(429, 'Too Many Requests')),
    kind: 'too-many-requests',
    message: 'Too many messages have been sent from here just now. Please wait a minute and try again.',
  },
  {
    system: 'emailjs',
    reported: '0',
    failure: () => emailJsFailure(new TypeError('Failed to fetch')),
    kind: 'unavailable',
    message: 'The e-mail service could not be reached. Please check your internet connection and try again.',
  },
  {
    system: 'emailjs',
    reported: 'other',
    failure: () => emailJsFailure(emailJsResponse(400, 'The service ID is invalid')),
    kind: 'unavailable',
    message: notSent,
  },
  {
    system: 'storage',
    reported: 'storage/object-not-found',
    failure: () => firebaseFailure('storage', new StorageError(StorageErrorCode.OBJECT_NOT_FOUND, "Object 'events/Dinner.pdf' does not exist.")),
    kind: 'not-found',
    message: 'This file could not be found. It may have been deleted already.',
  },
  {
    system: 'storage',
    reported: 'storage/unauthenticated',
    failure: () => firebaseFailure('storage', new StorageError(StorageErrorCode.UNAUTHENTICATED, 'User is not authenticated, please authenticate using Firebase Authentication and try again.')),
    kind: 'not-authorised',
    message: 'Please sign in as an administrator to do this.',
  },
  {
    system: 'storage',
    reported: 'storage/unauthorized',
    failure: () => firebaseFailure('storage', new StorageError(StorageErrorCode.UNAUTHORIZED, "User does not have permission to access 'events/Dinner.pdf'.")),
    kind: 'not-authorised',
    message: 'This was refused: only an administrator may add or delete files, and a file can never be replaced.',
  },
  {
    system: 'storage',
    reported: 'storage/retry-limit-exceeded',
    failure: () => firebaseFailure('storage', new StorageError(StorageErrorCode.RETRY_LIMIT_EXCEEDED, 'Max retry time for operation exceeded, please try again.')),
    kind: 'unavailable',
    message: 'The file storage did not answer in time. Please check your internet connection and try again.',
  },
  {
    system: 'storage',
    reported: 'storage/canceled',
    failure: () => firebaseFailure('storage', new StorageError(StorageErrorCode.CANCELED, 'User canceled the upload/download.')),
    kind: 'canceled',
    message: 'The upload was canceled. Nothing was stored.',
  },
  {
    system: 'storage',
    reported: 'upload-interrupted',
    failure: () => hostedError('storage', 'upload-interrupted'),
    kind: 'unavailable',
    message: 'The upload could not carry on after the pause, so nothing was stored. Please upload the file again.',
  },
  {
    system: 'storage',
    reported: 'storage/quota-exceeded',
    failure: () => firebaseFailure('storage', new StorageError(StorageErrorCode.QUOTA_EXCEEDED, "Quota for bucket 'demo-rnai.appspot.com' exceeded, please view quota on https://firebase.google.com/pricing/.")),
    kind: 'unavailable',
    message: 'The file storage is full. Please delete some old files, then try again.',
  },
  {
    system: 'storage',
    reported: 'file-exists',
    failure: () => hostedError('storage', 'file-exists'),
    kind: 'conflict',
    message: 'A file with this name already exists here. Delete it first, or rename your file and upload it again.',
  },
  {
    system: 'storage',
    reported: 'other',
    failure: () => firebaseFailure('storage', new StorageError(StorageErrorCode.UNKNOWN, 'An unknown error occurred, please check the error payload for server response.')),
    kind: 'unavailable',
    message: 'The file storage could not be reached. Please check your internet connection and try again.',
  },
  {
    system: 'auth',
    reported: 'auth/wrong-password',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/wrong-password', 'Firebase: Error (auth/wrong-password).')),
    kind: 'not-authorised',
    message: signInFailed,
  },
  {
    system: 'auth',
    reported: 'auth/user-not-found',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/user-not-found', 'Firebase: Error (auth/user-not-found).')),
    kind: 'not-authorised',
    message: signInFailed,
  },
  {
    system: 'auth',
    reported: 'auth/invalid-credential',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).')),
    kind: 'not-authorised',
    message: signInFailed,
  },
  {
    system: 'auth',
    reported: 'auth/user-disabled',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/user-disabled', 'Firebase: Error (auth/user-disabled).')),
    kind: 'not-authorised',
    message: signInFailed,
  },
  {
    system: 'auth',
    reported: 'auth/too-many-requests',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/too-many-requests', 'Firebase: Error (auth/too-many-requests).')),
    kind: 'too-many-requests',
    message: 'Too many sign-in attempts. Please wait a while and try again.',
  },
  {
    system: 'auth',
    reported: 'auth/invalid-email',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/invalid-email', 'Firebase: Error (auth/invalid-email).')),
    kind: 'invalid-input',
    message: 'Please enter a valid e-mail address, like name@example.org.',
  },
  {
    system: 'auth',
    reported: 'auth/network-request-failed',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/network-request-failed', 'Firebase: Error (auth/network-request-failed).')),
    kind: 'unavailable',
    message: 'The sign-in service could not be reached. Please check your internet connection and try again.',
  },
  {
    system: 'auth',
    reported: 'auth/email-already-in-use',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/email-already-in-use', 'Firebase: Error (auth/email-already-in-use).')),
    kind: 'conflict',
    message: 'An account with this e-mail address already exists.',
  },
  {
    system: 'auth',
    reported: 'auth/requires-recent-login',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/requires-recent-login', 'Firebase: Error (auth/requires-recent-login).')),
    kind: 'not-authorised',
    message: 'For your safety, please sign out, sign in again and then try once more.',
  },
  {
    system: 'auth',
    reported: 'auth/invalid-verification-code',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/invalid-verification-code', 'Firebase: Error (auth/invalid-verification-code).')),
    kind: 'not-authorised',
    message: 'That code is not right. Please type the 6 numbers your app shows now.',
  },
  {
    system: 'auth',
    reported: 'auth/multi-factor-info-not-found',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/multi-factor-info-not-found', 'Firebase: Error (auth/multi-factor-info-not-found).')),
    kind: 'not-authorised',
    message: 'Signing in took too long. Please enter your e-mail address and password again.',
  },
  {
    system: 'auth',
    reported: 'auth/invalid-multi-factor-session',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/invalid-multi-factor-session', 'Firebase: Error (auth/invalid-multi-factor-session).')),
    kind: 'not-authorised',
    message: 'Signing in took too long. Please enter your e-mail address and password again.',
  },
  {
    system: 'auth',
    reported: 'second-step-not-offered',
    failure: () => hostedError('auth', 'second-step-not-offered'),
    kind: 'not-authorised',
    message:
      'This account signs in with a second step this website cannot offer (a text message). Please ask whoever runs the Firebase project to set up an authenticator app for it instead.',
  },
  {
    system: 'auth',
    reported: 'session-ended',
    failure: () => hostedError('auth', 'session-ended'),
    kind: 'not-authorised',
    message: 'You have been signed out: a sign-in lasts 12 hours, or 2 hours without activity. Please sign in again.',
  },
  {
    system: 'auth',
    reported: 'auth/weak-password',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/weak-password', 'Firebase: Password should be at least 6 characters (auth/weak-password).')),
    kind: 'invalid-input',
    message: 'This password is too short. Please choose a longer one.',
  },
  {
    system: 'auth',
    reported: 'other',
    failure: () => firebaseFailure('auth', new FirebaseError('auth/internal-error', 'Firebase: Error (auth/internal-error).')),
    kind: 'unavailable',
    message: 'Signing in did not work just now. Please try again in a moment.',
  },
  {
    system: 'contentful',
    reported: 'NotFound',
    failure: () => contentfulFailure(Object.assign(new Error('The resource could not be found.'), { sys: { type: 'Error', id: 'NotFound' } })),
    kind: 'not-found',
    message: 'This news post could not be found. It may have been removed.',
  },
  {
    system: 'contentful',
    reported: 'RateLimitExceeded',
    failure: () => contentfulFailure(contentfulApiError('RateLimitExceeded', 429, 'Too Many Requests', 'You have exceeded the rate limit of the Organization this Space belongs to.')),
    kind: 'too-many-requests',
    message: 'The news service is busy just now. Please try again in a minute.',
  },
  {
    system: 'contentful',
    reported: 'ServerError',
    failure: () => contentfulFailure(contentfulApiError('500 Internal Server Error', 500, 'Internal Server Error', '')),
    kind: 'unavailable',
    message: newsNotLoaded,
  },
  {
    system: 'contentful',
    reported: 'Network',
    failure: () => contentfulFailure(Object.assign(new Error('timeout of 3000ms exceeded'), { code: 'ECONNABORTED' })),
    kind: 'unavailable',
    message: newsNotLoaded,
  },
  {
    system: 'contentful',
    reported: 'AccessTokenInvalid',
    failure: () => contentfulFailure(contentfulApiError('AccessTokenInvalid', 401, 'Unauthorized', 'The access token you sent could not be found or is invalid.')),
    kind: 'unavailable',
    message: newsNotLoaded,
  },
  {
    system: 'firestore',
    reported: 'permission-denied',
    failure: () => firebaseFailure('firestore', firestoreError('permission-denied', 'Missing or insufficient permissions.')),
    kind: 'not-authorised',
    message: 'Please sign in as an administrator to do this.',
  },
  {
    system: 'firestore',
    reported: 'resource-exhausted',
    failure: () => firebaseFailure('firestore', firestoreError('resource-exhausted', 'Quota exceeded.')),
    kind: 'too-many-requests',
    message: 'The database is busy just now. Please wait a minute and try again.',
  },
  {
    system: 'firestore',
    reported: 'other',
    failure: () => firebaseFailure('firestore', firestoreError('unavailable', 'Failed to get document because the client is offline.')),
    kind: 'unavailable',
    message: 'The database could not be reached. Please check your internet connection and try again.',
  },
  {
    system: 'contentful',
    reported: 'other',
    failure: () => contentfulFailure(contentfulApiError('BadRequest', 400, 'Bad Request', 'The query you sent was invalid.')),
    kind: 'unavailable',
    message: newsNotLoaded,
  },
];

test.each(cases.map((entry) => ({ ...entry, row: `${entry.system} ${entry.reported}` })))(
  '$row becomes $kind with its text',
  ({ failure, kind, message }) => {
    const error = failure();

    expect(error).toBeInstanceOf(CoreError);
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(message);
  },
);

test('every row of the table has its test above', () => {
  const tested = new Set(cases.map((entry) => `${entry.system} ${entry.reported}`));

  const untested = ERROR_TABLE.map((row) => `${row.system} ${row.reported}`).filter((row) => !tested.has(row));

  expect(untested).toEqual([]);
});

test('the original failure is kept as the cause, for the log', () => {
  const response = emailJsResponse(429, 'Too Many Requests');

  const error = emailJsFailure(response);

  expect(error.cause).toBe(response);
});
