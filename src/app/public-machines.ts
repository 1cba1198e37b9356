import { fromPromise } from 'xstate';
import type { ContactMessage } from '../../src-core/domain/contact-message';
import { contactMachine } from '../../src-core/machines/contact.machine';
import type { LogParams } from '../../src-core/machines/log';
import { menuMachine } from '../../src-core/machines/menu.machine';
import type { MailPort } from '../../src-core/ports/mail.port';
import type { ContactViewActions, MenuViewActions } from '../lib/view-actions';

/**
 * The contact machine sending through a mail port: the page's (machines.ts) and the one the
 * server runs for a form posted without script (contact-form.submit.ts), so both validate, send
 * and respond alike. `log` replaces the console where the caller logs outcomes itself.
 */
export function contactMachineFor(mail: MailPort, view: ContactViewActions, log?: (params: LogParams) => void) {
  return contactMachine().provide({
    actors: {
      // The trap field is read as the message goes, since robots fill it in at any moment.
      submit: fromPromise<void, ContactMessage>(({ input }) => mail.sendContactMessage({ ...input, website: view.trapValue() })),
    },
    actions: {
      focusFieldToFix: () => view.focusFieldToFix(),
      focusOutcome: () => view.focusOutcome(),
      ...(log === undefined ? {} : { log: (_: unknown, params: LogParams) => log(params) }),
    },
  });
}

export function menuMachineFor(view: MenuViewActions) {
  return menuMachine().provide({ actions: { returnFocus: () => view.focusToggle() } });
}

