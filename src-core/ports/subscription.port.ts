/** The forms a subscription request can come from (contract/subscriptions.ts lists the same). */
export type SubscriptionFormName = 'home' | 'news' | 'footer';

export interface SubscriptionRequest {
  readonly email: string;
  /** Optional; empty when not given. */
  readonly name: string;
  readonly form: SubscriptionFormName;
  /** The hidden field people leave empty. */
  readonly website?: string;
}

/** Asking for the news by e-mail, confirming and leaving. */
export interface SubscriptionPort {
  /**
   * Asks for a confirmation e-mail. Resolves the same whether the address was new, waiting or
   * already on the list, so nobody learns which.
   * @throws CoreError 'invalid-input' (with a field error for `email`), 'too-many-requests', 'unavailable'.
   */
  subscribe(request: SubscriptionRequest): Promise<void>;
  /**
   * Confirms with the token from the confirmation e-mail.
   * @throws CoreError 'not-found' when the token has expired or was used, 'unavailable'.
   */
  confirm(token: string): Promise<void>;
  /**
   * Takes the address off the list. Resolves alike whether the token was known.
   * @throws CoreError 'invalid-input', 'unavailable'.
   */
  unsubscribe(token: string): Promise<void>;
}
