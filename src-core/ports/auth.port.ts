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

export interface AuthPort {
  /**
   * Signs in and resolves with the signed-in user.
   * @throws CoreError 'not-authorised' for a wrong e-mail or password (the message never says which),
   *   'too-many-requests' with retryAfterSeconds when attempts are throttled, 'unavailable' on failure.
   */
  signIn(credentials: Credentials): Promise<User>;
  /** Ends the session. Resolves even if there was none. */
  signOut(): Promise<void>;
  /**
   * Calls the listener with the current user (or null) as soon as it is known, and again on
   * every change. Returns a function that stops listening.
   */
  observeUser(listener: (user: User | null) => void): () => void;
}
