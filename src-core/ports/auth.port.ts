import type { Credentials, User } from '../domain/user';

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
