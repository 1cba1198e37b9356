/**
 * A form that edits something stored, built on the form block ('./form.setup'): the association's
 * details and the membership settings. It is filled from what is stored, saved, and says so.
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'editing' again:
 *   after a save with the values as stored and the `notice`; after a refusal with what was typed,
 *   a message beside each refused field and `errorMessage`.
 * Events: 'field.changed' { field; value }, 'form.submit' { values? }, 'form.loaded' { saved }
 *   (fills the form with what is stored; ignored while saving).
 * The composition root provides: actor `submit` (what the form stands for; resolves with it as
 *   stored), action `onSaved` (default: nothing), and the view's `focusFieldToFix`,
 *   `focusFailure` and `focusNotice` (after a save).
 */
import { assign, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { REFUSED, SUBMIT, VALIDATING, formSetup, type FormContext, type FormRules, type FormValues } from './form.setup';

export interface SavedFormRules<F extends string, T> extends FormRules<F> {
  readonly id: string;
  readonly toValues: (saved: T) => FormValues<F>;
  readonly fromValues: (values: FormValues<F>) => T;
  readonly savedText: (saved: T) => string;
  /** Whether a refusal naming a field of the form focuses that field; otherwise its message takes focus. */
  readonly refusalFocusesField: boolean;
}

export interface SavedFormContext<F extends string> extends FormContext<F> {
  notice: string | null;
}

export type FormLoadedEvent<T> = { type: 'form.loaded'; saved: T };

export function savedFormMachine<F extends string, T>(rules: SavedFormRules<F, T>) {
  type C = SavedFormContext<F>;
  return formSetup<F, T, T, C, FormLoadedEvent<T>>(rules)
    .extend({
      actions: {
        onSaved: () => {},
        focusNotice: () => {},
        fill: assign(({ event }) => (event.type === 'form.loaded' ? ({ values: rules.toValues(event.saved), fieldErrors: {}, errorMessage: null } as Partial<C>) : {})),
        noteSaved: assign((_, { saved }: { saved: T }) => ({ values: rules.toValues(saved), notice: rules.savedText(saved) }) as Partial<C>),
        forgetNotice: assign({ notice: null } as Partial<C>),
      },
    })
    .createMachine({
      id: rules.id,
      initial: 'editing',
      context: { values: rules.empty, fieldErrors: {}, errorMessage: null, notice: null } as C,
      states: {
        editing: {
          on: { 'field.changed': { actions: 'change' }, 'form.submit': SUBMIT, 'form.loaded': { actions: 'fill' } },
        },
        validating: { ...VALIDATING, entry: ['validate', 'forgetNotice'] },
        submitting: {
          // TypeScript cannot check an invoke's config while the actor's types are still generic:
          // its parameters are typed by hand, and the tests of each form built here run it.
          invoke: {
            src: 'submit',
            input: ({ context }: { context: C }) => rules.fromValues(context.values),
            onDone: {
              target: 'editing',
              actions: [{ type: 'noteSaved', params: ({ event }: { event: DoneActorEvent<T> }) => ({ saved: event.output }) }, 'onSaved', 'focusNotice'],
            },
            onError: { target: 'refused', actions: { type: 'showFailure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) } },
          } as never,
        },
        refused: rules.refusalFocusesField ? REFUSED : { always: { target: 'editing', actions: 'focusFailure' } },
      },
    });
}
