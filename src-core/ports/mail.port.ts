import type { ContactMessage, ReceivedContactMessage } from '../domain/contact-message';

export interface MailPort {
  /**
   * Hands a contact message to the backend. Resolves once the backend has accepted it:
   * stored (self-hosted, which then e-mails it) or sent (hosted, through EmailJS).
   * @throws CoreError 'invalid-input', 'too-many-requests', 'unavailable'.
   */
  sendContactMessage(message: ContactMessage): Promise<void>;
}

/** The administrator's inbox. Only the self-hosted backend keeps messages. */
export interface ContactInboxPort {
  /**
   * Received messages, newest first.
   * @throws CoreError 'not-authorised' without an administrator session.
   */
  listMessages(): Promise<ReceivedContactMessage[]>;
}
