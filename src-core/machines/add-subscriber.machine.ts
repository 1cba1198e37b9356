/**
 * Adding an address to the subscriber list by hand, with a note of how the person agreed
 * ('paper form at the AGM, 12 March'). Built on formSetup.
 *
 * States: 'editing' -> 'validating' -> 'submitting' -> 'added' (the form empties for the next
 *   one) or 'failed' (the server's words, e.g. already on the list); both take 'form.submit' again.
 * The composition root provides: actor `submit` (the new subscriber; resolves with the one
 *   stored), action `onAdded` (the list loads again), and the view's `focusFieldToFix`,
 *   `focusFailure` and `focusNotice`.
 */
import { assign } from 'xstate';
import { toCoreError } from '../domain/core-error';
import { validateNewSubscriber, type NewSubscriber, type NewSubscriberField, type Subscriber } from '../domain/member-mail';
import { SUBMIT, VALIDATING, formSetup, type FormContext } from './form.setup';

const EMPTY: NewSubscriber = { email: '', name: '', consentNote: '' };
interface AddSubscriberContext extends FormContext<NewSubscriberField> {
  /** The address just added, for the notice. */
  added: string | null;
}

export const addSubscriberMachine = formSetup<NewSubscriberField, NewSubscriber, Subscriber, AddSubscriberContext>({
  empty: EMPTY,
  validate: validateNewSubscriber,
  failureMessage: (error) => toCoreError(error).message,
})
  .extend({ actions: { focusNotice: () => {}, onAdded: () => {} } })
  .createMachine({
    id: 'addSubscriber',
    initial: 'editing',
    context: { values: { ...EMPTY }, fieldErrors: {}, errorMessage: null, added: null },
    on: { 'field.changed': { actions: 'change' } },
    states: {
      editing: { on: { 'form.submit': SUBMIT } },
      validating: { ...VALIDATING, entry: ['validate', assign({ added: null })] },
      submitting: {
        on: { 'field.changed': {} },
        invoke: {
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: { target: 'added', actions: [assign({ added: ({ event }) => event.output.email }), 'clear', 'onAdded', 'focusNotice'] },
          onError: { target: 'failed', actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'focusFailure'] },
        },
      },
      added: { on: { 'form.submit': SUBMIT } },
      failed: { on: { 'form.submit': SUBMIT } },
    },
  });
