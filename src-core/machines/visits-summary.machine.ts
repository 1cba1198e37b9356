/**
 * The 'Visits' page's choice of the monthly summary by e-mail: one checkbox, saved as it changes.
 * What the server holds comes with the page's route data; this is the flow around one change.
 *
 * States: 'ready' (initial) -'summary.choose' { wanted }-> 'saving' -> 'ready', with `notice`
 *   (and the `saved` action, which loads the page's data again) or `errorMessage`.
 * The composition root provides:
 *   actor `save`: input whether the summary is wanted, from the visits port.
 *   actions `saved`, and `focusFailure` (the view's).
 */
import { assign, fromPromise, setup } from 'xstate';
import { toCoreError } from '../domain/core-error';

export interface VisitsSummaryContext {
  /** What was asked for last; null until the administrator changes it. */
  wanted: boolean | null;
  notice: string | null;
  errorMessage: string | null;
}

export type VisitsSummaryEvent = { type: 'summary.choose'; wanted: boolean };

const noticeFor = (wanted: boolean) =>
  wanted ? 'Saved. The summary will be e-mailed to you on the 1st of each month.' : 'Saved. You will no longer get the monthly summary.';

export const visitsSummaryMachine = setup({
  types: { context: {} as VisitsSummaryContext, events: {} as VisitsSummaryEvent },
  actors: {
    save: fromPromise<void, boolean>(async () => {
      throw new Error('Provide the save actor.');
    }),
  },
  actions: {
    saved: () => {},
    focusFailure: () => {},
  },
}).createMachine({
  id: 'visitsSummary',
  initial: 'ready',
  context: { wanted: null, notice: null, errorMessage: null },
  states: {
    ready: {
      on: { 'summary.choose': { target: 'saving', actions: assign({ wanted: ({ event }) => event.wanted, notice: null, errorMessage: null }) } },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => context.wanted === true,
        onDone: { target: 'ready', actions: [assign({ notice: ({ context }) => noticeFor(context.wanted === true) }), 'saved'] },
        onError: {
          target: 'ready',
          actions: [assign({ wanted: ({ context }) => !(context.wanted === true), errorMessage: ({ event }) => toCoreError(event.error).message }), 'focusFailure'],
        },
      },
    },
  },
});
