import type { StaffRole } from './roles';

export interface User {
  readonly email: string;
  /** Whether the e-mail address is verified; undefined where the backend does not know. */
  readonly emailVerified?: boolean;
  /**
   * Whether this user may use the admin area at all, in any role: decided by the adapter (the
   * hosted one with the core's administrator policy, `isAdministrator`, against the configured
   * list of addresses; the self-hosted server from the account's role).
   */
  readonly administrator: boolean;
  /**
   * What this account may use in the admin area (src-core/domain/roles.ts). Only a backend with
   * roles sets it; where it is missing, an account that may use the admin area may use all of it.
   */
  readonly role?: StaffRole;
  /** For a role limited to one branch (a branch officer): that branch's id, the only one it may change. */
  readonly branchId?: string;
  /**
   * True when the site requires two-step sign-in and this administrator has not set it up:
   * the admin area then offers only that, and the server refuses everything else.
   */
  readonly mustSetUpTwoStep?: boolean;
}

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** How the second step of a sign-in can be made: a code from an authenticator app, or a recovery code. */
export type SecondStepMethod = 'totp' | 'recovery-code';

/** A right password for an account with two-step sign-in: the sign-in waits for a code. */
export interface SecondStepChallenge {
  readonly secondStep: { readonly methods: readonly SecondStepMethod[] };
}

export type SignInOutcome = User | SecondStepChallenge;

export function needsSecondStep(outcome: SignInOutcome): outcome is SecondStepChallenge {
  return 'secondStep' in outcome;
}
