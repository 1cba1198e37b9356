import { JoinThanksView, JoinView } from './join.view';

const PAGES = { form: JoinView, thanks: JoinThanksView } as const;

/** The join page and its thanks page, one chunk. */
export function JoinPage({ page }: { readonly page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}
