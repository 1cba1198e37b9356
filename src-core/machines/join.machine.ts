/**
 * The join form (joining online), built on the form block ('./form.setup').
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'sent' (final for
 *   the page: it goes on to the thanks page) or 'editing' again with the backend's field
 *   messages and `errorMessage` (what was typed is kept).
 * Events: 'field.changed' { field: JoinField; value } (a box: 'yes' or ''), 'form.submit' { values? }.
 * Context: `values`, `fieldErrors` (validateJoinForm, or the backend's per-field errors),
 *   `errorMessage` (the backend's refusal, null otherwise).
 * The composition root provides:
 *   actor `submit`: fromPromise with input MembershipApplication, resolving once the backend accepted it.
 *   actions `focusFieldToFix` (a refused submit, here or by the backend: the first field to fix),
 *   `focusFailure` (a refusal with no field to fix) and `showThanks` (accepted): the view's.
 *   action `log` { level, message, error? } (default: the console).
 */
import { toCoreError } from '../domain/core-error';
import { EMPTY_JOIN_FORM, applicationFrom, validateJoinForm, type JoinField } from '../domain/join-form';
import type { MembershipApplication } from '../ports/membership.port';
import { REFUSED, SUBMIT, VALIDATING, formSetup, notSent } from './form.setup';
import { lazy } from './lazy';

/** What the form says when the backend refuses it. */
function joinFailureMessage(error: unknown): string {
  const failure = toCoreError(error);
  // The server's own words already say to wait, or to look at the messages beside the fields.
  if (failure.kind === 'too-many-requests' || failure.kind === 'invalid-input') return failure.message;
  return `Your application was not sent. ${failure.message} Nothing you typed is lost; please try again in a while.`;
}

/** Made on first use (see lazy.ts): only the join page needs it. */
export const joinMachine = lazy(() =>
  formSetup<JoinField, MembershipApplication, void>({
    empty: EMPTY_JOIN_FORM,
    validate: validateJoinForm,
    failureMessage: joinFailureMessage,
  })
    .extend({
      actions: { showThanks: () => {} },
    })
    .createMachine({
      id: 'join',
      initial: 'editing',
      context: { values: { ...EMPTY_JOIN_FORM }, fieldErrors: {}, errorMessage: null },
      states: {
        editing: {
          on: { 'field.changed': { actions: 'change' }, 'form.submit': SUBMIT },
        },
        validating: VALIDATING,
        submitting: {
          invoke: {
            src: 'submit',
            input: ({ context }) => applicationFrom(context.values),
            onDone: {
              target: 'sent',
              actions: [{ type: 'log', params: { level: 'info', message: 'Membership application accepted.' } }, 'showThanks'],
            },
            onError: { target: 'refused', actions: notSent('Membership application not sent.') },
          },
        },
        refused: REFUSED,
        sent: { type: 'final' },
      },
    }),
);
