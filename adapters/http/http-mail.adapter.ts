import type { ContactInboxPort, MailPort } from '../../src-core/ports/mail.port';
import type { HttpClient } from './http-client';
import { API_PATHS, SUBMISSION_KEY_HEADER, contactMessagesSchema } from '../../contract/wire';
import { newSubmissionKey } from '../../contract/submission-key';

export function createHttpMail(client: HttpClient): MailPort {
  return {
    sendContactMessage(message) {
      const { website } = message;
      return client.send('POST', API_PATHS.contact, {
        json: { name: message.name, email: message.email, message: message.message, ...(website === undefined ? {} : { website }) },
        headers: { [SUBMISSION_KEY_HEADER]: newSubmissionKey() },
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
