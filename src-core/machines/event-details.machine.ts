/**
 * Adding or changing the details of one listed event file (one actor per listed event).
 *
 * Input: { fullPath, timeZone } (the association's zone, which the form's times are read in).
 * States: 'closed' -> 'editing' (the form is open) -> 'saving' -> 'closed' (`saved` true, the
 *   view says so) or back to 'editing' with `errorMessage` (and `fieldErrors` from the backend).
 * Events: 'details.edit' (open the form; clears `saved`), 'details.cancel' (close, nothing sent),
 *   'details.save' { form } (the form as typed: checked here with the core's rules; refused boxes
 *   keep their messages and nothing is sent, otherwise the details (none removes them) are saved).
 *   Saves while saving are ignored.
 * Context: fullPath, timeZone, fieldErrors (by the form's boxes), errorMessage, saved.
 * The composition root provides:
 *   actor `saveDetails`: fromPromise with input { fullPath, details } (e.g.
 *     `fromPromise(({ input }) => events.saveDetails(input.fullPath, input.details))`).
 *   action `onSaved`: e.g. forget cached event pages (default: nothing).
 *   actions the view provides: `focusEditor` (the form opened), `focusOpenButton` (it closed),
 *     `focusFieldToFix` (a refused save).
 *   action `log` { level, message, error? } (default: the console).
 */
import { assign, setup } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError } from '../domain/core-error';
import type { EventDetails } from '../domain/event-details';
import { eventDetailsFromForm, type EventDetailsForm, type EventFormField } from '../domain/event-details-form';
import { hasErrors, type FieldErrors } from '../domain/validation';
import { logToConsole, type LogParams } from './log';

export interface EventDetailsInput {
  fullPath: string;
  timeZone: string;
}

export interface EventDetailsContext extends EventDetailsInput {
  fieldErrors: FieldErrors<EventFormField>;
  errorMessage: string | null;
  saved: boolean;
}

/** `branch`: the id of the branch holding the event, null for a national one; absent where the backend keeps no branches. */
export type EventDetailsEvent = { type: 'details.edit' } | { type: 'details.cancel' } | { type: 'details.save'; form: EventDetailsForm; branch?: string | null };

export interface SaveDetailsInput {
  fullPath: string;
  details: EventDetails | null;
  branch?: string | null;
}

/** @internal Outside this file only tests and fakes use it. */
export const DETAILS_NOT_VALID = 'Please check the details marked below. Nothing was saved.';

// A refusal ('not-authorised') says why in the backend's words, as a form does: signed out, or a
// branch officer whose event was moved to another branch meanwhile.
function saveFailureMessage(error: unknown): string {
  const failure = toCoreError(error);
  if (failure.kind === 'not-found') return 'The details were not saved: this event file could not be found. It may have been deleted.';
  return `The details were not saved. ${failure.message}`;
}

/** The backend names only the start and the end: its messages go beside their date boxes. */
function backendFieldErrors(error: unknown): FieldErrors<EventFormField> {
  const { start, end, ...rest } = toCoreError(error).fieldErrors ?? {};
  return { ...rest, ...(start === undefined ? {} : { startDate: start }), ...(end === undefined ? {} : { endDate: end }) };
}

const checked = (context: EventDetailsContext, event: EventDetailsEvent) =>
  event.type === 'details.save' ? eventDetailsFromForm(event.form, context.timeZone) : { details: null, errors: {} };

const cleared = { fieldErrors: {}, errorMessage: null };

export const eventDetailsMachine = setup({
  types: {
    input: {} as EventDetailsInput,
    context: {} as EventDetailsContext,
    events: {} as EventDetailsEvent,
  },
  actors: {
    saveDetails: toProvide<unknown, SaveDetailsInput>('saveDetails'),
  },
  actions: {
    onSaved: () => {},
    focusEditor: () => {},
    focusOpenButton: () => {},
    focusFieldToFix: () => {},
    log: (_, params: LogParams) => logToConsole(params),
  },
  guards: {
    refused: ({ context, event }) => hasErrors(checked(context, event).errors),
  },
}).createMachine({
  id: 'eventDetails',
  context: ({ input }) => ({ ...input, ...cleared, saved: false }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'details.edit': { target: 'editing', actions: [assign({ ...cleared, saved: false }), 'focusEditor'] } },
    },
    editing: {
      on: {
        'details.cancel': { target: 'closed', actions: [assign(cleared), 'focusOpenButton'] },
        'details.save': [
          {
            guard: 'refused',
            actions: [assign({ fieldErrors: ({ context, event }) => checked(context, event).errors, errorMessage: DETAILS_NOT_VALID }), 'focusFieldToFix'],
          },
          { target: 'saving', actions: assign(cleared) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveDetails',
        input: ({ context, event }) => ({
          fullPath: context.fullPath,
          details: checked(context, event).details,
          ...(event.type === 'details.save' && event.branch !== undefined ? { branch: event.branch } : {}),
        }),
        onDone: {
          target: 'closed',
          actions: [
            assign({ saved: true }),
            'onSaved',
            { type: 'log', params: ({ context }) => ({ level: 'info', message: `Saved the details of ${context.fullPath}.` }) },
            'focusOpenButton',
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ errorMessage: ({ event }) => saveFailureMessage(event.error), fieldErrors: ({ event }) => backendFieldErrors(event.error) }),
            { type: 'log', params: ({ event }) => ({ level: 'warn', message: 'Saving event details failed.', error: event.error }) },
          ],
        },
      },
    },
  },
});
