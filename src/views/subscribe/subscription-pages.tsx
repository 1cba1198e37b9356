import { BOOKING_PAGE_VIEWS } from '../bookings/booking-pages';

export { BookingSection } from '../event/booking-section';
import { SubscribeConfirmView } from './subscribe-confirm.view';
import { SubscribeView } from './subscribe.view';
import { UnsubscribeView } from './unsubscribe.view';

const PAGES = { subscribe: SubscribeView, confirm: SubscribeConfirmView, unsubscribe: UnsubscribeView, ...BOOKING_PAGE_VIEWS } as const;

/**
 * The pages of one visitor's subscription or booking, one chunk (visitor-pages.load.ts) with an
 * event page's booking section: they are small and seldom seen.
 */
export function SubscriptionPage({ page }: { readonly page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}
