/**
 * The building block of the site's forms (contact, sign-in, news posts): typed values, field
 * changes, a submit that may carry the values (a password manager can fill a form without
 * telling anyone), validation with the core's own rules, the one effect that sends the form, and
 * what a refusal says. Each form builds its machine on `formSetup(rules)` and writes only its own
 * states, using the blocks most forms share (SUBMIT, VALIDATING, REFUSED below).
 *
 * Named here, provided by the composition root:
 *   actor `submit`: fromPromise taking what the form sends and resolving with what came back.
 *   actions `focusFieldToFix` (after a refused submit) and `focusFailure` (after a refusal by the
 *     backend): only a view can move focus, so these do nothing until the view's are provided.
 *   action `log` { level, message, error? } (default: the console).
 *
 * What only a view can do (move focus, go to another page) is an action like any other effect,
 * in every machine of the site: the machine names the moment, and the composition root provides
 * the action by calling the small object the view handed to it (src/lib/view-actions.ts). So no
 * state, context field or counter exists for the view's sake, and the tests see each moment.
 */
import { assign, setup, type EventObject, type UnknownActorLogic } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError } from '../domain/core-error';
import { hasErrors, type FieldErrors } from '../domain/validation';
import { logToConsole, type LogParams } from './log';

export type FormValues<F extends string> = Record<F, string>;

export interface FormContext<F extends string> {
  values: FormValues<F>;
  fieldErrors: FieldErrors<F>;
  /** What the backend's refusal says; null otherwise. */
  errorMessage: string | null;
}

export type FieldChangedEvent<F extends string> = { type: 'field.changed'; field: F; value: string };
export type FormSubmitEvent<F extends string> = { type: 'form.submit'; values?: FormValues<F> };
export type FormEvent<F extends string> = FieldChangedEvent<F> | FormSubmitEvent<F>;

export interface FormRules<F extends string> {
  /** The form with nothing typed: names every field. */
  readonly empty: FormValues<F>;
  readonly validate: (values: FormValues<F>) => FieldErrors<F>;
  /** What the form says when the backend refuses it. */
  readonly failureMessage: (error: unknown) => string;
}

function isFieldChanged<F extends string>(event: EventObject): event is FieldChangedEvent<F> {
  return event.type === 'field.changed';
}

function isSubmit<F extends string>(event: EventObject): event is FormSubmitEvent<F> {
  return event.type === 'form.submit';
}

/** 'form.submit' where a form takes it: the values a password manager filled in, then the rules. */
export const SUBMIT = { target: 'validating', actions: 'takeSubmittedValues' } as const;

/** The transient state that checks the form with the core's rules: a field to fix, or it is sent. */
export const VALIDATING = {
  entry: 'validate',
  always: [{ guard: 'hasFieldErrors', target: 'editing', actions: 'focusFieldToFix' }, { target: 'submitting' }],
} as const;

/** The transient state after the backend refused the form: focus on a field it named, else on its message. */
export const REFUSED = {
  always: [
    { guard: 'hasFieldErrors', target: 'editing', actions: 'focusFieldToFix' },
    { target: 'editing', actions: 'focusFailure' },
  ],
} as const;

/** The submit's onError actions where the form stays to be sent again: the backend's words shown, a warning logged. */
export function notSent(message: string) {
  return [
    { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    { type: 'log', params: ({ event }: { event: { error: unknown } }) => ({ level: 'warn' as const, message, error: event.error }) },
  ] as const;
}

/** The backend's per-field messages for this form's fields; any other field it names is dropped. */
function backendFieldErrors<F extends string>(error: unknown, empty: FormValues<F>): FieldErrors<F> {
  const fields = toCoreError(error).fieldErrors ?? {};
  return Object.fromEntries(Object.entries(fields).filter(([field]) => field in empty)) as FieldErrors<F>;
}

/**
 * A form machine's setup. `C` and `E` widen the context and events for a form that does more
 * (the news posts add the post being edited and a notice), and `actors` names any effects it has
 * beside sending the form; the actions here only touch the form's part.
 */
export function formSetup<
  F extends string,
  In,
  Out,
  C extends FormContext<F> = FormContext<F>,
  E extends EventObject = never,
  A extends Record<string, UnknownActorLogic> = Record<never, never>,
>(rules: FormRules<F>, actors?: A) {
  // TypeScript cannot see that a part of FormContext<F> is a part of every C built on it.
  const part = (change: Partial<FormContext<F>>) => change as Partial<C>;
  return setup({
    types: { context: {} as C, events: {} as FormEvent<F> | E },
    actors: {
      submit: toProvide<Out, In>('submit'),
      ...(actors as A),
    },
    actions: {
      change: assign(({ context, event }) =>
        isFieldChanged<F>(event) ? part({ values: { ...context.values, [event.field]: event.value } }) : {},
      ),
      takeSubmittedValues: assign(({ event }) => (isSubmit<F>(event) && event.values ? part({ values: { ...event.values } }) : {})),
      validate: assign(({ context }) => part({ fieldErrors: rules.validate(context.values), errorMessage: null })),
      showFailure: assign((_, { error }: { error: unknown }) =>
        part({ errorMessage: rules.failureMessage(error), fieldErrors: backendFieldErrors(error, rules.empty) }),
      ),
      clear: assign(() => part({ values: { ...rules.empty }, fieldErrors: {}, errorMessage: null })),
      focusFieldToFix: () => {},
      focusFailure: () => {},
      log: (_, params: LogParams) => logToConsole(params),
    },
    guards: {
      hasFieldErrors: ({ context }) => hasErrors(context.fieldErrors),
    },
  });
}
