import { expect } from 'vitest';
import { CoreError, type CoreErrorKind } from '../../src-core/domain/core-error';

/** Awaits a promise that must fail with the core's error of a given kind, and returns that error. */
export async function rejectsWithKind(promise: Promise<unknown>, kind: CoreErrorKind): Promise<CoreError> {
  const outcome = await promise.then(
    (value: unknown) => ({ settled: 'resolved' as const, value }),
    (error: unknown) => ({ settled: 'rejected' as const, error }),
  );
  if (outcome.settled === 'resolved') throw new Error(`Expected a CoreError '${kind}', but it resolved.`);
  expect(outcome.error).toBeInstanceOf(CoreError);
  const error = outcome.error as CoreError;
  expect(error.kind).toBe(kind);
  expect(error.message.trim()).not.toBe('');
  return error;
}

/**
 * Awaits a promise that must fail with the core's error, and returns it for the test to look at.
 * Known by its name, as the SDK adapters' errors are checked where they are made.
 */
export async function failureOf(promise: Promise<unknown>): Promise<CoreError> {
  const error: unknown = await promise.then(
    () => new Error('it succeeded'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error) || error.name !== 'CoreError') throw error;
  return error as CoreError;
}
