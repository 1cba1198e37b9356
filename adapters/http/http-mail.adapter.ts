import type { ContactInboxPort, MailPort } from '../../src-core/ports/mail.port';
import type { HttpClient } from './http-client';
import {
  API_PATHS,
  SUBMISSION_KEY_HEADER,
  contactMessagePath,
  contactMessageSendPath,
  contactMessagesSchema,
  receivedContactMessageSchema,
} from '../../contract/wire';
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
    listMessages() {
      return client.request('GET', API_PATHS.contactMessages, contactMessagesSchema);
    },
    markHandled(id, handled) {
      return client.request('PATCH', contactMessagePath(id), receivedContactMessageSchema, { json: { handled } });
    },
    deleteMessage(id) {
      return client.send('DELETE', contactMessagePath(id));
    },
    sendAgain(id) {
      return client.request('POST', contactMessageSendPath(id), receivedContactMessageSchema);
    },
  };
}
