/**
 * The membership year and renewals (self-hosted): when the year starts, the fee, how to pay and
 * whether reminder e-mails go out. Built on the form block ('./form.setup'), like the
 * association's details.
 *
 * States: 'editing' (initial) -> 'validating' (transient) -> 'submitting' -> 'editing' again,
 *   saved with the `notice`, or refused with each message beside its field.
 * Events: 'field.changed', 'form.submit', 'settings.loaded' { settings } (fills the form).
 * The composition root provides: actor `submit` (the settings; resolves with them as stored;
 *   its field errors named as the form's fields), action `onSaved`, and the view's
 *   `focusFieldToFix`, `focusFailure` and `focusNotice`.
 */
import { assign } from 'xstate';
import { toCoreError } from '../domain/core-error';
import { dayAndMonth, settingsToValues, validateSettings, valuesToSettings, type SettingsFormField } from '../domain/member-records';
import type { MembershipSettings } from '../domain/membership-admin';
import { REFUSED, SUBMIT, VALIDATING, formSetup, type FormContext, type FormEvent, type FormValues } from './form.setup';

export interface MembershipSettingsContext extends FormContext<SettingsFormField> {
  notice: string | null;
}

export type MembershipSettingsEvent = FormEvent<SettingsFormField> | { type: 'settings.loaded'; settings: MembershipSettings };

const EMPTY: FormValues<SettingsFormField> = { day: '1', month: '1', fee: '', howToPay: '', remindersOn: '' };

/** @internal Outside this file only tests and fakes use it. */
export function settingsSavedText(settings: MembershipSettings): string {
  const reminders = settings.remindersOn ? 'Reminder e-mails are on.' : 'Reminder e-mails are off.';
  return `Saved. The membership year starts on ${dayAndMonth(settings.yearStartsOn)}. ${reminders}`;
}

export const membershipSettingsMachine = formSetup<
  SettingsFormField,
  MembershipSettings,
  MembershipSettings,
  MembershipSettingsContext,
  Exclude<MembershipSettingsEvent, FormEvent<SettingsFormField>>
>({
  empty: EMPTY,
  validate: validateSettings,
  failureMessage: (error) => `The settings were not saved. ${toCoreError(error).message}`,
})
  .extend({
    actions: {
      onSaved: () => {},
      focusNotice: () => {},
      fill: assign(({ event }) => (event.type === 'settings.loaded' ? { values: settingsToValues(event.settings), fieldErrors: {}, errorMessage: null } : {})),
      noteSaved: assign((_, { saved }: { saved: MembershipSettings }) => ({ values: settingsToValues(saved), notice: settingsSavedText(saved) })),
      forgetNotice: assign({ notice: null }),
    },
  })
  .createMachine({
    id: 'membershipSettings',
    initial: 'editing',
    context: { values: EMPTY, fieldErrors: {}, errorMessage: null, notice: null },
    states: {
      editing: {
        on: {
          'field.changed': { actions: 'change' },
          'form.submit': SUBMIT,
          'settings.loaded': { actions: 'fill' },
        },
      },
      validating: { ...VALIDATING, entry: ['validate', 'forgetNotice'] },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }) => valuesToSettings(context.values),
          onDone: {
            target: 'editing',
            actions: [{ type: 'noteSaved', params: ({ event }) => ({ saved: event.output }) }, 'onSaved', 'focusNotice'],
          },
          onError: { target: 'refused', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      refused: REFUSED,
    },
  });
