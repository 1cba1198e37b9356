import { useSearchParams } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { subscriptionFormName, subscriptionResult } from '../../../src-core/domain/subscription';
import { NotForSearchEnginesOnceRunning } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { SubscriptionForm } from '../../components/subscription-form';
import { useBackend } from '../../lib/backend.context';
import { NO_NEWS_BY_EMAIL } from './token-action';
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
      <NotForSearchEnginesOnceRunning />
      <PageHeading>News by e-mail</PageHeading>
      {subscriptions === undefined ? (
        <p>{NO_NEWS_BY_EMAIL}</p>
      ) : (
        <SubscriptionForm form={form} result={subscriptionResult(params.get('result'))} />
      )}
    </div>
  );
}
