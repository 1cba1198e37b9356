import { API_MESSAGES } from '../../contract/api-messages';
import { normaliseEmail } from '../../src-core/domain/administrator';
import type { ContactMessage } from '../../src-core/domain/contact-message';
import { CoreError } from '../../src-core/domain/core-error';
import { hasErrors, validateContact } from '../../src-core/domain/validation';
import type { Clock } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { HOURLY_WINDOW_MS, limitKey, refuseOverLimit } from '../http/hourly-limit';
import { REPEAT_WINDOW_MS, type IntakeOutcome } from '../http/submission-key';
import { isPlainMailbox } from '../mail/contact-mail';
import type { ContactMessagesRepository } from '../repositories/contact-messages.repository';

/** From one sender's e-mail address in an hour: tight, as one person rarely needs more. */
const MAX_MESSAGES_PER_SENDER = 5;
/**
 * From one network address in an hour, whoever sends them: loose, because a care home, a library
 * or a family shares one connection, and a new sender there must not be refused because of the
 * others. Room for at least 20 different senders (two messages each, with room to spare).
 * @internal Outside this file only tests and fakes use it.
 */
export const MAX_MESSAGES_PER_NETWORK = 50;

export interface ContactIntake {
  /**
   * Accepts a visitor's message: checks it, applies the per-sender and per-connection limits, stores it, and wakes
   * delivery. The JSON API and the contact form posted without script both come here. A
   * repeat of a stored message gets the response the first got and not stored again.
   * `submissionKey` is the key the browser made for this submission, if any.
   * @throws CoreError 'invalid-input' (with field messages) or 'too-many-requests' (with the wait);
   *   a storage fault (a full disk, a database held by another process) as it is.
   */
  accept(message: ContactMessage, senderAddress: string, submissionKey?: string): Promise<IntakeOutcome>;
}

export interface ContactIntakeDeps {
  readonly messages: ContactMessagesRepository;
  readonly clock: Clock;
  /** Whether stored messages are e-mailed (SMTP is set up); they are stored either way. */
  readonly deliveryEnabled: boolean;
  /** Called after a message is stored, so delivery starts at once. */
  readonly onStored: () => void;
}

// The per-address limit needs to recognise an address, not to keep it.
function senderKey(address: string): string {
  return limitKey('contact', address);
}

/** The first field's message leads, as the API has always responded. */
function invalid(fieldErrors: Readonly<Record<string, string | undefined>>): CoreError {
  const present = Object.fromEntries(Object.entries(fieldErrors).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return new CoreError('invalid-input', Object.values(present)[0] ?? API_MESSAGES.invalidRequest, { fieldErrors: present });
}

export function createContactIntake(deps: ContactIntakeDeps): ContactIntake {
  return {
    async accept(message, senderAddress, submissionKey) {
      const errors = validateContact(message);
      if (hasErrors(errors)) throw invalid(errors);
      const email = message.email.trim();
      if (!isPlainMailbox(email)) throw invalid({ email: 'Please enter a valid e-mail address, like name@example.org.' });
      if ((message.website ?? '').trim() !== '') return { kind: 'dropped-robot' };

      const now = deps.clock();
      const key = { emailKey: normaliseEmail(email), senderKey: senderKey(senderAddress) };
      const stored = { name: message.name.trim(), email, message: message.message.replace(/\r\n?/g, '\n').trim(), ...key };
      const repeat = { submissionKey, since: now - REPEAT_WINDOW_MS };
      // A repeat is told all is well, as the first was, before the hourly limit could refuse it.
      const earlier = deps.messages.findRepeat(stored, repeat);
      if (earlier !== undefined) return { kind: 'repeated', id: earlier };
      const since = now - HOURLY_WINDOW_MS;
      refuseOverLimit(deps.messages.recentFromEmail(key.emailKey, since), MAX_MESSAGES_PER_SENDER, API_MESSAGES.tooManyMessages, now);
      refuseOverLimit(deps.messages.recentFromNetwork(key.senderKey, since), MAX_MESSAGES_PER_NETWORK, API_MESSAGES.tooManyFromConnection, now);

      const outcome = await retryWhenBusy(() => deps.messages.addOnce(stored, now, deps.deliveryEnabled ? now : undefined, repeat));
      if (outcome.repeated) return { kind: 'repeated', id: outcome.id };
      deps.onStored();
      return { kind: 'stored', id: outcome.id };
    },
  };
}
