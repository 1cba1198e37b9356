import { hasErrors, validateContact } from '../../src-core/domain/validation';
import { CoreError } from '../../src-core/domain/core-error';
import type { ContactInboxPort, MailPort } from '../../src-core/ports/mail.port';
import type { ReceivedContactMessage } from '../../src-core/domain/contact-message';
import { ADMIN_ONLY, CHECK_THE_FORM } from './memory-messages';

export interface MemoryMailOptions {
  readonly messages?: readonly ReceivedContactMessage[];
  /** Whether the caller may read the inbox; the memory backend asks its auth for an administrator. */
  readonly canRead?: () => boolean;
  readonly now?: () => Date;
}

export interface MemoryMail {
  readonly mail: MailPort;
  readonly inbox: ContactInboxPort;
  /** Everything received, oldest first, for tests and local development. */
  received(): ReceivedContactMessage[];
}

/** Keeps messages as the self-hosted backend does when it has no SMTP settings: stored, pending. */
export function createMemoryMail(options: MemoryMailOptions = {}): MemoryMail {
  const messages: ReceivedContactMessage[] = [...(options.messages ?? [])];
  const canRead = options.canRead ?? (() => true);
  const now = options.now ?? (() => new Date());

  return {
    mail: {
      async sendContactMessage(message) {
        const fieldErrors = validateContact(message);
        if (hasErrors(fieldErrors)) throw new CoreError('invalid-input', CHECK_THE_FORM, { fieldErrors });
        messages.push({
          id: `message-${messages.length + 1}`,
          name: message.name.trim(),
          email: message.email.trim(),
          message: message.message.trim(),
          receivedAt: now().toISOString(),
          delivery: 'pending',
          attempts: 0,
        });
      },
    },
    inbox: {
      async listMessages() {
        if (!canRead()) throw new CoreError('not-authorised', ADMIN_ONLY);
        return messages
          .map((message, index) => ({ message, index }))
          .sort((a, b) => Date.parse(b.message.receivedAt) - Date.parse(a.message.receivedAt) || b.index - a.index)
          .map(({ message }) => ({ ...message }));
      },
    },
    received: () => messages.map((message) => ({ ...message })),
  };
}
