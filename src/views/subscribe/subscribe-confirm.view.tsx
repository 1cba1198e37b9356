import { SUBSCRIPTION_PAGE_PATHS, SUBSCRIPTION_TEXTS } from '../../../src-core/domain/subscription';
import { TokenPage } from './token-action';

/** The page the confirmation e-mail links to: its button confirms, opening it does not. */
export function SubscribeConfirmView() {
  return (
    <TokenPage
      route="subscribe-confirm"
      heading="Confirm your subscription"
      action={SUBSCRIPTION_PAGE_PATHS.confirm}
      explanation="Press the button to confirm that you would like our news and newsletters by e-mail."
      button="Confirm my subscription"
      doneText={SUBSCRIPTION_TEXTS.subscribed}
      doneResult="confirmed"
      refusedText={SUBSCRIPTION_TEXTS.confirmationNotValid}
      run={(subscriptions, token) => subscriptions.confirm(token)}
    />
  );
}
