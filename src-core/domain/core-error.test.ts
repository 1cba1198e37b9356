import { expect, test } from 'vitest';
import { CoreError, isCoreError, toCoreError } from './core-error';

test('a core error carries its kind, message, retry time, field messages and cause', () => {
  const cause = new Error('socket hang up');

  const error = new CoreError('too-many-requests', 'Too many attempts.', {
    retryAfterSeconds: 900,
    fieldErrors: { email: 'Please enter your e-mail address.' },
    cause,
  });

  expect(error).toBeInstanceOf(Error);
  expect(error.name).toBe('CoreError');
  expect(error.kind).toBe('too-many-requests');
  expect(error.message).toBe('Too many attempts.');
  expect(error.retryAfterSeconds).toBe(900);
  expect(error.fieldErrors).toEqual({ email: 'Please enter your e-mail address.' });
  expect(error.cause).toBe(cause);
});

test('a core error without details has no retry time, field messages or cause', () => {
  const error = new CoreError('not-found', 'No such post.');

  expect(error.retryAfterSeconds).toBeUndefined();
  expect(error.fieldErrors).toBeUndefined();
  expect('cause' in error).toBe(false);
});

test('isCoreError tells core errors from other values, and checks the kind when one is given', () => {
  const conflict = new CoreError('conflict', 'Exists.');

  expect(isCoreError(conflict)).toBe(true);
  expect(isCoreError(conflict, 'conflict')).toBe(true);
  expect(isCoreError(conflict, 'not-found')).toBe(false);
  expect(isCoreError(new Error('plain'))).toBe(false);
  expect(isCoreError({ kind: 'conflict', message: 'look-alike' })).toBe(false);
  expect(isCoreError(undefined)).toBe(false);
});

test('toCoreError keeps a core error as it is', () => {
  const original = new CoreError('invalid-input', 'Bad name.');

  expect(toCoreError(original)).toBe(original);
});

test('toCoreError turns anything else into an unavailable error that keeps the original as its cause', () => {
  const thrown = new TypeError('Failed to fetch');

  const withDefault = toCoreError(thrown);
  const withMessage = toCoreError('odd', 'The news could not be loaded.');

  expect(withDefault.kind).toBe('unavailable');
  expect(withDefault.message).toBe('The service is not available right now. Please try again.');
  expect(withDefault.cause).toBe(thrown);
  expect(withMessage.kind).toBe('unavailable');
  expect(withMessage.message).toBe('The news could not be loaded.');
  expect(withMessage.cause).toBe('odd');
});
