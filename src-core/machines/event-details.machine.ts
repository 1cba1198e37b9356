/**
 * Adding or changing the details of one listed event file (one actor per listed event).
 *
 * Input: { fullPath }.
 * States: 'closed' -> 'editing' (the form is open) -> 'saving' -> 'closed' (`saved` true, the
 *   view says so) or back to 'editing' with `errorMessage` (and `fieldErrors` from the backend).
 * Events: 'details.edit' (open the form; clears `saved`), 'details.cancel' (close, nothing sent),
 *   'details.save' { details, fieldErrors } (the view's check of the form: with fieldErrors
 *   nothing is sent and they are kept for the form; otherwise `details` (null removes them) are
 *   saved). Saves while saving are ignored.
 * Context: fullPath, fieldErrors, errorMessage, saved.
 * The composition root provides:
 *   actor `saveDetails`: fromPromise with input { fullPath, details } (e.g.
 *     `fromPromise(({ input }) => events.saveDetails(input.fullPath, input.details))`).
 *   action `onSaved`: e.g. forget cached event pages (default: nothing).
 *   action `log` { level, message, error? } (default: the console).
 */
import { assign, fromPromise, setup } from 'xstate';
import { toCoreError } from '../domain/core-error';
import type { EventDetails } from '../domain/event-details';
import { logToConsole, type LogParams } from './log';

export interface EventDetailsInput {
  fullPath: string;
}

export interface EventDetailsContext {
  fullPath: string;
  fieldErrors: Readonly<Record<string, string>>;
  errorMessage: string | null;
  saved: boolean;
}

export type EventDetailsEvent =
  | { type: 'details.edit' }
  | { type: 'details.cancel' }
  | { type: 'details.save'; details: EventDetails | null; fieldErrors: Readonly<Record<string, string>> };

export const DETAILS_NOT_VALID = 'Please check the details marked below. Nothing was saved.';

function saveFailureMessage(error: unknown): string {
  const failure = toCoreError(error);
  if (failure.kind === 'not-authorised') return 'The details were not saved: you are no longer signed in as an administrator. Please sign in again.';
  if (failure.kind === 'not-found') return 'The details were not saved: this event file could not be found. It may have been deleted.';
  return `The details were not saved. ${failure.message}`;
}

export const eventDetailsMachine = setup({
  types: {
    input: {} as EventDetailsInput,
    context: {} as EventDetailsContext,
    events: {} as EventDetailsEvent,
  },
  actors: {
    saveDetails: fromPromise<unknown, { fullPath: string; details: EventDetails | null }>(async () => {
      throw new Error('Provide the saveDetails actor.');
    }),
  },
  actions: {
    onSaved: () => {},
    log: (_, params: LogParams) => logToConsole(params),
  },
  guards: {
    refused: ({ event }) => event.type === 'details.save' && Object.keys(event.fieldErrors).length > 0,
  },
}).createMachine({
  id: 'eventDetails',
  context: ({ input }) => ({ fullPath: input.fullPath, fieldErrors: {}, errorMessage: null, saved: false }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'details.edit': { target: 'editing', actions: assign({ saved: false, fieldErrors: {}, errorMessage: null }) } },
    },
    editing: {
      on: {
        'details.cancel': { target: 'closed', actions: assign({ fieldErrors: {}, errorMessage: null }) },
        'details.save': [
          { guard: 'refused', actions: assign({ fieldErrors: ({ event }) => event.fieldErrors, errorMessage: DETAILS_NOT_VALID }) },
          { target: 'saving', actions: assign({ fieldErrors: {}, errorMessage: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveDetails',
        input: ({ context, event }) => ({ fullPath: context.fullPath, details: event.type === 'details.save' ? event.details : null }),
        onDone: {
          target: 'closed',
          actions: [
            assign({ saved: true }),
            'onSaved',
            { type: 'log', params: ({ context }) => ({ level: 'info', message: `Saved the details of ${context.fullPath}.` }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({
              errorMessage: ({ event }) => saveFailureMessage(event.error),
              fieldErrors: ({ event }) => toCoreError(event.error).fieldErrors ?? {},
            }),
            { type: 'log', params: ({ event }) => ({ level: 'warn', message: 'Saving event details failed.', error: event.error }) },
          ],
        },
      },
    },
  },
});
