/**
 * The words and layout of the association's e-mails, for both backends: the self-hosted server
 * hands them to its mail queue (server/mail/member-mail.ts), the hosted backend writes them to
 * Firestore for the Trigger Email extension (adapters/firebase/firestore-subscriptions.adapter.ts).
 * Pure text, so one builder serves a server and a browser.
 */
import { CONFIRMATION_DAYS } from './subscription';
import { SUBSCRIPTION_PAGE_PATHS } from './subscription-pages';

export const ASSOCIATION = 'Retired Nurses Association of Ireland';

// Controls and line separators: nothing that could end a header line may reach one.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAKERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Text made safe for a header: one line, controls replaced by spaces. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKERS, ' ').replace(/\s+/g, ' ').trim();
}

export interface MessageText {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** Text for an HTML element's content or a double-quoted attribute value. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A whole page of mail, readable by everyone: the language set, a real heading, large type
 * (20 px, 1.5 line height), near-black on white (over 15:1) and a dark blue link (over 7:1),
 * no images, one column. `footer` lines are HTML already.
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

export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * A single plain address with nothing that an e-mail header would read as a second address,
 * a display name, a comment or a line break. The core's validation judges the shape for the
 * visitor; this is the line against header injection.
 */
export function isPlainMailbox(email: string): boolean {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return /^[^\s@<>,;:"()[\]\\\u0000-\u001f\u007f-\u009f\u2028\u2029]+@[^\s@<>,;:"()[\]\\\u0000-\u001f\u007f-\u009f\u2028\u2029]+$/.test(
    email,
  );
}

/** The page a confirmation e-mail links to, with its token. */
export function confirmationPageUrl(origin: string, token: string): string {
  return `${origin}${SUBSCRIPTION_PAGE_PATHS.confirm}?token=${encodeURIComponent(token)}`;
}

/** The page a subscriber leaves the list at, with their token. */
export function unsubscribePageUrl(origin: string, token: string): string {
  return `${origin}${SUBSCRIPTION_PAGE_PATHS.unsubscribe}?token=${encodeURIComponent(token)}`;
}

/** The double opt-in mail: a link to a page whose button confirms, so opening the link changes nothing. */
export function confirmationText(confirmUrl: string): MessageText {
  const subject = 'Please confirm: news by e-mail';
  const paragraphs = [
    `Someone, we hope you, asked for the ${ASSOCIATION}'s news by e-mail at this address.`,
    `To start getting our news, open the link below and press the button on that page. The link works for ${CONFIRMATION_DAYS} days.`,
    'If you did not ask for this, ignore this e-mail: you will get nothing more from us.',
  ];
  return {
    subject,
    text: [ASSOCIATION, '', subject, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `Confirm here: ${confirmUrl}`, ''].join('\n'),
    html: page(subject, 'Please confirm your address', paragraphs, { text: 'Confirm that I want the news', href: confirmUrl }, []),
  };
}

/** What a mailing holds: a news post or a newsletter, its words and the address it links to. */
export interface MailingContent {
  readonly sourceKind: 'news' | 'newsletter';
  readonly subject: string;
  /** Plain text, one paragraph a line. */
  readonly body: string;
  /** The whole address the mail links to: the news post, or the newsletter's PDF. */
  readonly link: string;
}

/** What a mailing says, the same for every reader except the way out. */
export function mailingText(mailing: MailingContent, origin: string, unsubscribeToken: string): MessageText {
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

/** A newsletter mailing's words, from the file's name (the PDF's name without its extension). */
export function newsletterMailing(fileName: string, link: string): MailingContent {
  const title = fileName.replace(/\.pdf$/i, '');
  return {
    sourceKind: 'newsletter',
    subject: `New newsletter: ${title}`,
    body: `Our new newsletter, ${title}, is ready to read on our website. It is a PDF file.`,
    link,
  };
}
