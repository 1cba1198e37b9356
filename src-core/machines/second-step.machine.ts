/**
 * The second step of signing in (two-step sign-in), built on the form block ('./form.setup'):
 * one field, the code from the authenticator app or a recovery code.
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'signedIn'
 *   (final, an administrator), or 'failed' (the code was refused: typed again, with
 *   `errorMessage`). A signed-in account that is not an administrator starts again with an
 *   empty field; the page says why, from the user it observes.
 * Events: 'field.changed' { field: 'code'; value }, 'form.submit' { values? }.
 * The composition root provides:
 *   actor `submit`: fromPromise with input the code, resolving with the User
 *     (e.g. `fromPromise(({ input }) => auth.completeSecondStep(input))`).
 *   action `showAdminArea`; actions `focusFieldToFix` and `focusFailure`: the view's.
 */
import { assign } from 'xstate';
import type { User } from '../domain/user';
import { tryAgainIn } from '../domain/try-again';
import { toCoreError } from '../domain/core-error';
import type { FieldErrors } from '../domain/validation';
import { SUBMIT, VALIDATING, formSetup } from './form.setup';

type CodeField = 'code';

function validateCode(values: { code: string }): FieldErrors<CodeField> {
  return values.code.trim() === '' ? { code: 'Please type the 6 numbers your app shows, or one of your recovery codes.' } : {};
}

function codeFailureMessage(error: unknown): string {
  const failure = toCoreError(error);
  return failure.kind === 'too-many-requests' ? `Too many wrong codes. ${tryAgainIn(failure.retryAfterSeconds)}` : failure.message;
}

export const secondStepMachine = formSetup<CodeField, string, User>({
  empty: { code: '' },
  validate: validateCode,
  failureMessage: codeFailureMessage,
})
  .extend({
    actions: {
      showAdminArea: () => {},
      // A refused code is typed afresh: the app shows a new one every 30 seconds.
      clearCode: assign(() => ({ values: { code: '' } })),
    },
    guards: {
      isAdministrator: (_, { user }: { user: User }) => user.administrator,
    },
  })
  .createMachine({
    id: 'secondStep',
    initial: 'editing',
    context: { values: { code: '' }, fieldErrors: {}, errorMessage: null },
    on: { 'field.changed': { actions: 'change' } },
    states: {
      editing: { on: { 'form.submit': SUBMIT } },
      validating: VALIDATING,
      submitting: {
        on: { 'field.changed': {} },
        invoke: {
          src: 'submit',
          input: ({ context }) => context.values.code.trim(),
          onDone: [
            { guard: { type: 'isAdministrator', params: ({ event }) => ({ user: event.output }) }, target: 'signedIn', actions: 'showAdminArea' },
            { target: 'editing', actions: 'clear' },
          ],
          onError: {
            target: 'failed',
            actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'clearCode', 'focusFailure'],
          },
        },
      },
      failed: { on: { 'form.submit': SUBMIT } },
      signedIn: { type: 'final' },
    },
  });
