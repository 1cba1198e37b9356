import type { ContactInbox, ContactMessage, ReceivedContactMessage } from '../domain/contact-message';

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
   * Received messages, newest first, and whether they are e-mailed.
   * @throws CoreError 'not-authorised' without an administrator session.
   */
  listMessages(): Promise<ContactInbox>;
  /**
   * Marks a message dealt with (or, with false, new again) and returns it as stored.
   * @throws CoreError 'not-found', 'not-authorised', 'unavailable'.
   */
  markHandled(id: string, handled: boolean): Promise<ReceivedContactMessage>;
  /**
   * Deletes a message for good.
   * @throws CoreError 'not-found', 'not-authorised', 'unavailable'.
   */
  deleteMessage(id: string): Promise<void>;
  /**
   * E-mails a failed (or never e-mailed) message to the association again, from the start.
   * Resolves with the message as stored, waiting to be sent.
   * @throws CoreError 'conflict' when no mail server is set up or the message was already sent,
   *   'not-found', 'not-authorised', 'unavailable'.
   */
  sendAgain(id: string): Promise<ReceivedContactMessage>;
}
