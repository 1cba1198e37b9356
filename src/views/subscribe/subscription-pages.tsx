import { BOOKING_PAGE_VIEWS } from '../bookings/booking-pages';
import { SubscribeConfirmView } from './subscribe-confirm.view';
import { SubscribeView } from './subscribe.view';
import { UnsubscribeView } from './unsubscribe.view';

const PAGES = { subscribe: SubscribeView, confirm: SubscribeConfirmView, unsubscribe: UnsubscribeView, ...BOOKING_PAGE_VIEWS } as const;

/**
 * The pages of one visitor's subscription or booking, one chunk: they are small and seldom seen,
 * and one dynamic import keeps every page's first load (the route table) within its budget.
 */
export function SubscriptionPage({ page }: { readonly page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}
