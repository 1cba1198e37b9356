import { createActor, waitFor } from 'xstate';
import type { MailPort } from '../../src-core/ports/mail.port';
import type { ContactFormFields, ContactFormState } from '../../src-core/ports/page-renderer.port';
import { contactMachineFor } from './public-machines';

// A page posted without script has no focus to move; its response is the page itself.
const NOTHING_TO_FOCUS = () => undefined;

/**
 * Runs the contact machine on the server for a plain form post, exactly as the page runs it in
 * the browser (same machine, provided by the same factory: same validation, send and messages),
 * and returns where it settled.
 */
export async function submitContactForm(mail: MailPort, fields: ContactFormFields): Promise<ContactFormState> {
  const machine = contactMachineFor(
    mail,
    { trapValue: () => fields.website, focusFieldToFix: NOTHING_TO_FOCUS, focusOutcome: NOTHING_TO_FOCUS },
    // The server logs the outcome itself; the machine's console log is for the browser.
    () => undefined,
  );
  const actor = createActor(machine).start();
  try {
    actor.send({ type: 'form.submit', values: { name: fields.name, email: fields.email, message: fields.message } });
    const settled = await waitFor(actor, (snapshot) => !snapshot.matches('submitting') && !snapshot.matches('validating'));
    const outcome = settled.matches('sent') ? 'sent' : settled.matches('failed') ? 'failed' : 'editing';
    const { values, fieldErrors, errorMessage } = settled.context;
    return { outcome, values: { ...values }, fieldErrors: { ...fieldErrors }, errorMessage };
  } finally {
    actor.stop();
  }
}
