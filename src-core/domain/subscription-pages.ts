/**
 * Where the subscription form posts without script, and the pages a subscriber's e-mails link
 * to. Apart from the form's words (subscription.ts), since the route table in every first load
 * needs only these.
 */
export const SUBSCRIPTION_PAGE_PATHS = {
  subscribe: '/subscribe',
  confirm: '/subscribe/confirm',
  unsubscribe: '/unsubscribe',
} as const;
