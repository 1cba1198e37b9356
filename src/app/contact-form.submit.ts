import { createActor, fromPromise, waitFor } from 'xstate';
import type { ContactMessage } from '../../src-core/domain/contact-message';
import { contactMachine } from '../../src-core/machines/contact.machine';
import type { MailPort } from '../../src-core/ports/mail.port';
import type { ContactFormFields, ContactFormState } from '../lib/contact-form.state';

/**
 * Runs the contact machine on the server for a plain form post, exactly as the page runs it in
 * the browser (same validation, same send, same messages), and returns where it settled.
 */
export async function submitContactForm(mail: MailPort, fields: ContactFormFields): Promise<ContactFormState> {
  const machine = contactMachine.provide({
    actors: {
      sendMessage: fromPromise<void, ContactMessage>(({ input }) => {
        const message: ContactMessage = { ...input, website: fields.website };
        return mail.sendContactMessage(message);
      }),
    },
    // The server logs the outcome itself; the machine's console log is for the browser.
    actions: { log: () => undefined },
  });
  const actor = createActor(machine).start();
  try {
    actor.send({ type: 'contact.submit', values: { name: fields.name, email: fields.email, message: fields.message } });
    const settled = await waitFor(actor, (snapshot) => !snapshot.matches('sending') && !snapshot.matches('validating'));
    const outcome = settled.matches('sent') ? 'sent' : settled.matches('failed') ? 'failed' : 'editing';
    const { values, fieldErrors, errorMessage } = settled.context;
    return { outcome, values: { ...values }, fieldErrors: { ...fieldErrors }, errorMessage };
  } finally {
    actor.stop();
  }
}
