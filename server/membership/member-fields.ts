import { MEMBER_STATUSES, type MemberEdit, type MemberStatus } from '../../contract/membership';
import { normaliseEmail } from '../../src-core/domain/administrator';
import { CoreError } from '../../src-core/domain/core-error';
import { isNmbiPinShape, isPhoneShape, normaliseEircode } from '../../src-core/domain/membership-application';
import { isDay } from '../../src-core/domain/membership-year';
import type { BranchesRepository } from '../repositories/branches.repository';
import type { MemberChanges, MemberRow } from '../repositories/members.repository';
import { addressLines, emailOrError, oneLine, optional } from './application-fields';
import { MEMBER_LIST_MESSAGES } from './member-messages';

type EditField = keyof MemberEdit;

/** The fields' names as the volunteer sees them, for the audit trail (never their values). */
const MEMBER_FIELD_NAMES: Readonly<Record<EditField, string>> = {
  name: 'name',
  address: 'address',
  eircode: 'Eircode',
  phone: 'phone',
  email: 'e-mail',
  branch: 'branch',
  background: 'nursing background',
  nmbiPin: 'NMBI PIN',
  status: 'status',
  joinedOn: 'joined',
  paidUntil: 'paid until',
  notes: 'notes',
};

/** One field's value checked by the join form's rules; `error` says how to fix it. */
type Checked<T> = { readonly value: T } | { readonly error: string };

export function checkedName(text: string): Checked<string> {
  const name = oneLine(text);
  return name === '' ? { error: MEMBER_LIST_MESSAGES.name } : { value: name };
}

export function checkedAddress(text: string): Checked<string> {
  const address = addressLines(text);
  return address === '' ? { error: MEMBER_LIST_MESSAGES.address } : { value: address };
}

export function checkedEircode(text: string): Checked<string | null> {
  const given = optional(text);
  if (given === null) return { value: null };
  const eircode = normaliseEircode(given);
  return eircode === undefined ? { error: MEMBER_LIST_MESSAGES.eircode } : { value: eircode };
}

export function checkedPhone(text: string): Checked<string | null> {
  const phone = optional(text);
  return phone !== null && !isPhoneShape(phone) ? { error: MEMBER_LIST_MESSAGES.phone } : { value: phone };
}

export function checkedEmail(text: string): Checked<string | null> {
  const { email, error } = emailOrError(optional(text));
  return error ? { error: MEMBER_LIST_MESSAGES.email } : { value: email };
}

export function checkedNmbiPin(text: string): Checked<string | null> {
  const pin = optional(text);
  return pin !== null && !isNmbiPinShape(pin) ? { error: MEMBER_LIST_MESSAGES.nmbiPin } : { value: pin };
}

export function checkedStatus(text: string): Checked<MemberStatus> {
  const status = text.trim().toLowerCase();
  return (MEMBER_STATUSES as readonly string[]).includes(status) ? { value: status as MemberStatus } : { error: MEMBER_LIST_MESSAGES.status };
}

/** YYYY-MM-DD, or DD/MM/YYYY as a spreadsheet in Ireland writes it. */
export function dayFrom(text: string): string | undefined {
  const trimmed = text.trim();
  const irish = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(trimmed);
  const day = irish === null ? trimmed : `${irish[3]}-${irish[2]?.padStart(2, '0')}-${irish[1]?.padStart(2, '0')}`;
  return isDay(day) ? day : undefined;
}

export function checkedDay(text: string, message: string): Checked<string> {
  const day = dayFrom(text);
  return day === undefined ? { error: message } : { value: day };
}

export function checkedOptionalDay(text: string, message: string): Checked<string | null> {
  return text.trim() === '' ? { value: null } : checkedDay(text, message);
}

/**
 * An edit checked field by field: the columns to change (only those whose value differs) and the
 * fields they are. Throws 'invalid-input' naming every field that cannot be stored; nothing changes then.
 */
export function checkedEdit(edit: MemberEdit, current: MemberRow, branches: BranchesRepository): { changes: MemberChanges; fields: string[] } {
  const errors: Partial<Record<EditField, string>> = {};
  const changes: MemberChanges = {};
  const fields: string[] = [];

  function take<T>(field: EditField, checked: Checked<T> | undefined, apply: (value: T) => MemberChanges, same: (value: T) => boolean): void {
    if (checked === undefined) return;
    if ('error' in checked) {
      errors[field] = checked.error;
      return;
    }
    if (same(checked.value)) return;
    Object.assign(changes, apply(checked.value));
    fields.push(MEMBER_FIELD_NAMES[field]);
  }
  const given = <T>(text: string | undefined, check: (text: string) => Checked<T>) => (text === undefined ? undefined : check(text));

  take('name', given(edit.name, checkedName), (name) => ({ name }), (v) => v === current.name);
  take('address', given(edit.address, checkedAddress), (address) => ({ address }), (v) => v === current.address);
  take('eircode', given(edit.eircode, checkedEircode), (eircode) => ({ eircode }), (v) => v === current.eircode);
  take('phone', given(edit.phone, checkedPhone), (phone) => ({ phone }), (v) => v === current.phone);
  take('email', given(edit.email, checkedEmail), (email) => ({ email, email_key: email === null ? null : normaliseEmail(email) }), (v) => v === current.email);
  take(
    'branch',
    given(edit.branch, (text): Checked<number | null> => {
      if (text === 'none') return { value: null };
      const branch = branches.get(text);
      return branch === undefined ? { error: MEMBER_LIST_MESSAGES.branch } : { value: Number(branch.id) };
    }),
    (branch_id) => ({ branch_id }),
    (v) => v === current.branch_id,
  );
  take('background', given(edit.background, (text) => ({ value: text.trim() })), (background) => ({ background }), (v) => v === current.background);
  take('nmbiPin', given(edit.nmbiPin, checkedNmbiPin), (nmbi_pin) => ({ nmbi_pin }), (v) => v === current.nmbi_pin);
  take('status', given(edit.status, checkedStatus), (status) => ({ status }), (v) => v === current.status);
  take('joinedOn', given(edit.joinedOn, (text) => checkedDay(text, MEMBER_LIST_MESSAGES.joinedOn)), (joined_on) => ({ joined_on }), (v) => v === current.joined_on);
  take(
    'paidUntil',
    given(edit.paidUntil, (text) => checkedOptionalDay(text, MEMBER_LIST_MESSAGES.paidUntil)),
    (paid_until) => ({ paid_until }),
    (v) => v === current.paid_until,
  );
  take('notes', given(edit.notes, (text) => ({ value: text.trim() })), (notes) => ({ notes }), (v) => v === current.notes);

  if (Object.keys(errors).length > 0) throw new CoreError('invalid-input', MEMBER_LIST_MESSAGES.checkFields, { fieldErrors: errors });
  return { changes, fields };
}
