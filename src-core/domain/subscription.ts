import type { SubscriptionFormName } from '../ports/subscription.port';

export { SUBSCRIPTION_PAGE_PATHS } from './subscription-pages';

/**
 * The subscription form's words and the addresses of its pages, for the pages themselves (without
 * the wire schemas, which would weigh on every page's first load). contract/subscriptions.ts holds
 * the same texts for the server; src-core/domain/subscription.test.ts keeps the two alike.
 */
export const SUBSCRIPTION_TEXTS = {
  heading: 'Get our news by e-mail',
  consentWording:
    'Get our news by e-mail. We will send you our news and newsletters. Every e-mail has a link to stop them, and we use your address for nothing else.',
  /** The one answer to every request, so no page says whether an address is known. */
  thankYou: 'Thank you: please check your e-mail for a link to confirm.',
  invalidEmail: 'Please enter a valid e-mail address, like name@example.org.',
  tooManyForAddress: 'Several requests for this e-mail address came in the last hour. Please wait a while before trying again.',
  tooManyFromConnection:
    'A great many requests have come from your internet connection in the last hour. Please wait a while before trying again.',
  confirmationNotValid: 'This confirmation link has expired or was already used. Please sign up again.',
  subscribed: 'You are subscribed. Our news will come to your e-mail.',
  unsubscribed: 'You are unsubscribed. We will send you no more news by e-mail.',
  unavailable: 'Something went wrong on the website. Please try again in a moment.',
} as const;

/** How long a subscription request waits for its confirmation before it is deleted (contract/subscriptions.ts). */
export const CONFIRMATION_DAYS = 7;

/** What a page posted without script ended in, named in the address the browser is sent to (`?result=`). */
export const SUBSCRIPTION_RESULTS = [
  'sent',
  'invalid-email',
  'too-many-for-address',
  'too-many-from-connection',
  'confirmed',
  'not-valid',
  'unsubscribed',
  'unavailable',
] as const;
export type SubscriptionResult = (typeof SUBSCRIPTION_RESULTS)[number];

export function subscriptionResult(value: string | null | undefined): SubscriptionResult | undefined {
  return SUBSCRIPTION_RESULTS.find((result) => result === value);
}

const SUBSCRIPTION_FORM_NAMES: readonly SubscriptionFormName[] = ['home', 'news', 'footer'];

export function subscriptionFormName(value: string | null | undefined): SubscriptionFormName | undefined {
  return SUBSCRIPTION_FORM_NAMES.find((name) => name === value);
}

/** The message a refused request shows, by the refusal's words (the server's) or its kind. */
export function tooManyResult(message: string): SubscriptionResult {
  return message === SUBSCRIPTION_TEXTS.tooManyFromConnection ? 'too-many-from-connection' : 'too-many-for-address';
}
