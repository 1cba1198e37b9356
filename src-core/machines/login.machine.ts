/**
 * The administrator's sign-in form.
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'success' (final)
 *   or 'failure' (editable again, with `errorMessage`).
 * Events: 'field.changed' { field: 'email' | 'password'; value }, 'login.submit' { values? }
 *   (values, when given, replace the fields first: useful for autofilled forms). A submit
 *   while 'submitting' is ignored.
 * Context: `values`, `fieldErrors` (per field, from validateLogin), `errorMessage` (a
 *   failed sign-in; null otherwise), `user` (once signed in).
 * The composition root provides:
 *   actor `signIn`: fromPromise with input Credentials, resolving with the User
 *     (e.g. `fromPromise(({ input }) => auth.signIn(input))`); it should reject with a CoreError.
 *   action `onSignedIn` { user }: e.g. navigate to /admin (default: nothing).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Credentials, User } from '../domain/user';
import { toCoreError } from '../domain/core-error';
import { tryAgainIn } from '../domain/try-again';
import { hasErrors, validateLogin, type FieldErrors, type LoginField } from '../domain/validation';

export interface LoginContext {
  values: { email: string; password: string };
  fieldErrors: FieldErrors<LoginField>;
  errorMessage: string | null;
  user: User | null;
}

export type LoginEvent =
  | { type: 'field.changed'; field: LoginField; value: string }
  | { type: 'login.submit'; values?: { email: string; password: string } };

/** What a failed sign-in says: the backend's words, or when to come back after throttling. */
export function signInFailureMessage(error: unknown): string {
  const failure = toCoreError(error);
  if (failure.kind === 'too-many-requests') {
    return `Too many sign-in attempts. ${tryAgainIn(failure.retryAfterSeconds)}`;
  }
  return failure.message;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    signIn: fromPromise<User, Credentials>(async () => {
      throw new Error('Provide the signIn actor.');
    }),
  },
  actions: {
    onSignedIn: (_, _params: { user: User }) => {},
    change: assign(({ context, event }) =>
      event.type === 'field.changed' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    takeSubmittedValues: assign(({ event }) =>
      event.type === 'login.submit' && event.values ? { values: { ...event.values } } : {},
    ),
  },
  guards: {
    hasFieldErrors: ({ context }) => hasErrors(context.fieldErrors),
  },
}).createMachine({
  id: 'login',
  initial: 'editing',
  context: { values: { email: '', password: '' }, fieldErrors: {}, errorMessage: null, user: null },
  on: {
    'field.changed': { actions: 'change' },
  },
  states: {
    editing: {
      on: { 'login.submit': { target: 'validating', actions: 'takeSubmittedValues' } },
    },
    validating: {
      entry: assign(({ context }) => ({ fieldErrors: validateLogin(context.values), errorMessage: null })),
      always: [{ guard: 'hasFieldErrors', target: 'editing' }, { target: 'submitting' }],
    },
    submitting: {
      on: { 'field.changed': {} },
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ email: context.values.email.trim(), password: context.values.password }),
        onDone: {
          target: 'success',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'onSignedIn', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: 'failure',
          actions: assign(({ context, event }) => ({
            errorMessage: signInFailureMessage(event.error),
            values: { ...context.values, password: '' },
          })),
        },
      },
    },
    failure: {
      on: { 'login.submit': { target: 'validating', actions: 'takeSubmittedValues' } },
    },
    success: { type: 'final' },
  },
});
