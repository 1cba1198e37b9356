import { APPLICATION_CONSENT_WORDING, MEMBERSHIP_MESSAGES, type ApplicationRequest } from '../../contract/membership';
import { normaliseEmail } from '../../src-core/domain/administrator';
import { CoreError } from '../../src-core/domain/core-error';
import {
  BRANCH_NOT_SURE,
  isNmbiPinShape,
  isPhoneShape,
  normaliseEircode,
  type ApplicationField,
} from '../../src-core/domain/membership-application';
import { checkedAddress } from '../mail/subscriptions';
import type { NewApplication } from '../repositories/applications.repository';
import type { BranchesRepository } from '../repositories/branches.repository';

/** The rules the join form checks by, shared with the member list's edits and import (member-fields.ts). */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Each line trimmed and blank lines dropped: how an address is written on an envelope. */
export function addressLines(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map(oneLine)
    .filter((line) => line !== '')
    .join('\n');
}

export function optional(text: string | undefined): string | null {
  const value = oneLine(text ?? '');
  return value === '' ? null : value;
}

export function emailOrError(raw: string | null): { email: string | null; error: boolean } {
  if (raw === null) return { email: null, error: false };
  try {
    return { email: checkedAddress(raw), error: false };
  } catch {
    return { email: null, error: true };
  }
}

/**
 * Checks every field at once and cleans what is kept, so the form can show all its messages
 * together. Throws 'invalid-input' with a message per field; nothing is stored then.
 */
export function checkedApplication(request: ApplicationRequest, branches: BranchesRepository): NewApplication {
  const errors: Partial<Record<ApplicationField, string>> = {};
  const name = oneLine(request.name);
  if (name === '') errors.name = MEMBERSHIP_MESSAGES.name;
  const address = addressLines(request.address);
  if (address === '') errors.address = MEMBERSHIP_MESSAGES.address;
  const eircodeText = optional(request.eircode);
  const eircode = eircodeText === null ? null : (normaliseEircode(eircodeText) ?? null);
  if (eircodeText !== null && eircode === null) errors.eircode = MEMBERSHIP_MESSAGES.eircode;
  const phone = optional(request.phone);
  if (phone !== null && !isPhoneShape(phone)) errors.phone = MEMBERSHIP_MESSAGES.phone;
  const { email, error: emailError } = emailOrError(optional(request.email));
  if (emailError) errors.email = MEMBERSHIP_MESSAGES.email;
  const background = request.background.trim();
  if (background === '') errors.background = MEMBERSHIP_MESSAGES.background;
  const nmbiPin = optional(request.nmbiPin);
  if (nmbiPin !== null && !isNmbiPinShape(nmbiPin)) errors.nmbiPin = MEMBERSHIP_MESSAGES.nmbiPin;
  const branch = request.branch === BRANCH_NOT_SURE ? null : branches.get(request.branch);
  if (branch === undefined) errors.branch = MEMBERSHIP_MESSAGES.branch;
  const newsletter = request.newsletter === true;
  if (newsletter && email === null && !emailError) errors.newsletter = MEMBERSHIP_MESSAGES.newsletterNeedsEmail;
  if (!request.consent) errors.consent = MEMBERSHIP_MESSAGES.consent;

  if (Object.keys(errors).length > 0) {
    throw new CoreError('invalid-input', MEMBERSHIP_MESSAGES.checkFields, { fieldErrors: errors });
  }
  return {
    name,
    address,
    eircode,
    phone,
    email,
    emailKey: email === null ? null : normaliseEmail(email),
    background,
    nmbiPin,
    branchId: branch === null || branch === undefined ? null : Number(branch.id),
    newsletter,
    consentWording: APPLICATION_CONSENT_WORDING,
  };
}
