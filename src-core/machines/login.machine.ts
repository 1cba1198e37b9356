/**
 * The administrator's sign-in form, built on the form block ('./form.setup').
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'signedIn'
 *   (final, an administrator) or 'failed' (editable again, with `errorMessage`), or
 *   'secondStep' when the account has two-step sign-in: the second-step machine takes over
 *   there, and 'second-step.cancel' starts again with an empty form. An account that signs in
 *   but is not an administrator starts again with an empty form: the page says why, from the
 *   signed-in user it observes.
 * Events: 'field.changed' { field: 'email' | 'password'; value }, 'form.submit' { values? }
 *   (values, when given, replace the fields first: useful for autofilled forms). A submit
 *   while 'submitting' is ignored, and so are changes.
 * Context: `values`, `fieldErrors` (per field, from validateLogin), `errorMessage` (a
 *   failed sign-in; null otherwise).
 * The composition root provides:
 *   actor `submit`: fromPromise with input Credentials, resolving with the User or the second
 *     step it waits for (e.g. `fromPromise(({ input }) => auth.signIn(input))`); it should
 *     reject with a CoreError.
 *   action `showAdminArea`: the view's way to the admin area.
 *   action `showSecondStep`: the view's, as the sign-in starts waiting for a code (focus the code field).
 *   action `showPasswordStep`: the view's, as 'second-step.cancel' starts again (focus the e-mail field).
 *   actions `focusFieldToFix` (a refused submit) and `focusFailure` (a failed sign-in): the view's.
 */
import { assign } from 'xstate';
import { needsSecondStep, type Credentials, type SignInOutcome } from '../domain/user';
import { toCoreError } from '../domain/core-error';
import { tryAgainIn } from '../domain/try-again';
import { validateLogin, type LoginField } from '../domain/validation';
import { SUBMIT, VALIDATING, formSetup, type FormContext } from './form.setup';

/**
 * What a failed sign-in says: the backend's words, or when to come back after throttling.
 * @internal Outside this file only tests and fakes use it.
 */
export function signInFailureMessage(error: unknown): string {
  const failure = toCoreError(error);
  if (failure.kind === 'too-many-requests') {
    return `Too many sign-in attempts. ${tryAgainIn(failure.retryAfterSeconds)}`;
  }
  return failure.message;
}

export const loginMachine = formSetup<LoginField, Credentials, SignInOutcome, FormContext<LoginField>, { type: 'second-step.cancel' }>({
  empty: { email: '', password: '' },
  validate: validateLogin,
  failureMessage: signInFailureMessage,
})
  .extend({
    actions: {
      showAdminArea: () => {},
      showSecondStep: () => {},
      showPasswordStep: () => {},
      // A refused password is typed again, never sent again by accident.
      clearPassword: assign(({ context }) => ({ values: { ...context.values, password: '' } })),
    },
    guards: {
      isAdministrator: (_, { outcome }: { outcome: SignInOutcome }) => !needsSecondStep(outcome) && outcome.administrator,
      needsSecondStep: (_, { outcome }: { outcome: SignInOutcome }) => needsSecondStep(outcome),
    },
  })
  .createMachine({
    id: 'login',
    initial: 'editing',
    context: { values: { email: '', password: '' }, fieldErrors: {}, errorMessage: null },
    on: {
      'field.changed': { actions: 'change' },
    },
    states: {
      editing: {
        on: { 'form.submit': SUBMIT },
      },
      validating: VALIDATING,
      submitting: {
        on: { 'field.changed': {} },
        invoke: {
          src: 'submit',
          input: ({ context }) => ({ email: context.values.email.trim(), password: context.values.password }),
          onDone: [
            { guard: { type: 'needsSecondStep', params: ({ event }) => ({ outcome: event.output }) }, target: 'secondStep', actions: ['clearPassword', 'showSecondStep'] },
            { guard: { type: 'isAdministrator', params: ({ event }) => ({ outcome: event.output }) }, target: 'signedIn', actions: 'showAdminArea' },
            { target: 'editing', actions: 'clear' },
          ],
          onError: {
            target: 'failed',
            actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'clearPassword', 'focusFailure'],
          },
        },
      },
      failed: {
        on: { 'form.submit': SUBMIT },
      },
      secondStep: {
        on: { 'field.changed': {}, 'second-step.cancel': { target: 'editing', actions: ['clear', 'showPasswordStep'] } },
      },
      signedIn: { type: 'final' },
    },
  });
