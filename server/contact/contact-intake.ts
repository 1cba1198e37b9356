import { createHash } from 'node:crypto';
import { API_MESSAGES } from '../../contract/api-messages';
import { normaliseEmail } from '../../src-core/domain/administrator';
import type { ContactMessage } from '../../src-core/domain/contact-message';
import { CoreError } from '../../src-core/domain/core-error';
import { hasErrors, validateContact } from '../../src-core/domain/validation';
import type { Clock } from '../clock';
import { isPlainMailbox } from '../mail/contact-mail';
import type { ContactMessagesRepository } from '../repositories/contact-messages.repository';

const CONTACT_WINDOW_MS = 60 * 60 * 1000;
const MAX_MESSAGES_PER_WINDOW = 5;

export type IntakeOutcome =
  | { readonly kind: 'stored'; readonly id: number }
  /** The hidden trap field was filled: a robot, told all is well, and nothing is kept. */
  | { readonly kind: 'dropped-robot' };

export interface ContactIntake {
  /**
   * Accepts a visitor's message: checks it, applies the per-sender limit, stores it, and wakes
   * delivery. The JSON API and the contact form posted without script both come here.
   * @throws CoreError 'invalid-input' (with field messages) or 'too-many-requests' (with the wait).
   */
  accept(message: ContactMessage, senderAddress: string): IntakeOutcome;
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
    accept(message, senderAddress) {
      const errors = validateContact(message);
      if (hasErrors(errors)) throw invalid(errors);
      const email = message.email.trim();
      if (!isPlainMailbox(email)) throw invalid({ email: 'Please enter a valid e-mail address, like name@example.org.' });
      if ((message.website ?? '').trim() !== '') return { kind: 'dropped-robot' };

      const now = deps.clock();
      const key = { emailKey: normaliseEmail(email), senderKey: senderKey(senderAddress) };
      const recent = deps.messages.recent(key.emailKey, key.senderKey, now - CONTACT_WINDOW_MS);
      if (recent.count >= MAX_MESSAGES_PER_WINDOW && recent.oldest !== undefined) {
        const retryAfterSeconds = Math.max(1, Math.ceil((recent.oldest + CONTACT_WINDOW_MS - now) / 1000));
        throw new CoreError('too-many-requests', API_MESSAGES.tooManyMessages, { retryAfterSeconds });
      }

      const id = deps.messages.add(
        { name: message.name.trim(), email, message: message.message.replace(/\r\n?/g, '\n').trim(), ...key },
        now,
        deps.deliveryEnabled ? now : undefined,
      );
      deps.onStored();
      return { kind: 'stored', id };
    },
  };
}
