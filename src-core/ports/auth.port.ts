import type { Credentials, SignInOutcome, User } from '../domain/user';

export interface SecondStepOptions {
  /** Trust this browser for 30 days, where the backend can (self-hosted): signing in here then needs only the password. */
  readonly trustBrowser?: boolean;
}

export interface AuthPort {
  /**
   * Signs in and resolves with the signed-in user, or, for an account with two-step sign-in,
   * with the second step it waits for (then call completeSecondStep with the code).
   * @throws CoreError 'not-authorised' for a wrong e-mail or password (the message never says which),
   *   'too-many-requests' with retryAfterSeconds when attempts are throttled, 'unavailable' on failure.
   */
  signIn(credentials: Credentials): Promise<SignInOutcome>;
  /**
   * Finishes a sign-in that asked for a second step, with a code from the authenticator app (or a
   * recovery code where the backend has them), and resolves with the signed-in user.
   * @throws CoreError 'not-authorised' for a wrong or used code, or when the sign-in waited too long
   *   (the message says to start again); 'too-many-requests' with retryAfterSeconds.
   */
  completeSecondStep(code: string, options?: SecondStepOptions): Promise<User>;
  /** Ends the session. Resolves even if there was none. */
  signOut(): Promise<void>;
  /**
   * Calls the listener with the current user (or null) as soon as it is known, and again on
   * every change. Returns a function that stops listening.
   */
  observeUser(listener: (user: User | null) => void): () => void;
}
