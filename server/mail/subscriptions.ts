import { createHash, randomBytes } from 'node:crypto';
import {
  CONFIRMATION_DAYS,
  SUBSCRIPTION_CONSENT_WORDING,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionForm,
  type WireSubscriber,
} from '../../contract/subscriptions';
import { normaliseEmail } from '../../src-core/domain/administrator';
import { CoreError } from '../../src-core/domain/core-error';
import { validateContact } from '../../src-core/domain/validation';
import type { Clock } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { HOURLY_WINDOW_MS, limitKey, refuseOverLimit } from '../http/hourly-limit';
import type { MailQueueRepository } from '../repositories/mail-queue.repository';
import type { SubscribersRepository } from '../repositories/subscribers.repository';
import { isPlainMailbox } from './contact-mail';

export const CONFIRMATION_MS = CONFIRMATION_DAYS * 24 * 60 * 60 * 1000;

/**
 * Requests for one address in an hour: a confirmation lost in a spam folder may be asked for
 * again, but nobody can use the form to fill a stranger's inbox.
 */
const MAX_REQUESTS_PER_ADDRESS = 3;
/**
 * From one network address in an hour, whoever asks: loose, as for the contact form, because a
 * care home, an office or a family shares one connection.
 */
const MAX_REQUESTS_PER_NETWORK = 50;

/** A new secret token for a link in an e-mail: a subscription's confirmation, a booking's cancel link. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Confirmation tokens are stored as this hash only: the database alone cannot confirm anyone. */
function tokenHash(token: string): string {
  return createHash('sha256').update(`subscription-confirmation:${token}`).digest('hex');
}

export interface SubscribeRequest {
  readonly email: string;
  readonly name?: string | undefined;
  readonly form: SubscriptionForm;
  readonly website?: string | undefined;
}

export interface Subscriptions {
  /**
   * Takes a subscription request: checks the address and the limits, stores it and queues the
   * confirmation mail. The caller responds to every accepted request the same way, whether the
   * address was new, waiting for its confirmation or already on the list.
   * @throws CoreError 'invalid-input' or 'too-many-requests'.
   */
  request(request: SubscribeRequest, senderAddress: string): Promise<void>;
  /** Confirms with the token from the mail; undefined when it is unknown, used or expired. */
  confirm(token: string): Promise<WireSubscriber | undefined>;
  /** Removes the subscriber with this token, if any (a second click finds nobody, which is fine). */
  unsubscribe(token: string): Promise<WireSubscriber | undefined>;
}

export interface SubscriptionsDeps {
  readonly subscribers: SubscribersRepository;
  readonly queue: MailQueueRepository;
  readonly clock: Clock;
  /** Called after mail was queued, so the sender starts at once. */
  readonly onQueued: () => void;
}

function invalidEmail(): CoreError {
  return new CoreError('invalid-input', SUBSCRIPTION_MESSAGES.invalidEmail, { fieldErrors: { email: SUBSCRIPTION_MESSAGES.invalidEmail } });
}

/** The core's rule for an e-mail address (the contact form's), then the server's own line against header injection. */
export function checkedAddress(raw: string): string {
  const email = raw.trim();
  const error = validateContact({ name: 'n', email, message: 'm' }).email;
  if (error !== undefined) throw new CoreError('invalid-input', error, { fieldErrors: { email: error } });
  if (!isPlainMailbox(email)) throw invalidEmail();
  return email;
}

export function createSubscriptions(deps: SubscriptionsDeps): Subscriptions {
  const { subscribers, queue, clock } = deps;
  return {
    async request(request, senderAddress) {
      const email = checkedAddress(request.email);
      if ((request.website ?? '').trim() !== '') return;
      const now = clock();
      const emailKey = normaliseEmail(email);
      const senderKey = limitKey('subscribe', senderAddress);
      const since = now - HOURLY_WINDOW_MS;
      refuseOverLimit(subscribers.recentForEmail(emailKey, since), MAX_REQUESTS_PER_ADDRESS, SUBSCRIPTION_MESSAGES.tooManyForAddress, now);
      refuseOverLimit(subscribers.recentFromNetwork(senderKey, since), MAX_REQUESTS_PER_NETWORK, SUBSCRIPTION_MESSAGES.tooManyFromConnection, now);

      const token = newToken();
      const name = (request.name ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
      const queued = await retryWhenBusy(() =>
        subscribers.transaction(() => {
          subscribers.countRequest(emailKey, senderKey, now);
          const outcome = subscribers.request({ email, emailKey, name, form: request.form, wording: SUBSCRIPTION_CONSENT_WORDING }, tokenHash(token), newToken(), now);
          // Already confirmed: nothing is sent, and the caller is told what everyone is told.
          if (outcome.kind === 'confirmed') return false;
          queue.enqueue({ kind: 'confirmation', address: email, addressKey: emailKey, payload: token }, now);
          return true;
        }),
      );
      if (queued) deps.onQueued();
    },
    async confirm(token) {
      const now = clock();
      return retryWhenBusy(() => subscribers.confirm(tokenHash(token), now - CONFIRMATION_MS, now));
    },
    async unsubscribe(token) {
      return retryWhenBusy(() => subscribers.unsubscribe(token));
    },
  };
}
