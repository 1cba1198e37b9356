import { createHash } from 'node:crypto';
import { API_MESSAGES } from '../../contract/api-messages';
import { normaliseEmail } from '../../src-core/domain/administrator';
import type { ContactMessage } from '../../src-core/domain/contact-message';
import { CoreError } from '../../src-core/domain/core-error';
import { hasErrors, validateContact } from '../../src-core/domain/validation';
import type { Clock } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { REPEAT_WINDOW_MS } from '../http/submission-key';
import { isPlainMailbox } from '../mail/contact-mail';
import type { ContactMessagesRepository } from '../repositories/contact-messages.repository';

const CONTACT_WINDOW_MS = 60 * 60 * 1000;
const MAX_MESSAGES_PER_WINDOW = 5;

export type IntakeOutcome =
  | { readonly kind: 'stored'; readonly id: number }
  /** The same message arrived before (same key, or same sender and text within a minute): kept once. */
  | { readonly kind: 'repeated'; readonly id: number }
  /** The hidden trap field was filled: a robot, told all is well, and nothing is kept. */
  | { readonly kind: 'dropped-robot' };

export interface ContactIntake {
  /**
   * Accepts a visitor's message: checks it, applies the per-sender limit, stores it, and wakes
   * delivery. The JSON API and the contact form posted without script both come here. A
   * repeat of a stored message is answered as the first was and not stored again.
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
  return createHash('sha256').update(`contact:${address}`).digest('hex');
}

/** The first field's message leads, as the API has always answered. */
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
      const recent = deps.messages.recent(key.emailKey, key.senderKey, now - CONTACT_WINDOW_MS);
      if (recent.count >= MAX_MESSAGES_PER_WINDOW && recent.oldest !== undefined) {
        const retryAfterSeconds = Math.max(1, Math.ceil((recent.oldest + CONTACT_WINDOW_MS - now) / 1000));
        throw new CoreError('too-many-requests', API_MESSAGES.tooManyMessages, { retryAfterSeconds });
      }

      const outcome = await retryWhenBusy(() => deps.messages.addOnce(stored, now, deps.deliveryEnabled ? now : undefined, repeat));
      if (outcome.repeated) return { kind: 'repeated', id: outcome.id };
      deps.onStored();
      return { kind: 'stored', id: outcome.id };
    },
  };
}
