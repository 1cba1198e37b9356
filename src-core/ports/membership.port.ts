/** One of the association's branches, as the join form lists them. */
export interface Branch {
  readonly id: string;
  readonly name: string;
}

/** A membership application as the join form sends it (contract/membership.ts has the wire shape). */
export interface MembershipApplication {
  readonly name: string;
  readonly address: string;
  /** Optional fields are empty strings when not given. */
  readonly eircode: string;
  readonly phone: string;
  readonly email: string;
  readonly background: string;
  readonly nmbiPin: string;
  /** A branch's id, or BRANCH_NOT_SURE (src-core/domain/membership-application.ts). */
  readonly branch: string;
  readonly newsletter: boolean;
  readonly consent: boolean;
  /** The hidden field people leave empty. */
  readonly website?: string;
}

/** Joining online (self-hosted; the hosted backend has none yet, and its join page says how to join by post). */
export interface MembershipPort {
  /** The branches for the form's list, in the association's order. */
  listBranches(): Promise<readonly Branch[]>;
  /**
   * Sends an application. Resolves alike for every accepted application.
   * @throws CoreError 'invalid-input' (with a message per field), 'too-many-requests', 'unavailable'.
   */
  apply(application: MembershipApplication): Promise<void>;
}
