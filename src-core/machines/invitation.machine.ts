/**
 * The page an invitation e-mail links to: it says who the invitation is for, and its button
 * makes the account with the password chosen. Opening the link changes nothing (mail scanners
 * open links); only the button does.
 *
 * States: 'checking' (initial, looks the link up) -> 'ready' | 'refused' (used, expired or not
 *   known: `errorMessage` says so); 'ready' -'invitation.accept' { password }-> 'accepting' ->
 *   'accepted' (final, with the `accepted` action) | 'ready' with `errorMessage` (and
 *   `passwordError`) | 'refused' when the link stopped working meanwhile.
 * The composition root provides:
 *   actors `lookUp` (input the token) and `accept`, from the team port.
 *   actions `accepted` (goes on to the admin area), `focusFailure` (the view's).
 */
import { assign, fromPromise, setup } from 'xstate';
import { toCoreError } from '../domain/core-error';
import type { InvitationDetails } from '../domain/team';
import { validatePassword } from '../domain/validation';

export interface InvitationContext {
  token: string;
  details: InvitationDetails | null;
  password: string;
  errorMessage: string | null;
  passwordError: string | null;
}

export type InvitationEvent = { type: 'invitation.accept'; password: string };

export const invitationMachine = setup({
  types: { context: {} as InvitationContext, events: {} as InvitationEvent, input: {} as { token: string } },
  actors: {
    lookUp: fromPromise<InvitationDetails, string>(async () => {
      throw new Error('Provide the lookUp actor.');
    }),
    accept: fromPromise<unknown, { token: string; password: string }>(async () => {
      throw new Error('Provide the accept actor.');
    }),
  },
  actions: {
    accepted: () => {},
    focusFailure: () => {},
  },
  guards: {
    gone: (_, { error }: { error: unknown }) => toCoreError(error).kind === 'not-found',
  },
}).createMachine({
  id: 'invitation',
  initial: 'checking',
  context: ({ input }) => ({ token: input.token, details: null, password: '', errorMessage: null, passwordError: null }),
  states: {
    checking: {
      invoke: {
        src: 'lookUp',
        input: ({ context }) => context.token,
        onDone: { target: 'ready', actions: assign({ details: ({ event }) => event.output }) },
        onError: { target: 'refused', actions: assign({ errorMessage: ({ event }) => toCoreError(event.error).message }) },
      },
    },
    ready: {
      on: {
        'invitation.accept': [
          {
            guard: ({ event }) => validatePassword(event.password) !== null,
            actions: [
              assign(({ event }) => {
                const problem = validatePassword(event.password);
                return { errorMessage: problem, passwordError: problem };
              }),
              'focusFailure',
            ],
          },
          { target: 'accepting', actions: assign({ password: ({ event }) => event.password, errorMessage: null, passwordError: null }) },
        ],
      },
    },
    accepting: {
      invoke: {
        src: 'accept',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: { target: 'accepted', actions: [assign({ password: '' }), 'accepted'] },
        onError: [
          {
            guard: { type: 'gone', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: assign({ password: '', errorMessage: ({ event }) => toCoreError(event.error).message }),
          },
          {
            target: 'ready',
            actions: [
              assign(({ event }) => {
                const failure = toCoreError(event.error);
                return { password: '', errorMessage: failure.message, passwordError: failure.fieldErrors?.password ?? null };
              }),
              'focusFailure',
            ],
          },
        ],
      },
    },
    accepted: { type: 'final' },
    refused: { type: 'final' },
  },
});
