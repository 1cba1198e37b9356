/**
 * Changing the signed-in administrator's password, built on the form block ('./form.setup').
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'changed'
 *   (the fields empty again, a notice says other devices were signed out; editable again) or
 *   'failed' (editable again, with `errorMessage`, the current password emptied).
 * Events: 'field.changed' { field: 'currentPassword' | 'newPassword'; value }, 'form.submit' { values? }.
 * The composition root provides:
 *   actor `submit`: fromPromise with input { currentPassword, newPassword }
 *     (e.g. `fromPromise(({ input }) => account.changePassword(input.currentPassword, input.newPassword))`).
 *   actions `focusFieldToFix`, `focusFailure` and `focusNotice`: the view's.
 */
import { assign } from 'xstate';
import { toCoreError } from '../domain/core-error';
import { validatePassword, type FieldErrors } from '../domain/validation';
import { SUBMIT, VALIDATING, formSetup } from './form.setup';

export type PasswordField = 'currentPassword' | 'newPassword';
export type PasswordChange = Record<PasswordField, string>;

/** @internal Outside this file only tests and fakes use it. */
export function validatePasswordChange(values: PasswordChange): FieldErrors<PasswordField> {
  const next = validatePassword(values.newPassword);
  return {
    ...(values.currentPassword === '' ? { currentPassword: 'Please enter your current password.' } : {}),
    ...(next === null ? {} : { newPassword: next }),
  };
}

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '' };
export const passwordMachine = formSetup<PasswordField, PasswordChange, void>({
  empty: EMPTY,
  validate: validatePasswordChange,
  failureMessage: (error) => toCoreError(error).message,
})
  .extend({
    actions: {
      focusNotice: () => {},
      clearCurrentPassword: assign(({ context }) => ({ values: { ...context.values, currentPassword: '' } })),
    },
  })
  .createMachine({
    id: 'password',
    initial: 'editing',
    context: { values: { ...EMPTY }, fieldErrors: {}, errorMessage: null },
    on: { 'field.changed': { actions: 'change' } },
    states: {
      editing: { on: { 'form.submit': SUBMIT } },
      validating: VALIDATING,
      submitting: {
        on: { 'field.changed': {} },
        invoke: {
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: { target: 'changed', actions: ['clear', 'focusNotice'] },
          onError: {
            target: 'failed',
            actions: [{ type: 'showFailure', params: ({ event }) => ({ error: event.error }) }, 'clearCurrentPassword', 'focusFailure'],
          },
        },
      },
      changed: { on: { 'form.submit': SUBMIT } },
      failed: { on: { 'form.submit': SUBMIT } },
    },
  });
