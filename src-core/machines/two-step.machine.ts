/**
 * Two-step sign-in in the admin area: its state, setting it up (a key to scan or type,
 * confirmed with a code from the app, then ten recovery codes shown once) and turning it off.
 *
 * States: 'loading' (initial) -> 'ready' or 'loadFailed' ('retry' loads again).
 *   'ready': 'two-step.start' -> 'starting' -> 'enrolling' (the key in `enrolment`), or back to
 *     'ready' with `errorMessage`.
 *   'enrolling': 'field.changed' { field: 'code' }, 'code.submit' { code? } -> 'confirming' (an
 *     empty code stays, with a field error) -> 'showingCodes' (`recoveryCodes`), or back to
 *     'enrolling' with `errorMessage`; 'enrolment.cancel' -> 'ready'.
 *   'showingCodes': 'codes.saved' -> 'ready' (two-step sign-in on), forgetting the codes.
 *   'ready' (on, and not required): 'turnOff.begin' -> 'confirmingTurnOff': 'field.changed'
 *     { field: 'password' }, 'turnOff.submit' { password? } -> 'turningOff' -> 'ready' (off),
 *     or back with `errorMessage`; 'turnOff.cancel' -> 'ready'.
 * The composition root provides:
 *   actors `loadState` (TwoStepState), `start` (TwoStepEnrolment), `confirm` (input the code;
 *     the recovery codes) and `turnOff` (input the password), from the account port.
 *   actions `focusEnrolment`, `focusFieldToFix`, `focusFailure`, `focusRecoveryCodes`,
 *     `focusStatus` and `focusTurnOff`: the view's.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toCoreError } from '../domain/core-error';
import { tryAgainIn } from '../domain/try-again';
import type { TwoStepEnrolment, TwoStepState } from '../ports/account.port';

export type TwoStepField = 'code' | 'password';

export interface TwoStepContext {
  state: TwoStepState | null;
  enrolment: TwoStepEnrolment | null;
  recoveryCodes: readonly string[];
  values: Record<TwoStepField, string>;
  fieldErrors: Partial<Record<TwoStepField, string>>;
  errorMessage: string | null;
}

export type TwoStepEvent =
  | { type: 'retry' }
  | { type: 'two-step.start' }
  | { type: 'field.changed'; field: TwoStepField; value: string }
  | { type: 'code.submit'; code?: string }
  | { type: 'enrolment.cancel' }
  | { type: 'codes.saved' }
  | { type: 'turnOff.begin' }
  | { type: 'turnOff.submit'; password?: string }
  | { type: 'turnOff.cancel' };

export const CODE_MISSING = 'Please type the 6 numbers your app shows for this website.';
export const PASSWORD_MISSING = 'Please enter your password.';

function failureMessage(error: unknown): string {
  const failure = toCoreError(error);
  return failure.kind === 'too-many-requests' ? `Too many wrong codes. ${tryAgainIn(failure.retryAfterSeconds)}` : failure.message;
}

const EMPTY_VALUES = { code: '', password: '' };

export const twoStepMachine = setup({
  types: { context: {} as TwoStepContext, events: {} as TwoStepEvent },
  actors: {
    loadState: fromPromise<TwoStepState>(async () => {
      throw new Error('Provide the loadState actor.');
    }),
    start: fromPromise<TwoStepEnrolment>(async () => {
      throw new Error('Provide the start actor.');
    }),
    confirm: fromPromise<readonly string[], string>(async () => {
      throw new Error('Provide the confirm actor.');
    }),
    turnOff: fromPromise<void, string>(async () => {
      throw new Error('Provide the turnOff actor.');
    }),
  },
  actions: {
    change: assign(({ context, event }) => (event.type === 'field.changed' ? { values: { ...context.values, [event.field]: event.value } } : {})),
    takeCode: assign(({ context, event }) => (event.type === 'code.submit' && event.code !== undefined ? { values: { ...context.values, code: event.code } } : {})),
    takePassword: assign(({ context, event }) =>
      event.type === 'turnOff.submit' && event.password !== undefined ? { values: { ...context.values, password: event.password } } : {},
    ),
    checkCode: assign(({ context }) => ({ fieldErrors: context.values.code.trim() === '' ? { code: CODE_MISSING } : {}, errorMessage: null })),
    checkPassword: assign(({ context }) => ({ fieldErrors: context.values.password === '' ? { password: PASSWORD_MISSING } : {}, errorMessage: null })),
    showFailure: assign((_, { error }: { error: unknown }) => {
      const failure = toCoreError(error);
      const fields = failure.fieldErrors ?? {};
      return {
        errorMessage: failureMessage(error),
        fieldErrors: Object.fromEntries(Object.entries(fields).filter(([field]) => field === 'code' || field === 'password')),
      };
    }),
    clearForm: assign(() => ({ values: { ...EMPTY_VALUES }, fieldErrors: {}, errorMessage: null })),
    focusEnrolment: () => {},
    focusFieldToFix: () => {},
    focusFailure: () => {},
    focusRecoveryCodes: () => {},
    focusStatus: () => {},
    focusTurnOff: () => {},
  },
  guards: {
    hasFieldErrors: ({ context }) => Object.keys(context.fieldErrors).length > 0,
    canTurnOff: ({ context }) => context.state !== null && context.state.enabled && !context.state.required,
  },
}).createMachine({
  id: 'twoStep',
  initial: 'loading',
  context: { state: null, enrolment: null, recoveryCodes: [], values: { ...EMPTY_VALUES }, fieldErrors: {}, errorMessage: null },
  states: {
    loading: {
      invoke: {
        src: 'loadState',
        onDone: { target: 'ready', actions: assign({ state: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ errorMessage: ({ event }) => toCoreError(event.error).message }) },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearForm' } } },
    ready: {
      on: {
        'two-step.start': { target: 'starting', actions: 'clearForm' },
        'turnOff.begin': { guard: 'canTurnOff', target: 'confirmingTurnOff', actions: ['clearForm', 'focusTurnOff'] },
      },
    },
    starting: {
      invoke: {
        src: 'start',
        onDone: { target: 'enrolling', actions: [assign({ enrolment: ({ event }) => event.output }), 'focusEnrolment'] },
        onError: { target: 'ready', actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'focusFailure'] },
      },
    },
    enrolling: {
      on: {
        'field.changed': { actions: 'change' },
        'code.submit': { target: 'checkingCode', actions: 'takeCode' },
        'enrolment.cancel': { target: 'ready', actions: ['clearForm', assign({ enrolment: null }), 'focusStatus'] },
      },
    },
    checkingCode: {
      entry: 'checkCode',
      always: [{ guard: 'hasFieldErrors', target: 'enrolling', actions: 'focusFieldToFix' }, { target: 'confirming' }],
    },
    confirming: {
      invoke: {
        src: 'confirm',
        input: ({ context }) => context.values.code.replace(/\s/g, ''),
        onDone: {
          target: 'showingCodes',
          actions: [assign({ recoveryCodes: ({ event }) => event.output, enrolment: null }), 'clearForm', 'focusRecoveryCodes'],
        },
        onError: {
          target: 'enrolling',
          actions: [
            { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            assign(({ context }) => ({ values: { ...context.values, code: '' } })),
            'focusFailure',
          ],
        },
      },
    },
    showingCodes: {
      on: {
        'codes.saved': {
          target: 'ready',
          actions: [
            assign(({ context }) => ({
              recoveryCodes: [],
              state: { enabled: true, required: context.state?.required ?? false, recoveryCodesLeft: context.recoveryCodes.length },
            })),
            'focusStatus',
          ],
        },
      },
    },
    confirmingTurnOff: {
      on: {
        'field.changed': { actions: 'change' },
        'turnOff.submit': { target: 'checkingPassword', actions: 'takePassword' },
        'turnOff.cancel': { target: 'ready', actions: ['clearForm', 'focusStatus'] },
      },
    },
    checkingPassword: {
      entry: 'checkPassword',
      always: [{ guard: 'hasFieldErrors', target: 'confirmingTurnOff', actions: 'focusFieldToFix' }, { target: 'turningOff' }],
    },
    turningOff: {
      invoke: {
        src: 'turnOff',
        input: ({ context }) => context.values.password,
        onDone: {
          target: 'ready',
          actions: [
            'clearForm',
            assign(({ context }) => ({ state: { enabled: false, required: context.state?.required ?? false, recoveryCodesLeft: 0 } })),
            'focusStatus',
          ],
        },
        onError: {
          target: 'confirmingTurnOff',
          actions: [
            { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            assign(({ context }) => ({ values: { ...context.values, password: '' } })),
            'focusFailure',
          ],
        },
      },
    },
  },
});
