import { validateContact } from '../../src-core/domain/validation';
import { CoreError } from '../../src-core/domain/core-error';
import type { ContactMessage } from '../../src-core/domain/contact-message';
import type { MailPort } from '../../src-core/ports/mail.port';
import { emailJsFailure } from '../hosted/error-table';

export interface EmailJsMailOptions {
  readonly publicKey: string;
  readonly serviceId: string;
  readonly templateId: string;
}

/** A value in the hidden trap field marks a robot, whose message is accepted and quietly dropped, as the self-hosted server does. */
function isFromRobot(contact: ContactMessage): boolean {
  return (contact.website ?? '').trim() !== '';
}

/**
 * Contact messages sent by EmailJS with the template parameters name, email and message.
 * The SDK is imported on the first send, so only a visitor who sends a message downloads it.
 */
export function createEmailJsMail(options: EmailJsMailOptions): MailPort {
  return {
    async sendContactMessage(contact) {
      const fieldErrors = validateContact(contact);
      const [first] = Object.values(fieldErrors);
      if (first !== undefined) throw new CoreError('invalid-input', first, { fieldErrors });
      if (isFromRobot(contact)) return;
      try {
        const { send } = await import('@emailjs/browser');
        await send(
          options.serviceId,
          options.templateId,
          { name: contact.name.trim(), email: contact.email.trim(), message: contact.message },
          { publicKey: options.publicKey },
        );
      } catch (error) {
        throw emailJsFailure(error);
      }
    },
  };
}
