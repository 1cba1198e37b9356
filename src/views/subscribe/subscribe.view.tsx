import { useSearchParams } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { subscriptionFormName, subscriptionResult } from '../../../src-core/domain/subscription';
import { NotForSearchEngines } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { SubscriptionForm } from '../../components/subscription-form';
import { useBackend } from '../../lib/backend.context';
import './subscribe.css';

/**
 * Where the subscription form posted without script lands (the server sends the browser here
 * with `?result=`): the outcome, and the form again when it was refused.
 */
export function SubscribeView() {
  usePageTitle(pageTitle('subscribe'));
  const [params] = useSearchParams();
  const { subscriptions } = useBackend();
  const form = subscriptionFormName(params.get('form')) ?? 'footer';
  return (
    <div className="subscribe">
      <NotForSearchEngines />
      <PageHeading>News by e-mail</PageHeading>
      {subscriptions === undefined ? (
        <p>This website does not send news by e-mail. Please visit the News page for the latest news.</p>
      ) : (
        <SubscriptionForm form={form} result={subscriptionResult(params.get('result'))} />
      )}
    </div>
  );
}
