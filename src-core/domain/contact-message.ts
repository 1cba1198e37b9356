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

export type DeliveryState = 'pending' | 'sent' | 'failed';

export interface ReceivedContactMessage extends ContactMessage {
  readonly id: string;
  /** ISO 8601 date-time the message was received. */
  readonly receivedAt: string;
  readonly delivery: DeliveryState;
  /** How many delivery attempts were made so far. */
  readonly attempts: number;
}
