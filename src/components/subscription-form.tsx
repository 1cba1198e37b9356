import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isCoreError } from '../../src-core/domain/core-error';
import { SUBSCRIPTION_PAGE_PATHS, SUBSCRIPTION_TEXTS, tooManyResult, type SubscriptionResult } from '../../src-core/domain/subscription';
import type { SubscriptionFormName } from '../../src-core/ports/subscription.port';
import { useBackend } from '../lib/backend.context';
import { FormField } from './form-field';
import { FormActions } from './form-actions';
import { FormTrap, trapValue } from './form-trap';
import './subscription-form.css';

type Phase = 'editing' | 'sending' | 'sent';

interface FormState {
  readonly phase: Phase;
  readonly emailError?: string;
  readonly message?: string;
}

/** What a result named in the address (a form posted without script) shows. */
function stateFor(result: SubscriptionResult | undefined): FormState {
  switch (result) {
    case 'sent':
      return { phase: 'sent' };
    case 'invalid-email':
      return { phase: 'editing', emailError: SUBSCRIPTION_TEXTS.invalidEmail };
    case 'too-many-for-address':
      return { phase: 'editing', message: SUBSCRIPTION_TEXTS.tooManyForAddress };
    case 'too-many-from-connection':
      return { phase: 'editing', message: SUBSCRIPTION_TEXTS.tooManyFromConnection };
    case 'unavailable':
      return { phase: 'editing', message: SUBSCRIPTION_TEXTS.unavailable };
    default:
      return { phase: 'editing' };
  }
}

function stateForError(error: unknown): FormState {
  if (isCoreError(error) && error.kind === 'invalid-input') return stateFor('invalid-email');
  if (isCoreError(error) && error.kind === 'too-many-requests') return stateFor(tooManyResult(error.message));
  return stateFor('unavailable');
}

export interface SubscriptionFormProps {
  /** Which page the form is on, recorded with the consent. */
  readonly form: SubscriptionFormName;
  /** The outcome of this form posted without script (the subscribe page reads it from its address). */
  readonly result?: SubscriptionResult;
  /** The heading's level: a section of a page, or the page's own form. */
  readonly headingLevel?: 2 | 3;
  /** Added to the form's section (the footer sets its own colours). */
  readonly className?: string;
}

/**
 * 'Get our news by e-mail': the short form on the home page, the News page and the footer. It
 * is a plain form that the server handles without script (it posts to /subscribe and is sent on
 * to a page with the outcome); with script it sends the same request and shows the outcome in
 * place. The answer is the same for every address. Shown only where the backend has
 * subscriptions (the hosted backend has none yet).
 */
/** The text with each hyphenated word ('e-mail') kept on one line: a narrow screen breaks between words only. */
function KeptWhole({ text }: { readonly text: string }) {
  return text.split(/(\S*-\S*)/).map((part, index) => (index % 2 === 1 ? <span key={index} className="keep-whole">{part}</span> : part));
}

export function SubscriptionForm({ form, result, headingLevel = 2, className }: SubscriptionFormProps) {
  const { subscriptions } = useBackend();
  const [state, setState] = useState<FormState>(() => stateFor(result));
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const id = useId();
  const headingId = `${id}-heading`;
  const emailId = `${id}-email`;
  const trapId = `${id}-website`;
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    if (!moved) return;
    if (state.phase === 'sent') outcomeRef.current?.focus();
    else if (state.emailError !== undefined) document.getElementById(emailId)?.focus();
    else if (state.message !== undefined) outcomeRef.current?.focus();
  }, [moved, state, emailId]);

  if (subscriptions === undefined) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (subscriptions === undefined || state.phase === 'sending') return;
    setState({ phase: 'sending' });
    setMoved(false);
    try {
      await subscriptions.subscribe({ email: email.trim(), name, form, website: trapValue(trapId) });
      setState({ phase: 'sent' });
    } catch (error) {
      setState(stateForError(error));
    }
    setMoved(true);
  }

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const sending = state.phase === 'sending';
  return (
    <section aria-labelledby={headingId} className={className === undefined ? 'subscription-form' : `subscription-form ${className}`}>
      <Heading id={headingId} className="subscription-form__heading">
        <KeptWhole text={SUBSCRIPTION_TEXTS.heading} />
      </Heading>
      {state.phase === 'sent' ? (
        <p role="status" ref={outcomeRef} tabIndex={-1} className="status status--success subscription-form__outcome">
          {SUBSCRIPTION_TEXTS.thankYou}
        </p>
      ) : (
        <form method="post" action={SUBSCRIPTION_PAGE_PATHS.subscribe} noValidate onSubmit={(event) => void submit(event)}>
          <p className="subscription-form__consent">{SUBSCRIPTION_TEXTS.consentWording}</p>
          {state.message !== undefined && (
            <p role="alert" ref={outcomeRef} tabIndex={-1} className="status status--error subscription-form__outcome">
              {state.message}
            </p>
          )}
          <input type="hidden" name="form" value={form} />
          <FormField
            id={emailId}
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            maxLength={320}
            value={email}
            error={state.emailError}
            readOnly={sending}
            onChange={setEmail}
          />
          <FormField name="name" label="Name" autoComplete="name" maxLength={200} required={false} value={name} error={undefined} readOnly={sending} onChange={setName} />
          <FormTrap id={trapId} />
          <FormActions publicForm submit="Subscribe" busy={sending} busyText="Sending..." />
        </form>
      )}
    </section>
  );
}
