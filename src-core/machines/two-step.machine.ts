/**
 * Two-step sign-in in the admin area: its state, setting it up (a key to scan or type,
 * confirmed with a code from the app, then ten recovery codes shown once) and turning it off.
 * Built on the form block ('./form.setup'): the code is the form it sends; turning off adds a
 * password check and its own actor.
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
 *   actors `loadState` (TwoStepState), `start` (TwoStepEnrolment), `submit` (input the code;
 *     the recovery codes) and `turnOff` (input the password), from the account port.
 *   actions `focusEnrolment`, `focusFieldToFix`, `focusFailure`, `focusRecoveryCodes`,
 *     `focusStatus` and `focusTurnOff`: the view's.
 */
import { assign } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError } from '../domain/core-error';
import { tryAgainIn } from '../domain/try-again';
import type { TwoStepEnrolment, TwoStepState } from '../ports/account.port';
import { formSetup, type FormContext } from './form.setup';

export type TwoStepField = 'code' | 'password';

export interface TwoStepContext extends FormContext<TwoStepField> {
  state: TwoStepState | null;
  enrolment: TwoStepEnrolment | null;
  recoveryCodes: readonly string[];
}

export type TwoStepEvent =
  | { type: 'retry' }
  | { type: 'two-step.start' }
  | { type: 'code.submit'; code?: string }
  | { type: 'enrolment.cancel' }
  | { type: 'codes.saved' }
  | { type: 'turnOff.begin' }
  | { type: 'turnOff.submit'; password?: string }
  | { type: 'turnOff.cancel' };

/** @internal Outside this file only tests and fakes use it. */
export const CODE_MISSING = 'Please type the 6 numbers your app shows for this website.';
/** @internal Outside this file only tests and fakes use it. */
export const PASSWORD_MISSING = 'Please enter your password.';

const EMPTY = { code: '', password: '' };

const showFailure = { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

export const twoStepMachine = formSetup<TwoStepField, string, readonly string[], TwoStepContext, TwoStepEvent>(
  {
    empty: EMPTY,
    validate: (values) => (values.code.trim() === '' ? { code: CODE_MISSING } : {}),
    failureMessage: (error) => {
      const failure = toCoreError(error);
      return failure.kind === 'too-many-requests' ? `Too many wrong codes. ${tryAgainIn(failure.retryAfterSeconds)}` : failure.message;
    },
  },
  {
    loadState: toProvide<TwoStepState>('loadState'),
    start: toProvide<TwoStepEnrolment>('start'),
    turnOff: toProvide<void, string>('turnOff'),
  },
)
  .extend({
    actions: {
      takeCode: assign(({ context, event }) => (event.type === 'code.submit' && event.code !== undefined ? { values: { ...context.values, code: event.code } } : {})),
      takePassword: assign(({ context, event }) =>
        event.type === 'turnOff.submit' && event.password !== undefined ? { values: { ...context.values, password: event.password } } : {},
      ),
      checkPassword: assign(({ context }) => ({ fieldErrors: context.values.password === '' ? { password: PASSWORD_MISSING } : {}, errorMessage: null })),
      // Turned on or off; whether the site requires it does not change.
      turned: assign(({ context }, { enabled }: { enabled: boolean }) => ({
        recoveryCodes: [],
        state: { enabled, required: context.state?.required ?? false, recoveryCodesLeft: enabled ? context.recoveryCodes.length : 0 },
      })),
      forget: assign(({ context }, { field }: { field: TwoStepField }) => ({ values: { ...context.values, [field]: '' } })),
      focusEnrolment: () => {},
      focusRecoveryCodes: () => {},
      focusStatus: () => {},
      focusTurnOff: () => {},
    },
    guards: {
      canTurnOff: ({ context }) => context.state !== null && context.state.enabled && !context.state.required,
    },
  })
  .createMachine({
    id: 'twoStep',
    initial: 'loading',
    context: { state: null, enrolment: null, recoveryCodes: [], values: { ...EMPTY }, fieldErrors: {}, errorMessage: null },
    states: {
      loading: {
        invoke: {
          src: 'loadState',
          onDone: { target: 'ready', actions: assign({ state: ({ event }) => event.output }) },
          onError: { target: 'loadFailed', actions: assign({ errorMessage: ({ event }) => toCoreError(event.error).message }) },
        },
      },
      loadFailed: { on: { retry: { target: 'loading', actions: 'clear' } } },
      ready: {
        on: {
          'two-step.start': { target: 'starting', actions: 'clear' },
          'turnOff.begin': { guard: 'canTurnOff', target: 'confirmingTurnOff', actions: ['clear', 'focusTurnOff'] },
        },
      },
      starting: {
        invoke: {
          src: 'start',
          onDone: { target: 'enrolling', actions: [assign({ enrolment: ({ event }) => event.output }), 'focusEnrolment'] },
          onError: { target: 'ready', actions: [showFailure, 'focusFailure'] },
        },
      },
      enrolling: {
        on: {
          'field.changed': { actions: 'change' },
          'code.submit': { target: 'checkingCode', actions: 'takeCode' },
          'enrolment.cancel': { target: 'ready', actions: ['clear', assign({ enrolment: null }), 'focusStatus'] },
        },
      },
      checkingCode: {
        entry: 'validate',
        always: [{ guard: 'hasFieldErrors', target: 'enrolling', actions: 'focusFieldToFix' }, { target: 'confirming' }],
      },
      confirming: {
        invoke: {
          src: 'submit',
          input: ({ context }) => context.values.code.replace(/\s/g, ''),
          onDone: {
            target: 'showingCodes',
            actions: [assign({ recoveryCodes: ({ event }) => event.output, enrolment: null }), 'clear', 'focusRecoveryCodes'],
          },
          onError: { target: 'enrolling', actions: [showFailure, { type: 'forget', params: { field: 'code' } }, 'focusFailure'] },
        },
      },
      showingCodes: { on: { 'codes.saved': { target: 'ready', actions: [{ type: 'turned', params: { enabled: true } }, 'focusStatus'] } } },
      confirmingTurnOff: {
        on: {
          'field.changed': { actions: 'change' },
          'turnOff.submit': { target: 'checkingPassword', actions: 'takePassword' },
          'turnOff.cancel': { target: 'ready', actions: ['clear', 'focusStatus'] },
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
          onDone: { target: 'ready', actions: ['clear', { type: 'turned', params: { enabled: false } }, 'focusStatus'] },
          onError: { target: 'confirmingTurnOff', actions: [showFailure, { type: 'forget', params: { field: 'password' } }, 'focusFailure'] },
        },
      },
    },
  });
