/**
 * Deleting one listed thing of the admin page: a stored file or a news post (one actor each).
 *
 * Input: { file: StoredFile } or { post: Post }.
 * States: 'idle' -> 'confirming' (ask `deleteConfirmation(input)`) -> 'deleting' -> 'deleted'
 *   (final: only now may the view drop it from its list) or 'failed' (`errorMessage`; it stays
 *   listed; 'delete.request' asks again).
 * Events: 'delete.request', 'delete.confirm', 'delete.cancel' (back to 'idle', also from
 *   'failed', which dismisses the message). Repeated confirms while deleting are ignored.
 * Context: `item` (the input), errorMessage (null unless 'failed').
 * The composition root provides:
 *   actor `deleteItem`: fromPromise with the input as its input (e.g. a file's
 *     `storage.deleteFile(input.file.fullPath)`).
 *   action `onDeleted`: e.g. reload the lists that showed it (default: nothing).
 *   action `focusDeleteButton`, when the question goes away without a deletion (kept, or
 *     failed), so keyboard users are back where they asked: the view's (see './form.setup').
 *   action `log` { level, message, error? } (default: the console).
 */
import { assign, setup } from 'xstate';
import { toProvide } from './to-provide';
import { displayName } from '../domain/files';
import { toCoreError } from '../domain/core-error';
import type { Post } from '../domain/post';
import type { StoredFile } from '../domain/stored-file';
import { logToConsole, type LogParams } from './log';

export type DeleteItem = { file: StoredFile } | { post: Post };

export interface DeleteContext {
  item: DeleteItem;
  errorMessage: string | null;
}

export type DeleteEvent = { type: 'delete.request' } | { type: 'delete.confirm' } | { type: 'delete.cancel' };

/**
 * How the lists name it: a file without its extension, a post by its title.
 * @internal Outside this file only tests and fakes use it.
 */
export function deletedName(item: DeleteItem): string {
  return 'file' in item ? displayName(item.file.name) : item.post.title;
}

/** The question the confirmation asks, naming what would go. */
export function deleteConfirmation(item: DeleteItem): string {
  return 'file' in item
    ? `Delete "${deletedName(item)}"? This cannot be undone.`
    : `Delete the post "${deletedName(item)}"? This cannot be undone.`;
}

/** @internal Outside this file only tests and fakes use it. */
export function deleteFailureMessage(error: unknown, item: DeleteItem): string {
  const failure = toCoreError(error);
  const name = deletedName(item);
  if ('post' in item) return `"${name}" was not deleted. ${failure.message}`;
  switch (failure.kind) {
    case 'not-found':
      return `"${name}" could not be found. It may have been deleted already; reload the page to see the current files.`;
    default:
      // A refusal ('not-authorised') says why in the backend's words, as a form does: signed out,
      // or signed in with a role that does not cover this (a branch officer's file moved to
      // another branch meanwhile).
      return `"${name}" was not deleted. ${failure.message}`;
  }
}

/** Where the log says it was: a file's path, or the post's id. */
function logName(item: DeleteItem): string {
  return 'file' in item ? item.file.fullPath : `post ${item.post.id}`;
}

export const deleteMachine = setup({
  types: {
    input: {} as DeleteItem,
    context: {} as DeleteContext,
    events: {} as DeleteEvent,
  },
  actors: {
    deleteItem: toProvide<void, DeleteItem>('deleteItem'),
  },
  actions: {
    onDeleted: () => {},
    focusDeleteButton: () => {},
    log: (_, params: LogParams) => logToConsole(params),
  },
}).createMachine({
  id: 'delete',
  context: ({ input }) => ({ item: input, errorMessage: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'delete.request': 'confirming' },
    },
    confirming: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': { target: 'idle', actions: 'focusDeleteButton' } },
    },
    deleting: {
      entry: assign({ errorMessage: null }),
      invoke: {
        src: 'deleteItem',
        input: ({ context }) => context.item,
        onDone: {
          target: 'deleted',
          actions: ['onDeleted', { type: 'log', params: ({ context }) => ({ level: 'info', message: `Deleted ${logName(context.item)}.` }) }],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ errorMessage: ({ context, event }) => deleteFailureMessage(event.error, context.item) }),
            {
              type: 'log',
              params: ({ context, event }) => ({ level: 'warn', message: `Delete of ${logName(context.item)} failed.`, error: event.error }),
            },
            'focusDeleteButton',
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
