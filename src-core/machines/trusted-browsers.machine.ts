/**
 * Stopping trust in one browser (the Account page's trusted browsers). The list itself is route
 * data; this is the flow around one 'Stop trusting'.
 *
 * States: 'ready' (initial) -'trust.end' { id }-> 'ending' -> 'ready', with `notice` (and the
 *   `ended` action, which loads the list again) or `errorMessage`.
 * The composition root provides:
 *   actor `end`: input the browser's id, from the account port.
 *   actions `ended` (the list loads again), `focusNotice` and `focusFailure` (the view's).
 */
import { assign, fromPromise, setup } from 'xstate';
import { toCoreError } from '../domain/core-error';

export interface TrustedBrowsersContext {
  notice: string | null;
  errorMessage: string | null;
}

export type TrustedBrowsersEvent = { type: 'trust.end'; id: string };

const TRUST_ENDED = 'That browser is no longer trusted. Signing in there will ask for a code from your app again.';

export const trustedBrowsersMachine = setup({
  types: { context: {} as TrustedBrowsersContext, events: {} as TrustedBrowsersEvent },
  actors: {
    end: fromPromise<void, string>(async () => {
      throw new Error('Provide the end actor.');
    }),
  },
  actions: {
    ended: () => {},
    focusNotice: () => {},
    focusFailure: () => {},
  },
}).createMachine({
  id: 'trustedBrowsers',
  initial: 'ready',
  context: { notice: null, errorMessage: null },
  states: {
    ready: {
      on: { 'trust.end': { target: 'ending', actions: assign({ notice: null, errorMessage: null }) } },
    },
    ending: {
      invoke: {
        src: 'end',
        input: ({ event }) => event.id,
        onDone: { target: 'ready', actions: [assign({ notice: TRUST_ENDED }), 'ended', 'focusNotice'] },
        onError: { target: 'ready', actions: [assign({ errorMessage: ({ event }) => toCoreError(event.error).message }), 'focusFailure'] },
      },
    },
  },
});
