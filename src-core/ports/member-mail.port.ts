import type { Mailing, MailingPreview, Mailings, MailingSource, NewSubscriber, Subscriber, SubscriberList, SubscriberRecord } from '../domain/member-mail';

/**
 * E-mail to members in the admin area (self-hosted): the subscriber list and the mailings.
 * Every method needs an administrator session and may throw CoreError 'not-authorised' or
 * 'unavailable'.
 */
export interface MemberMailPort {
  /** Subscribers whose address or name contains `search` (all when empty), with the list's counts. */
  listSubscribers(search: string): Promise<SubscriberList>;
  /** @throws CoreError 'invalid-input', 'conflict' when the address is already on the list. */
  addSubscriber(subscriber: NewSubscriber): Promise<Subscriber>;
  /** Takes an address off the list. @throws CoreError 'not-found'. */
  removeSubscriber(id: string): Promise<void>;
  /** Everything stored about one subscriber. @throws CoreError 'not-found'. */
  subscriberRecord(id: string): Promise<SubscriberRecord>;
  /** Deletes the subscriber and every past mailing's row for the address. @throws CoreError 'not-found'. */
  eraseSubscriber(id: string): Promise<void>;

  listMailings(): Promise<Mailings>;
  /** A draft mailing from a news post (its id) or a newsletter file (its name). @throws CoreError 'not-found'. */
  createMailing(source: MailingSource): Promise<Mailing>;
  getMailing(id: string): Promise<Mailing>;
  previewMailing(id: string): Promise<MailingPreview>;
  /** Sends the mailing to the signed-in administrator only. @throws CoreError 'conflict' without a mail server. */
  sendTest(id: string): Promise<void>;
  /** Queues it for every confirmed subscriber. @throws CoreError 'conflict' (no mail server, or paused). */
  sendMailing(id: string): Promise<Mailing>;
  pauseMailing(id: string): Promise<Mailing>;
  resumeMailing(id: string): Promise<Mailing>;
}
