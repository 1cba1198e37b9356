/**
 * A post's picture on its way to the server: chosen, sent and prepared (the server makes its
 * sizes, which takes a few seconds), then handed to the posts machine through `onPrepared`.
 *
 * States: 'idle' (initial; `refusal` says why the last one was not accepted, or null) ->
 *   'preparing' -> 'idle'.
 * Events: 'picture.chosen' { file }, 'picture.cancel' (while preparing: the picture is dropped).
 * The composition root provides:
 *   actor `prepare`: fromPromise with input Blob, resolving with the PreparedPicture.
 *   action `onPrepared` { picture }: e.g. tell the posts machine (posts.machine.ts).
 *   action `focusRefusal`: the view's, after a refusal.
 */
import { assign, setup } from 'xstate';
import { toCoreError } from '../domain/core-error';
import type { PreparedPicture } from '../domain/post-picture';
import { toProvide } from './to-provide';

export interface PictureContext {
  refusal: string | null;
}

export type PictureEvent = { type: 'picture.chosen'; file: Blob } | { type: 'picture.cancel' };

export const pictureMachine = setup({
  types: { context: {} as PictureContext, events: {} as PictureEvent },
  actors: { prepare: toProvide<PreparedPicture, Blob>('prepare') },
  actions: {
    onPrepared: (_, _params: { picture: PreparedPicture }) => {},
    focusRefusal: () => {},
    forgetRefusal: assign({ refusal: null }),
    refuse: assign((_, { error }: { error: unknown }) => ({ refusal: `The picture was not added. ${toCoreError(error).message}` })),
  },
}).createMachine({
  id: 'picture',
  initial: 'idle',
  context: { refusal: null },
  states: {
    idle: {
      on: { 'picture.chosen': { target: 'preparing', actions: 'forgetRefusal' } },
    },
    preparing: {
      on: { 'picture.cancel': 'idle' },
      invoke: {
        src: 'prepare',
        input: ({ event }) => (event.type === 'picture.chosen' ? event.file : new Blob([])),
        onDone: { target: 'idle', actions: { type: 'onPrepared', params: ({ event }) => ({ picture: event.output }) } },
        onError: { target: 'idle', actions: [{ type: 'refuse', params: ({ event }) => ({ error: event.error }) }, 'focusRefusal'] },
      },
    },
  },
});
