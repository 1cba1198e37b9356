import { createHash, randomInt } from 'node:crypto';
import type { TwoStepRepository } from '../repositories/two-step.repository';
import { matchTotp } from './totp';

const RECOVERY_CODE_COUNT = 10;
// Lower-case letters and digits a person will not mix up (no 0/o, 1/l/i).
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes, each 12 characters (about 58 bits) shown in groups: 'k7mq-2xbn-r4tw'. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`;
  });
}

/** How a recovery code is stored: hashed with its account, ignoring case, spaces and dashes. */
export function recoveryCodeHash(email: string, code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`recovery\n${email}\n${normalised}`).digest('hex');
}

export type SecondStepResult = 'totp' | 'recovery-code' | 'wrong';

/**
 * Checks a second-step code for an account with two-step sign-in: six digits are a code from
 * the authenticator app (each works once: a step already used, or earlier than one used, is
 * refused), anything else is tried as a recovery code (each works once).
 */
export function checkSecondStep(twoStep: TwoStepRepository, email: string, code: string, now: number): SecondStepResult {
  const secret = twoStep.state(email).secret;
  if (secret === undefined) return 'wrong';
  const typed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    const step = matchTotp(secret, typed, now);
    return step !== undefined && twoStep.acceptStep(email, step) ? 'totp' : 'wrong';
  }
  return twoStep.useRecoveryCode(email, recoveryCodeHash(email, typed), now) ? 'recovery-code' : 'wrong';
}
