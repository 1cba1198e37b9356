/**
 * The contact form.
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'sending' -> 'sent' (form
 *   cleared, confirmation shown) or 'failed' (what was typed kept, `errorMessage` shown).
 *   A change in 'sent' or 'failed' goes back to 'editing'; a submit there sends again.
 * Events: 'field.changed' { field: 'name' | 'email' | 'message'; value },
 *   'contact.submit' { values? } (values, when given, replace the fields first). A submit
 *   while 'sending' is ignored, and so are changes, since the inputs are disabled then.
 * Context: `values`, `fieldErrors` (validateContact, or the backend's per-field errors),
 *   `errorMessage` (null unless 'failed').
 * The composition root provides:
 *   actor `sendMessage`: fromPromise with input ContactMessage (trimmed), resolving once the
 *     backend accepted it (e.g. `fromPromise(({ input }) => mail.sendContactMessage(input))`).
 *   action `log` { level, message, error? } (default: the console, as the spec logs outcomes).
 */
import { assign, fromPromise, setup } from 'xstate';
import { tryAgainIn } from '../domain/try-again';
import { hasErrors, validateContact, type ContactField, type FieldErrors } from '../domain/validation';
import { toCoreError } from '../domain/core-error';
import type { ContactMessage } from '../domain/contact-message';
import { logToConsole, type LogParams } from './log';

export const CONTACT_CONFIRMATION = 'Thank you. Your message has been received and we will reply as soon as we can.';

type Values = { name: string; email: string; message: string };

export interface ContactContext {
  values: Values;
  fieldErrors: FieldErrors<ContactField>;
  errorMessage: string | null;
}

export type ContactEvent =
  | { type: 'field.changed'; field: ContactField; value: string }
  | { type: 'contact.submit'; values?: Values };

const EMPTY: Values = { name: '', email: '', message: '' };

export function contactFailureMessage(error: unknown): string {
  const failure = toCoreError(error);
  if (failure.kind === 'too-many-requests') {
    return `Your message was not sent because too many messages were sent in a short time. ${tryAgainIn(failure.retryAfterSeconds)}`;
  }
  return `Your message was not sent. ${failure.message}`;
}

function backendFieldErrors(error: unknown): FieldErrors<ContactField> {
  const fields = toCoreError(error).fieldErrors ?? {};
  return Object.fromEntries(Object.entries(fields).filter(([field]) => field in EMPTY));
}

const submit = { target: 'validating', actions: 'takeSubmittedValues' } as const;

export const contactMachine = setup({
  types: { context: {} as ContactContext, events: {} as ContactEvent },
  actors: {
    sendMessage: fromPromise<void, ContactMessage>(async () => {
      throw new Error('Provide the sendMessage actor.');
    }),
  },
  actions: {
    log: (_, params: LogParams) => logToConsole(params),
    change: assign(({ context, event }) =>
      event.type === 'field.changed' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    takeSubmittedValues: assign(({ event }) =>
      event.type === 'contact.submit' && event.values ? { values: { ...event.values } } : {},
    ),
  },
  guards: {
    hasFieldErrors: ({ context }) => hasErrors(context.fieldErrors),
  },
}).createMachine({
  id: 'contact',
  initial: 'editing',
  context: { values: EMPTY, fieldErrors: {}, errorMessage: null },
  states: {
    editing: {
      on: { 'field.changed': { actions: 'change' }, 'contact.submit': submit },
    },
    validating: {
      entry: assign(({ context }) => ({ fieldErrors: validateContact(context.values), errorMessage: null })),
      always: [{ guard: 'hasFieldErrors', target: 'editing' }, { target: 'sending' }],
    },
    sending: {
      invoke: {
        src: 'sendMessage',
        input: ({ context }) => ({
          name: context.values.name.trim(),
          email: context.values.email.trim(),
          message: context.values.message.trim(),
        }),
        onDone: {
          target: 'sent',
          actions: [
            assign({ values: EMPTY, fieldErrors: {} }),
            { type: 'log', params: { level: 'info', message: 'Contact message accepted.' } },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign(({ event }) => ({
              errorMessage: contactFailureMessage(event.error),
              fieldErrors: backendFieldErrors(event.error),
            })),
            { type: 'log', params: ({ event }) => ({ level: 'warn', message: 'Contact message not sent.', error: event.error }) },
          ],
        },
      },
    },
    sent: {
      on: { 'field.changed': { target: 'editing', actions: 'change' }, 'contact.submit': submit },
    },
    failed: {
      on: {
        'field.changed': { target: 'editing', actions: ['change', assign({ errorMessage: null })] },
        'contact.submit': submit,
      },
    },
  },
});
