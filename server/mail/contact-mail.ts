import type Mail from 'nodemailer/lib/mailer';
import { oneLine } from '../../src-core/domain/mail-text';
import type { ClaimedMessage } from '../repositories/contact-messages.repository';

export { isPlainMailbox } from '../../src-core/domain/mail-text';

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
