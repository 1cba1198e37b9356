import type { ContactInboxPort, ContactMessage, MailPort } from '../../src-core/ports/mail.port';
import type { HttpClient } from './http-client';
import { API_PATHS, contactMessagesSchema } from './wire';

/** The contact form's hidden honeypot field travels with the message when the form supplies it. */
function honeypotOf(message: ContactMessage): string | undefined {
  const website: unknown = (message as { website?: unknown }).website;
  return typeof website === 'string' ? website : undefined;
}

export function createHttpMail(client: HttpClient): MailPort {
  return {
    sendContactMessage(message) {
      const website = honeypotOf(message);
      return client.send('POST', API_PATHS.contact, {
        json: { name: message.name, email: message.email, message: message.message, ...(website === undefined ? {} : { website }) },
      });
    },
  };
}

export function createHttpContactInbox(client: HttpClient): ContactInboxPort {
  return {
    async listMessages() {
      const { messages } = await client.request('GET', API_PATHS.contactMessages, contactMessagesSchema);
      return messages;
    },
  };
}
