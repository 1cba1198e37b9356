import { SUBSCRIPTION_PAGE_PATHS, SUBSCRIPTION_TEXTS } from '../../../src-core/domain/subscription';
import { TokenPage } from './token-action';

/** The page every e-mail to members links to: one button, no sign-in. */
export function UnsubscribeView() {
  return (
    <TokenPage
      route="unsubscribe"
      heading="Unsubscribe"
      action={SUBSCRIPTION_PAGE_PATHS.unsubscribe}
      explanation="Press the button to stop our news and newsletters coming to your e-mail."
      button="Unsubscribe"
      doneText={SUBSCRIPTION_TEXTS.unsubscribed}
      doneResult="unsubscribed"
      refusedText="This link is not complete. Please use the whole link from the end of one of our e-mails."
      run={(subscriptions, token) => subscriptions.unsubscribe(token)}
    />
  );
}
