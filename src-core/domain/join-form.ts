/**
 * The join form's fields as the page holds them (text, and 'yes' or '' for a ticked or unticked
 * box), checked with the same rules and words as the server (src-core/domain/membership-application.ts),
 * so most mistakes are shown before anything is sent.
 */
import {
  APPLICATION_FIELD_MESSAGES as MESSAGES,
  isNmbiPinShape,
  isPhoneShape,
  normaliseEircode,
  type ApplicationField,
} from './membership-application';
import type { MembershipApplication } from '../ports/membership.port';
import type { FieldErrors } from './validation';

export type JoinField = ApplicationField;

/** The fields in the order the form shows them, for the error summary. */
export const JOIN_FIELDS: readonly JoinField[] = [
  'name',
  'address',
  'eircode',
  'phone',
  'email',
  'background',
  'nmbiPin',
  'branch',
  'newsletter',
  'consent',
];

/** A ticked box's value, as the plain form posts it too. */
export const TICKED = 'yes';

export const EMPTY_JOIN_FORM: Readonly<Record<JoinField, string>> = {
  name: '',
  address: '',
  eircode: '',
  phone: '',
  email: '',
  background: '',
  nmbiPin: '',
  branch: '',
  newsletter: '',
  consent: '',
};

// Deliberately loose: one '@', no spaces, a dot in the domain. The server is the real judge.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Every field's message at once, as the server's check gives them; the branch only needs a choice. */
export function validateJoinForm(values: Readonly<Record<JoinField, string>>): FieldErrors<JoinField> {
  const errors: FieldErrors<JoinField> = {};
  if (values.name.trim() === '') errors.name = MESSAGES.name;
  if (values.address.trim() === '') errors.address = MESSAGES.address;
  if (values.eircode.trim() !== '' && normaliseEircode(values.eircode) === undefined) errors.eircode = MESSAGES.eircode;
  if (values.phone.trim() !== '' && !isPhoneShape(values.phone)) errors.phone = MESSAGES.phone;
  const email = values.email.trim();
  if (email !== '' && !EMAIL_SHAPE.test(email)) errors.email = MESSAGES.email;
  if (values.background.trim() === '') errors.background = MESSAGES.background;
  if (values.nmbiPin.trim() !== '' && !isNmbiPinShape(values.nmbiPin)) errors.nmbiPin = MESSAGES.nmbiPin;
  if (values.branch === '') errors.branch = MESSAGES.branch;
  if (values.newsletter === TICKED && email === '') errors.newsletter = MESSAGES.newsletterNeedsEmail;
  if (values.consent !== TICKED) errors.consent = MESSAGES.consent;
  return errors;
}

/** What the port sends for the form's values. */
export function applicationFrom(values: Readonly<Record<JoinField, string>>): MembershipApplication {
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    eircode: values.eircode.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    background: values.background.trim(),
    nmbiPin: values.nmbiPin.trim(),
    branch: values.branch,
    newsletter: values.newsletter === TICKED,
    consent: values.consent === TICKED,
  };
}

/** The values a refused plain post kept (server/membership/join-form-outcomes.ts), as the form's. */
export function joinValuesFrom(kept: Readonly<Record<string, unknown>>): Record<JoinField, string> {
  const values: Record<JoinField, string> = { ...EMPTY_JOIN_FORM };
  for (const field of JOIN_FIELDS) {
    const value = kept[field];
    if (typeof value !== 'string') continue;
    // A ticked box is posted with any value; an unticked one not at all.
    values[field] = field === 'newsletter' || field === 'consent' ? TICKED : value;
  }
  return values;
}

/** The field messages a refused plain post kept, for this form's fields only. */
export function joinErrorsFrom(kept: Readonly<Record<string, unknown>>): FieldErrors<JoinField> {
  const errors: FieldErrors<JoinField> = {};
  for (const field of JOIN_FIELDS) {
    const message = kept[field];
    if (typeof message === 'string') errors[field] = message;
  }
  return errors;
}
