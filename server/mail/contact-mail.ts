import type Mail from 'nodemailer/lib/mailer';
import type { ClaimedMessage } from '../repositories/contact-messages.repository';

// Controls and line separators: nothing that could end a header line may reach one.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAKERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Text made safe for a header: one line, controls replaced by spaces. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKERS, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A single plain address with nothing that an e-mail header would read as a second address,
 * a display name, a comment or a line break. The core's validation judges the shape for the
 * visitor; this is the server's own line against header injection.
 */
export function isPlainMailbox(email: string): boolean {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return /^[^\s@<>,;:"()[\]\\\u0000-\u001f\u007f-\u009f\u2028\u2029]+@[^\s@<>,;:"()[\]\\\u0000-\u001f\u007f-\u009f\u2028\u2029]+$/.test(
    email,
  );
}

export interface MailSettings {
  readonly to: string;
  readonly from: string;
}

/** The e-mail for one contact message: to the association, Reply-To the visitor. */
export function contactMail(message: ClaimedMessage, settings: MailSettings): Mail.Options {
  const name = oneLine(message.name).slice(0, 200);
  const received = new Date(message.receivedAt).toISOString();
  return {
    from: { name: 'Website contact form', address: settings.from },
    to: settings.to,
    replyTo: { name, address: message.email },
    subject: `Contact form message from ${name}`,
    // A fixed id per message lets a mail server recognise it if it ever sees it twice.
    messageId: `<contact-${message.id}-${message.receivedAt}@website.invalid>`,
    text: [
      'A message was sent through the website contact form.',
      'Reply to this e-mail to answer the sender.',
      '',
      `Name: ${name}`,
      `E-mail: ${message.email}`,
      `Received: ${received}`,
      '',
      message.message.replace(/\r\n?/g, '\n'),
      '',
    ].join('\n'),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
