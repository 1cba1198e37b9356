import type Mail from 'nodemailer/lib/mailer';
import { CONFIRMATION_DAYS, SUBSCRIPTION_PAGES, SUBSCRIPTION_PATHS } from '../../contract/subscriptions';
import { escapeAttribute as escapeHtml } from '../render/html-escape';
import type { StoredMailing } from '../repositories/mail-queue.repository';
import { oneLine } from './contact-mail';

export const ASSOCIATION = 'Retired Nurses Association of Ireland';

export interface MessageText {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/**
 * A whole page of mail, readable by everyone: the language set, a real heading, large type
 * (20 px, 1.5 line height), near-black on white (over 15:1) and a dark blue link (over 7:1),
 * no images, one column.
 */
export function page(subject: string, heading: string, paragraphs: readonly string[], action: { text: string; href: string } | undefined, footer: readonly string[]): string {
  const para = (text: string) => `<p style="margin:0 0 1em 0">${escapeHtml(text)}</p>`;
  const link = (text: string, href: string) =>
    `<a href="${escapeHtml(href)}" style="color:#0b3d91;text-decoration:underline;font-weight:bold">${escapeHtml(text)}</a>`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#ffffff;color:#1a1a1a">',
    '<div style="max-width:40em;margin:0 auto;padding:1.5em 1em;font-family:Arial,Helvetica,sans-serif;font-size:20px;line-height:1.5;color:#1a1a1a;background:#ffffff">',
    `<p style="margin:0 0 1em 0;font-size:18px">${escapeHtml(ASSOCIATION)}</p>`,
    `<h1 style="font-size:28px;line-height:1.25;margin:0 0 0.75em 0;color:#1a1a1a">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map(para),
    ...(action === undefined ? [] : [`<p style="margin:1.5em 0">${link(action.text, action.href)}</p>`]),
    '<hr style="border:0;border-top:1px solid #595959;margin:2em 0 1em 0">',
    ...footer.map((line) => `<p style="margin:0 0 0.75em 0;font-size:18px">${line}</p>`),
    '</div></body></html>',
  ].join('\n');
}

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

export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The address a subscriber leaves the list at: the one-click POST target and the page's address. */
function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}${SUBSCRIPTION_PATHS.unsubscribe}?token=${encodeURIComponent(token)}`;
}

function unsubscribePageUrl(origin: string, token: string): string {
  return `${origin}${SUBSCRIPTION_PAGES.unsubscribe}?token=${encodeURIComponent(token)}`;
}

/** What a mailing says, the same for every reader except the way out. */
export function mailingText(mailing: StoredMailing, origin: string, unsubscribeToken: string): MessageText {
  const subject = oneLine(mailing.subject).slice(0, 200);
  const paragraphs = paragraphsOf(mailing.body);
  const action = { text: mailing.sourceKind === 'newsletter' ? 'Read the newsletter (PDF)' : 'Read it on our website', href: mailing.link };
  const leave = unsubscribePageUrl(origin, unsubscribeToken);
  const footer = [
    `You get this e-mail because you asked for the ${escapeHtml(ASSOCIATION)}'s news by e-mail.`,
    `To stop these e-mails, <a href="${escapeHtml(leave)}" style="color:#0b3d91;text-decoration:underline">unsubscribe here</a>.`,
  ];
  return {
    subject,
    html: page(subject, subject, paragraphs, action, footer),
    text: [
      ASSOCIATION,
      '',
      subject,
      '='.repeat(Math.min(subject.length, 70)),
      '',
      ...paragraphs.flatMap((paragraph) => [paragraph, '']),
      `${action.text}: ${action.href}`,
      '',
      '--',
      `You get this e-mail because you asked for the ${ASSOCIATION}'s news by e-mail.`,
      `To stop these e-mails, unsubscribe here: ${leave}`,
      '',
    ].join('\n'),
  };
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
  const subject = 'Please confirm: news by e-mail';
  const confirm = `${origin}${SUBSCRIPTION_PAGES.confirm}?token=${encodeURIComponent(token)}`;
  const paragraphs = [
    `Someone, we hope you, asked for the ${ASSOCIATION}'s news by e-mail at this address.`,
    `To start getting our news, open the link below and press the button on that page. The link works for ${CONFIRMATION_DAYS} days.`,
    'If you did not ask for this, ignore this e-mail: you will get nothing more from us.',
  ];
  return {
    from: { name: ASSOCIATION, address: from },
    to,
    subject,
    messageId,
    text: [ASSOCIATION, '', subject, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `Confirm here: ${confirm}`, ''].join('\n'),
    html: page(subject, 'Please confirm your address', paragraphs, { text: 'Confirm that I want the news', href: confirm }, []),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
