/**
 * Deleting one file of the admin page's lists (one actor per listed file).
 *
 * Input: { file: StoredFile }.
 * States: 'idle' -> 'confirming' (ask "Delete …?" using `deleteConfirmation(file)`) ->
 *   'deleting' -> 'deleted' (final: only now does the view drop the file from its list) or
 *   'failed' (`errorMessage`; the file stays listed; 'delete.request' asks again).
 * Events: 'delete.request', 'delete.confirm', 'delete.cancel' (back to 'idle', also from
 *   'failed', which dismisses the message). Repeated confirms while deleting are ignored.
 * Context: file, errorMessage (null unless 'failed').
 * The composition root provides:
 *   actor `deleteFile`: fromPromise with input { fullPath } (e.g.
 *     `fromPromise(({ input }) => storage.deleteFile(input.fullPath))`).
 *   action `onDeleted` { file }: e.g. remove it from the list (default: nothing).
 *   action `log` { level, message, error? } (default: the console).
 */
import { assign, fromPromise, setup } from 'xstate';
import { displayName } from '../domain/files';
import { toCoreError } from '../domain/core-error';
import type { StoredFile } from '../domain/stored-file';
import { logToConsole, type LogParams } from './log';

export interface DeleteInput {
  file: StoredFile;
}

export interface DeleteContext {
  file: StoredFile;
  errorMessage: string | null;
}

export type DeleteEvent = { type: 'delete.request' } | { type: 'delete.confirm' } | { type: 'delete.cancel' };

/** The question the confirmation asks, naming the file as the lists show it. */
export function deleteConfirmation(file: StoredFile): string {
  return `Delete "${displayName(file.name)}"? This cannot be undone.`;
}

export function deleteFailureMessage(error: unknown, file: StoredFile): string {
  const failure = toCoreError(error);
  const name = displayName(file.name);
  switch (failure.kind) {
    case 'not-found':
      return `"${name}" could not be found. It may have been deleted already; reload the page to see the current files.`;
    case 'not-authorised':
      return `"${name}" was not deleted: you are no longer signed in as an administrator. Please sign in again.`;
    default:
      return `"${name}" was not deleted. ${failure.message}`;
  }
}

export const deleteMachine = setup({
  types: {
    input: {} as DeleteInput,
    context: {} as DeleteContext,
    events: {} as DeleteEvent,
  },
  actors: {
    deleteFile: fromPromise<void, { fullPath: string }>(async () => {
      throw new Error('Provide the deleteFile actor.');
    }),
  },
  actions: {
    onDeleted: (_, _params: { file: StoredFile }) => {},
    log: (_, params: LogParams) => logToConsole(params),
  },
}).createMachine({
  id: 'delete',
  context: ({ input }) => ({ file: input.file, errorMessage: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'delete.request': 'confirming' },
    },
    confirming: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'idle' },
    },
    deleting: {
      entry: assign({ errorMessage: null }),
      invoke: {
        src: 'deleteFile',
        input: ({ context }) => ({ fullPath: context.file.fullPath }),
        onDone: {
          target: 'deleted',
          actions: [
            { type: 'onDeleted', params: ({ context }) => ({ file: context.file }) },
            { type: 'log', params: ({ context }) => ({ level: 'info', message: `Deleted ${context.file.fullPath}.` }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ errorMessage: ({ context, event }) => deleteFailureMessage(event.error, context.file) }),
            {
              type: 'log',
              params: ({ context, event }) => ({ level: 'warn', message: `Delete of ${context.file.fullPath} failed.`, error: event.error }),
            },
          ],
        },
      },
    },
    failed: {
      on: {
        'delete.request': 'confirming',
        'delete.cancel': { target: 'idle', actions: assign({ errorMessage: null }) },
      },
    },
    deleted: { type: 'final' },
  },
});
