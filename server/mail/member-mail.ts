import type Mail from 'nodemailer/lib/mailer';
import { SUBSCRIPTION_PATHS } from '../../contract/subscriptions';
import { ASSOCIATION, confirmationPageUrl, confirmationText, mailingText, page, paragraphsOf } from '../../src-core/domain/mail-text';
import type { StoredMailing } from '../repositories/mail-queue.repository';

// The texts live in src-core so the hosted backend writes the same mails.
export { ASSOCIATION, mailingText, page, paragraphsOf };

/** What a letter to one person says: a subject, a heading, paragraphs, and at most one link as a button. */
export interface LetterContent {
  readonly subject: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly action?: { readonly text: string; readonly href: string };
}

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
  const action = content.action === undefined ? undefined : { ...content.action };
  const text = [
    ASSOCIATION,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action === undefined ? [] : [`${action.text}: ${action.href}`, '']),
  ].join('\n');
  return {
    from: { name: ASSOCIATION, address: envelope.from },
    to: envelope.to,
    ...(envelope.details.email === '' ? {} : { replyTo: envelope.details.email }),
    subject: content.subject,
    messageId: envelope.messageId,
    text,
    html: page(content.subject, content.heading, content.paragraphs, action, []),
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
