export interface ContactMessage {
  readonly name: string;
  readonly email: string;
  readonly message: string;
  /**
   * The form's hidden trap field, which people never see or fill. A backend that receives a
   * value in it treats the message as a robot's: it answers as if accepted and keeps nothing.
   */
  readonly website?: string;
}

export interface MailPort {
  /**
   * Hands a contact message to the backend. Resolves once the backend has accepted it:
   * stored (self-hosted, which then e-mails it) or sent (hosted, through EmailJS).
   * @throws CoreError 'invalid-input', 'too-many-requests', 'unavailable'.
   */
  sendContactMessage(message: ContactMessage): Promise<void>;
}

export type DeliveryState = 'pending' | 'sent' | 'failed';

export interface ReceivedContactMessage extends ContactMessage {
  readonly id: string;
  /** ISO 8601 date-time the message was received. */
  readonly receivedAt: string;
  readonly delivery: DeliveryState;
  /** How many delivery attempts were made so far. */
  readonly attempts: number;
}

/** The administrator's inbox. Only the self-hosted backend keeps messages. */
export interface ContactInboxPort {
  /**
   * Received messages, newest first.
   * @throws CoreError 'not-authorised' without an administrator session.
   */
  listMessages(): Promise<ReceivedContactMessage[]>;
}
