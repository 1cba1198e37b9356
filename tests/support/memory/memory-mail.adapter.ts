import { hasErrors, validateContact } from '../../../src-core/domain/validation';
import { CoreError } from '../../../src-core/domain/core-error';
import type { ContactInboxPort, MailPort } from '../../../src-core/ports/mail.port';
import type { ReceivedContactMessage } from '../../../src-core/domain/contact-message';
import { ADMIN_ONLY, CHECK_THE_FORM, EMAIL_NOT_SET_UP, MESSAGE_NOT_FOUND } from './memory-messages';

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

/** Keeps messages as the self-hosted backend does when it has no SMTP settings: stored, not e-mailed. */
export function createMemoryMail(options: MemoryMailOptions = {}): MemoryMail {
  let messages: ReceivedContactMessage[] = [...(options.messages ?? [])];
  const canRead = options.canRead ?? (() => true);
  const now = options.now ?? (() => new Date());
  let nextId = messages.length + 1;

  function find(id: string): ReceivedContactMessage {
    if (!canRead()) throw new CoreError('not-authorised', ADMIN_ONLY);
    const message = messages.find((candidate) => candidate.id === id);
    if (message === undefined) throw new CoreError('not-found', MESSAGE_NOT_FOUND);
    return message;
  }

  return {
    mail: {
      async sendContactMessage(message) {
        const fieldErrors = validateContact(message);
        if (hasErrors(fieldErrors)) throw new CoreError('invalid-input', CHECK_THE_FORM, { fieldErrors });
        messages.push({
          id: `message-${nextId++}`,
          name: message.name.trim(),
          email: message.email.trim(),
          message: message.message.trim(),
          receivedAt: now().toISOString(),
          delivery: 'not-emailed',
          attempts: 0,
          handled: false,
        });
      },
    },
    inbox: {
      async listMessages() {
        if (!canRead()) throw new CoreError('not-authorised', ADMIN_ONLY);
        const newestFirst = messages
          .map((message, index) => ({ message, index }))
          .sort((a, b) => Date.parse(b.message.receivedAt) - Date.parse(a.message.receivedAt) || b.index - a.index)
          .map(({ message }) => ({ ...message }));
        return { messages: newestFirst, emailSetUp: false };
      },
      async markHandled(id, handled) {
        const changed = { ...find(id), handled };
        messages = messages.map((message) => (message.id === id ? changed : message));
        return { ...changed };
      },
      async deleteMessage(id) {
        find(id);
        messages = messages.filter((message) => message.id !== id);
      },
      // Nothing is e-mailed in memory, as on a server without a mail server.
      async sendAgain(id) {
        find(id);
        throw new CoreError('conflict', EMAIL_NOT_SET_UP);
      },
    },
    received: () => messages.map((message) => ({ ...message })),
  };
}
