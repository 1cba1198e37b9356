import { SubscribeConfirmView } from './subscribe-confirm.view';
import { SubscribeView } from './subscribe.view';
import { UnsubscribeView } from './unsubscribe.view';

const PAGES = { subscribe: SubscribeView, confirm: SubscribeConfirmView, unsubscribe: UnsubscribeView } as const;

/** The three subscription pages, one chunk: they are small and seldom seen. */
export function SubscriptionPage({ page }: { readonly page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}
