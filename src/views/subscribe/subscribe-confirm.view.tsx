import { useSearchParams } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { SUBSCRIPTION_PAGE_PATHS, SUBSCRIPTION_TEXTS } from '../../../src-core/domain/subscription';
import { NotForSearchEnginesOnceRunning } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { useBackend } from '../../lib/backend.context';
import { TokenAction, outcomeFor } from './token-action';
import './subscribe.css';

/** The page the confirmation e-mail links to: its button confirms, opening it does not. */
export function SubscribeConfirmView() {
  usePageTitle(pageTitle('subscribe-confirm'));
  const [params] = useSearchParams();
  const { subscriptions } = useBackend();
  const token = params.get('token') ?? undefined;
  return (
    <div className="subscribe">
      <NotForSearchEnginesOnceRunning />
      <PageHeading>Confirm your subscription</PageHeading>
      <TokenAction
        token={token === '' ? undefined : token}
        action={SUBSCRIPTION_PAGE_PATHS.confirm}
        explanation="Press the button to confirm that you would like our news and newsletters by e-mail."
        button="Confirm my subscription"
        doneText={SUBSCRIPTION_TEXTS.subscribed}
        refusedText={SUBSCRIPTION_TEXTS.confirmationNotValid}
        initial={outcomeFor(params.get('result') ?? undefined, 'confirmed', SUBSCRIPTION_TEXTS.confirmationNotValid)}
        run={subscriptions === undefined ? undefined : (value) => subscriptions.confirm(value)}
      />
    </div>
  );
}
