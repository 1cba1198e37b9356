/**
 * The member list as volunteers keep it: the words for statuses and payment methods, euro
 * amounts, short dates, and the rules an edit, a payment and the renewal settings are checked
 * with before they are sent (the server checks the same and has the last word).
 */
import { APPLICATION_FIELD_MESSAGES, isNmbiPinShape, isPhoneShape, normaliseEircode } from './membership-application';
import type { FieldErrors } from './validation';
import { MONTH_NAMES } from './month-names';
import { parseLocalDate } from './zoned-time';
import type { MemberEdit, MemberFilters, MemberStatus, MembershipSettings, PaymentMethod, PaymentRequest } from './membership-admin';

export const MEMBER_STATUS_WORDS: Readonly<Record<MemberStatus, string>> = {
  active: 'Active',
  lapsed: 'Lapsed',
  resigned: 'Resigned',
  deceased: 'Deceased',
};

export const MEMBER_STATUS_ORDER: readonly MemberStatus[] = ['active', 'lapsed', 'resigned', 'deceased'];

export const PAYMENT_METHOD_WORDS: Readonly<Record<PaymentMethod, string>> = {
  cash: 'Cash',
  cheque: 'Cheque',
  'bank-transfer': 'Bank transfer',
  'standing-order': 'Standing order',
  card: 'Card',
};

export const PAYMENT_METHOD_ORDER: readonly PaymentMethod[] = ['cash', 'cheque', 'bank-transfer', 'standing-order', 'card'];

/** What marking a member deceased means, said before it is done. */
export const DECEASED_WARNING =
  'Every e-mail and reminder to them stops at once, and the family is asked for nothing more. Their record stays in the list as deceased.';

/** @internal Outside this file only tests and fakes use it. */
export const MEMBER_FIELD_MESSAGES = {
  name: 'Please enter their full name, for example Mary Byrne.',
  address: 'Please enter their postal address, with each part on its own line.',
  eircode: APPLICATION_FIELD_MESSAGES.eircode,
  phone: APPLICATION_FIELD_MESSAGES.phone,
  email: APPLICATION_FIELD_MESSAGES.email,
  nmbiPin: APPLICATION_FIELD_MESSAGES.nmbiPin,
  joinedOn: 'Please enter the whole day they joined: day, month and year.',
  paidUntil: 'Please enter a whole date (day, month and year), or leave it empty.',
  paidOn: 'Please enter the whole day the money came in: day, month and year.',
  amount: 'Please enter the amount in euro, using numbers only, for example 25 or 25.50.',
  method: 'Please choose how they paid.',
  coversYearEnding: 'Please enter the last day of the year this payment covers (day, month and year), or leave it empty.',
  yearStartsOn: 'Please choose a real day and month, for example 1 January.',
  fee: 'Please enter the fee in euro, using numbers only, for example 25, or leave it empty.',
  howToPay: 'Please keep how to pay to 2,000 characters or fewer.',
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const EURO_SHAPE = /^€?\s*(\d{1,6})(?:[.,](\d{1,2}))?$/;

/**
 * '25', '25.5', '€25.50' in cent; null when it is not an amount.
 * @internal Outside this file only tests and fakes use it.
 */
export function euroToCents(text: string): number | null {
  const match = EURO_SHAPE.exec(text.trim());
  if (match === null) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

/** 2550 as '€25.50', 2500 as '€25'. */
export function euro(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? `€${whole}` : `€${whole}.${String(rest).padStart(2, '0')}`;
}

/** The amount as typed in the fee field: 2500 as '25', null as ''. */
function centsToEuroText(cents: number | null): string {
  if (cents === null) return '';
  return euro(cents).slice(1);
}

/** '2026-12-31' as '31 December 2026'; anything else as it is. */
export function shortDate(text: string | null): string {
  if (text === null) return '';
  const date = parseLocalDate(text);
  return date === null ? text : `${date.day} ${MONTH_NAMES[date.month - 1] ?? ''} ${date.year}`;
}

/** '01-01' as '1 January'. */
export function dayAndMonth(text: string): string {
  const [month, day] = text.split('-').map(Number);
  return `${day ?? ''} ${MONTH_NAMES[(month ?? 1) - 1] ?? ''}`;
}

export type MemberField = 'name' | 'address' | 'eircode' | 'phone' | 'email' | 'branch' | 'background' | 'nmbiPin' | 'status' | 'joinedOn' | 'paidUntil' | 'notes';

const blankToUndefined = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/** The member form's rules: the join form's for the person's details, dates as YYYY-MM-DD. */
export function validateMemberEdit(edit: MemberEdit): FieldErrors<MemberField> {
  const errors: FieldErrors<MemberField> = {};
  if (edit.name !== undefined && edit.name.trim() === '') errors.name = MEMBER_FIELD_MESSAGES.name;
  if (edit.address !== undefined && edit.address.trim() === '') errors.address = MEMBER_FIELD_MESSAGES.address;
  const eircode = blankToUndefined(edit.eircode);
  if (eircode !== undefined && normaliseEircode(eircode) === undefined) errors.eircode = MEMBER_FIELD_MESSAGES.eircode;
  const phone = blankToUndefined(edit.phone);
  if (phone !== undefined && !isPhoneShape(phone)) errors.phone = MEMBER_FIELD_MESSAGES.phone;
  const email = blankToUndefined(edit.email);
  if (email !== undefined && !EMAIL_SHAPE.test(email.trim())) errors.email = MEMBER_FIELD_MESSAGES.email;
  const pin = blankToUndefined(edit.nmbiPin);
  if (pin !== undefined && !isNmbiPinShape(pin)) errors.nmbiPin = MEMBER_FIELD_MESSAGES.nmbiPin;
  if (edit.joinedOn !== undefined && parseLocalDate(edit.joinedOn.trim()) === null) errors.joinedOn = MEMBER_FIELD_MESSAGES.joinedOn;
  const paidUntil = blankToUndefined(edit.paidUntil);
  if (paidUntil !== undefined && parseLocalDate(paidUntil.trim()) === null) errors.paidUntil = MEMBER_FIELD_MESSAGES.paidUntil;
  return errors;
}

export type PaymentField = 'paidOn' | 'amount' | 'method' | 'note' | 'coversYearEnding';

export function validatePayment(payment: PaymentRequest): FieldErrors<PaymentField> {
  const errors: FieldErrors<PaymentField> = {};
  if (parseLocalDate(payment.paidOn.trim()) === null) errors.paidOn = MEMBER_FIELD_MESSAGES.paidOn;
  if (euroToCents(payment.amount) === null) errors.amount = MEMBER_FIELD_MESSAGES.amount;
  if (!(PAYMENT_METHOD_ORDER as readonly string[]).includes(payment.method)) errors.method = MEMBER_FIELD_MESSAGES.method;
  const covers = blankToUndefined(payment.coversYearEnding);
  if (covers !== undefined && parseLocalDate(covers.trim()) === null) errors.coversYearEnding = MEMBER_FIELD_MESSAGES.coversYearEnding;
  return errors;
}


/** The settings as typed: the day and month apart, the fee in euro, reminders 'on' or ''. */
export type SettingsValues = Record<'day' | 'month' | 'fee' | 'howToPay' | 'remindersOn', string>;

export function settingsToValues(settings: MembershipSettings): SettingsValues {
  const [month, day] = settings.yearStartsOn.split('-');
  return {
    day: String(Number(day ?? '1')),
    month: String(Number(month ?? '1')),
    fee: centsToEuroText(settings.feeCents),
    howToPay: settings.howToPay,
    remindersOn: settings.remindersOn ? 'on' : '',
  };
}

export function valuesToSettings(values: SettingsValues): MembershipSettings {
  const two = (text: string) => text.trim().padStart(2, '0');
  const fee = values.fee.trim();
  return {
    yearStartsOn: `${two(values.month)}-${two(values.day)}`,
    feeCents: fee === '' ? null : (euroToCents(fee) ?? -1),
    howToPay: values.howToPay.trim(),
    remindersOn: values.remindersOn === 'on',
  };
}

export type SettingsFormField = keyof SettingsValues;

export function validateSettings(values: SettingsValues): FieldErrors<SettingsFormField> {
  const errors: FieldErrors<SettingsFormField> = {};
  const month = Number(values.month);
  const day = Number(values.day);
  // Any year with 29 February: the year may start on a day only leap years have.
  if (!Number.isInteger(month) || !Number.isInteger(day) || parseLocalDate(`2024-${values.month.padStart(2, '0')}-${values.day.padStart(2, '0')}`) === null) {
    errors.day = MEMBER_FIELD_MESSAGES.yearStartsOn;
  }
  if (values.fee.trim() !== '' && euroToCents(values.fee) === null) errors.fee = MEMBER_FIELD_MESSAGES.fee;
  if (values.howToPay.trim().length > 2_000) errors.howToPay = MEMBER_FIELD_MESSAGES.howToPay;
  return errors;
}

/** The list's filters as the page's address keeps them (?q=&status=&page=), so Back and reload show the same list. */
export function filtersFromSearch(params: URLSearchParams): MemberFilters {
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  const filters: { -readonly [K in keyof MemberFilters]: MemberFilters[K] } = {};
  const q = params.get('q')?.trim() ?? '';
  if (q !== '') filters.q = q;
  const branch = params.get('branch') ?? '';
  if (branch !== '') filters.branch = branch;
  if (status !== null && (MEMBER_STATUS_ORDER as readonly string[]).includes(status)) filters.status = status as MemberStatus;
  if (params.get('renewal') === 'due') filters.renewalDue = true;
  if (params.get('email') === 'none') filters.hasEmail = false;
  if (Number.isInteger(page) && page > 1) filters.page = page;
  return filters;
}

/** The page's address query for the filters: the inverse of filtersFromSearch. */
export function searchFromFilters(filters: MemberFilters): string {
  const params = new URLSearchParams();
  if (filters.q !== undefined && filters.q !== '') params.set('q', filters.q);
  if (filters.branch !== undefined && filters.branch !== '') params.set('branch', filters.branch);
  if (filters.status !== undefined) params.set('status', filters.status);
  if (filters.renewalDue === true) params.set('renewal', 'due');
  if (filters.hasEmail === false) params.set('email', 'none');
  if (filters.page !== undefined && filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** 'Showing 51–100 of 5,012' (or 'Showing 1 member'). */
export function showingText(page: number, pageSize: number, shown: number, total: number): string {
  const count = new Intl.NumberFormat('en-IE');
  if (total === 0) return 'No members match.';
  if (total === 1) return 'Showing 1 member.';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${count.format(first)}–${count.format(first + shown - 1)} of ${count.format(total)} members.`;
}
