import type Mail from 'nodemailer/lib/mailer';
import { SUBSCRIPTION_PATHS } from '../../contract/subscriptions';
import { ASSOCIATION, confirmationPageUrl, confirmationText, mailingText, page, paragraphsOf } from '../../src-core/domain/mail-text';
import { letterText, type LetterContent } from '../../src-core/domain/membership-mail-text';
import type { StoredMailing } from '../repositories/mail-queue.repository';

// The texts live in src-core so the hosted backend writes the same mails.
export { ASSOCIATION, mailingText, page, paragraphsOf };

export type { LetterContent };

/** Who a letter goes to, and where a reply goes: the association's own address, when it is set. */
export interface LetterEnvelope {
  readonly from: string;
  readonly to: string;
  readonly messageId: string;
  readonly details: { readonly email: string };
}

/**
 * One letter from the association to one person (membership, renewal and booking mail): the
 * page above with a plain-text part every mail program can show, and nothing read from a file or
 * an address into the message.
 */
export function letterMail(envelope: LetterEnvelope, content: LetterContent): Mail.Options {
  const { subject, text, html } = letterText(content);
  return {
    from: { name: ASSOCIATION, address: envelope.from },
    to: envelope.to,
    ...(envelope.details.email === '' ? {} : { replyTo: envelope.details.email }),
    subject,
    messageId: envelope.messageId,
    text,
    html,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The address a subscriber leaves the list at: the one-click POST target and the page's address. */
function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}${SUBSCRIPTION_PATHS.unsubscribe}?token=${encodeURIComponent(token)}`;
}

/** One mailing's message to one subscriber, with RFC 8058 one-click unsubscribe. */
export function mailingMail(
  mailing: StoredMailing,
  to: string,
  from: string,
  origin: string,
  unsubscribeToken: string,
  messageId: string,
): Mail.Options {
  const content = mailingText(mailing, origin, unsubscribeToken);
  return {
    from: { name: ASSOCIATION, address: from },
    to,
    subject: content.subject,
    messageId,
    text: content.text,
    html: content.html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(origin, unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The double opt-in mail: a link to a page whose button confirms, so opening the link changes nothing. */
export function confirmationMail(to: string, from: string, origin: string, token: string, messageId: string): Mail.Options {
  const content = confirmationText(confirmationPageUrl(origin, token));
  return {
    from: { name: ASSOCIATION, address: from },
    to,
    subject: content.subject,
    messageId,
    text: content.text,
    html: content.html,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
