/**
 * The membership year and renewals (self-hosted): when the year starts, the fee, how to pay and
 * whether reminder e-mails go out. Built on the saved form block ('./saved-form.setup'), like the
 * association's details; a refusal naming a field focuses it. The composition root provides actor
 * `submit` (the settings; resolves with them as stored; its field errors named as the form's
 * fields) and `onSaved`.
 */
import { toCoreError } from '../domain/core-error';
import { dayAndMonth, settingsToValues, validateSettings, valuesToSettings, type SettingsFormField } from '../domain/member-records';
import type { MembershipSettings } from '../domain/membership-admin';
import type { FormValues } from './form.setup';
import { savedFormMachine } from './saved-form.setup';

const EMPTY: FormValues<SettingsFormField> = { day: '1', month: '1', fee: '', howToPay: '', remindersOn: '' };

/** @internal Outside this file only tests and fakes use it. */
export function settingsSavedText(settings: MembershipSettings): string {
  const reminders = settings.remindersOn ? 'Reminder e-mails are on.' : 'Reminder e-mails are off.';
  return `Saved. The membership year starts on ${dayAndMonth(settings.yearStartsOn)}. ${reminders}`;
}

export const membershipSettingsMachine = savedFormMachine<SettingsFormField, MembershipSettings>({
  id: 'membershipSettings',
  empty: EMPTY,
  validate: validateSettings,
  failureMessage: (error) => `The settings were not saved. ${toCoreError(error).message}`,
  toValues: settingsToValues,
  fromValues: valuesToSettings,
  savedText: settingsSavedText,
  refusalFocusesField: true,
});
