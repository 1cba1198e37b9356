export interface User {
  readonly email: string;
  /** Whether the e-mail address is verified; undefined where the backend does not know. */
  readonly emailVerified?: boolean;
  /**
   * Whether this user may use the admin area, decided by the adapter with the core's
   * administrator policy (`isAdministrator`) against the configured list of addresses.
   */
  readonly administrator: boolean;
}

export interface Credentials {
  readonly email: string;
  readonly password: string;
}
