/**
 * The contact form, built on the form block ('./form.setup').
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'sent' (form
 *   cleared, confirmation shown) or 'failed' (what was typed kept, `errorMessage` shown).
 *   A change in 'sent' or 'failed' goes back to 'editing'; a submit there sends again.
 *   'form.again' in 'sent' goes back to an empty form, for another message.
 * Events: 'field.changed' { field: 'name' | 'email' | 'message'; value },
 *   'form.submit' { values? } (values, when given, replace the fields first). A submit
 *   while 'submitting' is ignored, and so are changes, since the inputs are read-only then.
 * Context: `values`, `fieldErrors` (validateContact, or the backend's per-field errors),
 *   `errorMessage` (null unless 'failed').
 * The composition root provides:
 *   actor `submit`: fromPromise with input ContactMessage (trimmed), resolving once the
 *     backend accepted it (e.g. `fromPromise(({ input }) => mail.sendContactMessage(input))`).
 *   actions `focusFieldToFix` (a refused submit) and `focusOutcome` (sent or failed): the view's.
 *   action `log` { level, message, error? } (default: the console, outcomes are logged as well as shown: docs/behaviour.md#failures).
 */
import { assign } from 'xstate';
import { tryAgainIn } from '../domain/try-again';
import { validateContact, type ContactField } from '../domain/validation';
import { toCoreError } from '../domain/core-error';
import type { ContactMessage } from '../domain/contact-message';
import { SUBMIT, VALIDATING, formSetup, notSent, type FormContext } from './form.setup';
import { lazy } from './lazy';

export const CONTACT_CONFIRMATION = 'Thank you. Your message has been received and we will reply as soon as we can.';

/** @internal Outside this file only tests and fakes use it. */
export function contactFailureMessage(error: unknown): string {
  const failure = toCoreError(error);
  if (failure.kind === 'too-many-requests') {
    return `Your message was not sent because too many messages were sent in a short time. ${tryAgainIn(failure.retryAfterSeconds)}`;
  }
  return `Your message was not sent. ${failure.message}`;
}

/** Made on first use (see lazy.ts): only the contact page needs it. */
export const contactMachine = lazy(() =>
  formSetup<ContactField, ContactMessage, void, FormContext<ContactField>, { type: 'form.again' }>({
    empty: { name: '', email: '', message: '' },
    validate: validateContact,
    failureMessage: contactFailureMessage,
  })
    .extend({ actions: { focusOutcome: () => {} } })
    .createMachine({
      id: 'contact',
      initial: 'editing',
      context: { values: { name: '', email: '', message: '' }, fieldErrors: {}, errorMessage: null },
      states: {
        editing: {
          on: { 'field.changed': { actions: 'change' }, 'form.submit': SUBMIT },
        },
        validating: VALIDATING,
        submitting: {
          invoke: {
            src: 'submit',
            input: ({ context }) => ({
              name: context.values.name.trim(),
              email: context.values.email.trim(),
              message: context.values.message.trim(),
            }),
            onDone: {
              target: 'sent',
              actions: ['clear', { type: 'log', params: { level: 'info', message: 'Contact message accepted.' } }, 'focusOutcome'],
            },
            onError: {
              target: 'failed',
              actions: [...notSent('Contact message not sent.'), 'focusOutcome'],
            },
          },
        },
        sent: {
          on: { 'field.changed': { target: 'editing', actions: 'change' }, 'form.submit': SUBMIT, 'form.again': { target: 'editing' } },
        },
        failed: {
          on: {
            'field.changed': { target: 'editing', actions: ['change', assign({ errorMessage: null })] },
            'form.submit': SUBMIT,
          },
        },
      },
    }),
);
