export interface ContactMessage {
  readonly name: string;
  readonly email: string;
  readonly message: string;
  /**
   * The form's hidden trap field, which people never see or fill. A backend that receives a
   * value in it treats the message as a robot's: it responds as if accepted and keeps nothing.
   */
  readonly website?: string;
}

/**
 * Whether a stored message was e-mailed to the association (self-hosted):
 * 'pending' waits for its next attempt, 'sent' went, 'failed' was refused or ran out of attempts,
 * 'not-emailed' arrived while no mail server was set up, so it is only stored.
 */
export type DeliveryState = 'pending' | 'sent' | 'failed' | 'not-emailed';

export interface ReceivedContactMessage extends ContactMessage {
  readonly id: string;
  /** ISO 8601 date-time the message was received. */
  readonly receivedAt: string;
  readonly delivery: DeliveryState;
  /** How many delivery attempts were made so far. */
  readonly attempts: number;
  /** Whether an administrator marked it dealt with; the admin page counts the others as new. */
  readonly handled: boolean;
}

/** The administrator's inbox: the messages, newest first, and whether the server e-mails them. */
export interface ContactInbox {
  readonly messages: readonly ReceivedContactMessage[];
  /** False where no mail server is set up: messages are then only stored. */
  readonly emailSetUp: boolean;
}

/** Messages nobody has marked handled yet. */
export function newMessageCount(messages: readonly ReceivedContactMessage[]): number {
  return messages.filter((message) => !message.handled).length;
}

/** Whether 'Send by e-mail again' can do anything for this message. */
export function canSendAgain(message: ReceivedContactMessage, emailSetUp: boolean): boolean {
  return emailSetUp && (message.delivery === 'failed' || message.delivery === 'not-emailed');
}

/** The subject a reply starts with, so the sender knows at once what it answers. */
export const REPLY_SUBJECT = 'Your message to the Retired Nurses Association of Ireland';

/** The newest message first, whatever order a backend listed them in. */
export function newestFirst(messages: readonly ReceivedContactMessage[]): ReceivedContactMessage[] {
  return [...messages].sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt));
}
