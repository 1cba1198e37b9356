import { SUBSCRIPTION_PATHS } from '../../contract/subscriptions';
import type { SubscriptionPort } from '../../src-core/ports/subscription.port';
import type { HttpClient } from './http-client';

export function createHttpSubscriptions(client: HttpClient): SubscriptionPort {
  return {
    subscribe({ email, name, form, website }) {
      const trimmedName = name.trim();
      return client.send('POST', SUBSCRIPTION_PATHS.subscribe, {
        json: { email, form, ...(trimmedName === '' ? {} : { name: trimmedName }), ...(website === undefined || website === '' ? {} : { website }) },
      });
    },
    confirm(token) {
      return client.send('POST', SUBSCRIPTION_PATHS.confirm, { json: { token } });
    },
    unsubscribe(token) {
      return client.send('POST', SUBSCRIPTION_PATHS.unsubscribe, { json: { token } });
    },
  };
}
