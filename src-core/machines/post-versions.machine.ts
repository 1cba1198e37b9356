/**
 * A post's earlier versions in the editor: loaded when asked for, one shown at a time, and one
 * restored (saved again as the newest version) on request.
 *
 * Input: { postId }.
 * States: 'closed' (initial) -> 'loading' -> 'listing' <-> 'restoring'; 'failed' when the list
 *   could not be loaded ('versions.open' tries again).
 * Events: 'versions.open', 'versions.close', 'version.show' { number } (shows that version's
 *   text; the same number again hides it), 'version.restore' { number }.
 * Context: `postId`, `versions` (newest first), `shown` (the version whose text shows, or null),
 *   `errorMessage`, `notice` (what the last restore did).
 * The composition root provides:
 *   actors `loadVersions` (input: postId; resolves with PostVersion[]) and `restoreVersion`
 *     (input: { postId, number }; resolves with the saved Post).
 *   action `onRestored` { post }: e.g. reload the lists and put the restored text in the editor.
 *   action `focusNotice`: the view's, after a restore or a refusal.
 */
import { assign, setup } from 'xstate';
import { toCoreError } from '../domain/core-error';
import type { Post, PostVersion } from '../domain/post';
import { toProvide } from './to-provide';

export interface PostVersionsContext {
  postId: string;
  versions: PostVersion[];
  shown: number | null;
  /** The version being restored, or last restored. */
  restoring: number | null;
  errorMessage: string | null;
  notice: string | null;
}

export type PostVersionsEvent =
  | { type: 'versions.open' }
  | { type: 'versions.close' }
  | { type: 'version.show'; number: number }
  | { type: 'version.restore'; number: number };

export interface RestoreInput {
  readonly postId: string;
  readonly number: number;
}

export const postVersionsMachine = setup({
  types: {
    context: {} as PostVersionsContext,
    events: {} as PostVersionsEvent,
    input: {} as { postId: string },
  },
  actors: {
    loadVersions: toProvide<PostVersion[], string>('loadVersions'),
    restoreVersion: toProvide<Post, RestoreInput>('restoreVersion'),
  },
  actions: {
    onRestored: (_, _params: { post: Post }) => {},
    focusNotice: () => {},
    toggleShown: assign(({ context, event }) => (event.type === 'version.show' ? { shown: context.shown === event.number ? null : event.number } : {})),
  },
}).createMachine({
  id: 'postVersions',
  initial: 'closed',
  context: ({ input }) => ({ postId: input.postId, versions: [], shown: null, restoring: null, errorMessage: null, notice: null }),
  states: {
    closed: {
      on: { 'versions.open': 'loading' },
    },
    loading: {
      invoke: {
        src: 'loadVersions',
        input: ({ context }) => context.postId,
        onDone: { target: 'listing', actions: assign(({ event }) => ({ versions: event.output, errorMessage: null })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ errorMessage: `The earlier versions could not be loaded. ${toCoreError(event.error).message}` })),
        },
      },
    },
    failed: {
      on: { 'versions.open': 'loading', 'versions.close': 'closed' },
    },
    listing: {
      on: {
        'versions.close': { target: 'closed', actions: assign({ shown: null, notice: null }) },
        'version.show': { actions: 'toggleShown' },
        'version.restore': {
          target: 'restoring',
          actions: assign(({ event }) => ({ restoring: event.number, notice: null, errorMessage: null })),
        },
      },
    },
    restoring: {
      invoke: {
        src: 'restoreVersion',
        input: ({ context }) => ({ postId: context.postId, number: context.restoring ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [
            assign(({ event, context }) => ({
              notice: `Version ${context.restoring ?? ''} was restored: "${event.output.title}" is saved again as the newest version.`,
              shown: null,
            })),
            { type: 'onRestored', params: ({ event }) => ({ post: event.output }) },
            'focusNotice',
          ],
        },
        onError: {
          target: 'listing',
          actions: [
            assign(({ event, context }) => ({ errorMessage: `Version ${context.restoring ?? ''} was not restored. ${toCoreError(event.error).message}` })),
            'focusNotice',
          ],
        },
      },
    },
  },
});
