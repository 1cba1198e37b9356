import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { pageTitle } from '../../../src-core/domain/navigation';
import { LIMITS, type ContactField } from '../../../src-core/domain/validation';
import { CONTACT_CONFIRMATION, contactMachine } from '../../../src-core/machines/contact.machine';
import type { ContactMessage } from '../../../src-core/domain/contact-message';
import { useBackend, useRouteDataCache } from '../../lib/backend.context';
import { FormField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import {
  CONTACT_FORM_KEY,
  CONTACT_SUBMISSION_KEY,
  contactFormStateFrom,
  restoredContactSnapshot,
  submissionKeyFrom,
} from '../../lib/contact-form.state';
import './contact.css';

const HONEYPOT_ID = 'contact-website';
const FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'message'];

// People never see the honeypot field, so a value in it marks a robot; the server quietly drops such messages.
function honeypotValue(): string {
  const field = document.getElementById(HONEYPOT_ID);
  return field instanceof HTMLInputElement ? field.value : '';
}

export function ContactView() {
  usePageTitle(pageTitle('contact'));
  const { mail } = useBackend();
  // The machine is provided once, here where the backend is known; the send reads the honeypot at send time.
  const [machine] = useState(() =>
    contactMachine.provide({
      actors: {
        sendMessage: fromPromise<void, ContactMessage>(({ input }) => {
          const message: ContactMessage = { ...input, website: honeypotValue() };
          return mail.sendContactMessage(message);
        }),
      },
    }),
  );
  // After a post sent without script, the server rendered the state it reached; start from the same one.
  const cache = useRouteDataCache();
  const [restored] = useState(() => {
    const serverState = contactFormStateFrom(cache.get(CONTACT_FORM_KEY));
    return serverState === undefined ? undefined : restoredContactSnapshot(machine, serverState);
  });
  const [state, send] = useMachine(machine, restored === undefined ? {} : { snapshot: restored });
  // Rendered as the server rendered it, so the page hydrates; only a post without script sends it.
  const [submissionKey] = useState(() => submissionKeyFrom(cache.get(CONTACT_SUBMISSION_KEY)));
  // Shown once: coming back to the page later starts with an empty form.
  useEffect(() => {
    cache.invalidate(CONTACT_FORM_KEY);
    cache.invalidate(CONTACT_SUBMISSION_KEY);
  }, [cache]);
  const { values, fieldErrors, errorMessage } = state.context;
  const sending = state.matches('sending');
  const outcomeRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [submitCount, setSubmitCount] = useState(0);

  const outcome = state.matches('sent') ? 'sent' : state.matches('failed') ? 'failed' : null;

  // Move focus to the outcome so it is seen and heard; after a refused submit, to the first field to fix.
  useEffect(() => {
    if (outcome !== null) outcomeRef.current?.focus();
  }, [outcome]);

  useEffect(() => {
    if (submitCount === 0 || !state.matches('editing')) return;
    const first = FIELD_ORDER.find((field) => fieldErrors[field] !== undefined);
    if (first !== undefined) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    // Only a new submit should move focus, not every keystroke that changes the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    send({ type: 'contact.submit' });
    setSubmitCount((count) => count + 1);
  }

  function change(field: ContactField) {
    return (value: string) => send({ type: 'field.changed', field, value });
  }

  return (
    <>
      <PageHeading>Contact Us</PageHeading>
      <p className="lead">
        Send us a message and one of our volunteers will reply by email. All three fields are needed.
      </p>

      <div ref={outcomeRef} tabIndex={-1} className="contact__outcome">
        {outcome === 'sent' && (
          <div role="status" className="status status--success">
            <p>{CONTACT_CONFIRMATION}</p>
          </div>
        )}
        {outcome === 'failed' && (
          <div role="alert" className="status status--error">
            <p>{errorMessage}</p>
          </div>
        )}
      </div>

      {/* method and action let the form work as a plain post where script has not run. */}
      <form ref={formRef} className="contact-form" method="post" action="/contact" noValidate onSubmit={onSubmit}>
        <FormField
          name="name"
          label="Your Name:"
          autoComplete="name"
          maxLength={LIMITS.name}
          value={values.name}
          error={fieldErrors.name}
          readOnly={sending}
          onChange={change('name')}
        />
        <FormField
          name="email"
          label="Your Email:"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          value={values.email}
          error={fieldErrors.email}
          readOnly={sending}
          onChange={change('email')}
        />
        <FormField
          name="message"
          label="Message:"
          rows={8}
          maxLength={LIMITS.message}
          value={values.message}
          error={fieldErrors.message}
          readOnly={sending}
          onChange={change('message')}
        />
        {submissionKey !== undefined && <input type="hidden" name="submissionKey" value={submissionKey} />}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor={HONEYPOT_ID}>Leave this field empty</label>
          <input id={HONEYPOT_ID} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="contact-form__actions">
          <button type="submit" className="button" disabled={sending}>
            Send Message
          </button>
          {sending && (
            <p role="status" className="contact-form__sending">
              Sending your message...
            </p>
          )}
        </div>
      </form>
    </>
  );
}
