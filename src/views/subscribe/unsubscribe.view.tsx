import { useSearchParams } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { SUBSCRIPTION_PAGE_PATHS, SUBSCRIPTION_TEXTS } from '../../../src-core/domain/subscription';
import { NotForSearchEnginesOnceRunning } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { useBackend } from '../../lib/backend.context';
import { TokenAction, outcomeFor } from './token-action';
import './subscribe.css';

const LINK_CUT_SHORT = 'This link is not complete. Please use the whole link from the end of one of our e-mails.';

/** The page every e-mail to members links to: one button, no sign-in. */
export function UnsubscribeView() {
  usePageTitle(pageTitle('unsubscribe'));
  const [params] = useSearchParams();
  const { subscriptions } = useBackend();
  const token = params.get('token') ?? undefined;
  return (
    <div className="subscribe">
      <NotForSearchEnginesOnceRunning />
      <PageHeading>Unsubscribe</PageHeading>
      <TokenAction
        token={token === '' ? undefined : token}
        action={SUBSCRIPTION_PAGE_PATHS.unsubscribe}
        explanation="Press the button to stop our news and newsletters coming to your e-mail."
        button="Unsubscribe"
        doneText={SUBSCRIPTION_TEXTS.unsubscribed}
        refusedText={LINK_CUT_SHORT}
        initial={outcomeFor(params.get('result') ?? undefined, 'unsubscribed', LINK_CUT_SHORT)}
        run={subscriptions === undefined ? undefined : (value) => subscriptions.unsubscribe(value)}
      />
    </div>
  );
}
