import { useMachine } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { pageTitle } from '../../../src-core/domain/navigation';
import { LIMITS, type ContactField } from '../../../src-core/domain/validation';
import { CONTACT_CONFIRMATION } from '../../../src-core/machines/contact.machine';
import { useAfterRender } from '../../lib/after-render.hook';
import { useMachines, useRouteDataCache } from '../../lib/backend.context';
import { focusById, focusFirstInvalidField } from '../../lib/focus';
import { FormField, fieldBinding } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import {
  CONTACT_FORM_KEY,
  CONTACT_SUBMISSION_KEY,
  contactFormStateFrom,
  restoredContactSnapshot,
  submissionKeyFrom,
} from '../../lib/contact-form.state';
import { useAssociationDetails } from '../../components/association/association-details.hook';
import { ContactWays, OtherWays } from '../../components/association/contact-ways';
import { hasContactWay, telHref } from '../../../src-core/domain/association-details';
import './contact.css';
import { FormActions } from '../../components/form-actions';
import { FormTrap, trapValue } from '../../components/form-trap';
import { ErrorSummary } from '../../components/error-summary';
import { submitHandler } from '../../lib/form-values';

const HONEYPOT_ID = 'contact-website';

export function ContactView() {
  usePageTitle(pageTitle('contact'));
  const machines = useMachines();
  const outcomeId = useId();
  const formId = useId();
  const afterRender = useAfterRender();
  // The outcome takes focus so it is seen and heard; a refused submit sends focus to the first field to fix.
  const [machine] = useState(() =>
    machines.contact({
      trapValue: () => trapValue(HONEYPOT_ID),
      focusOutcome: () => afterRender(() => focusById(outcomeId)),
      focusFieldToFix: () => afterRender(() => focusFirstInvalidField(formId)),
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
  // The machine got to that outcome on the server, so its focus move is made here, once.
  useEffect(() => {
    if (restored?.matches('sent') === true || restored?.matches('failed') === true) focusById(outcomeId);
  }, [restored, outcomeId]);
  const { fieldErrors, errorMessage } = state.context;
  const sending = state.matches('submitting');
  const field = fieldBinding(state.context, send, sending);
  const details = useAssociationDetails();

  const outcome = state.matches('sent') ? 'sent' : state.matches('failed') ? 'failed' : null;

  const fieldIds: Record<ContactField, string> = { name: `${formId}-name`, email: `${formId}-email`, message: `${formId}-message` };
  const problems = (Object.keys(fieldIds) as ContactField[]).filter((name) => fieldErrors[name] !== undefined);

  return (
    <>
      <PageHeading>Contact Us</PageHeading>
      {outcome !== 'sent' && (
        <p className="lead">
          Send us a message and one of our volunteers will reply by e-mail. All three fields are needed.
        </p>
      )}

      <div id={outcomeId} tabIndex={-1} className="contact__outcome">
        {outcome === 'sent' && (
          <div role="status" className="status status--success contact__confirmation">
            <p>{CONTACT_CONFIRMATION}</p>
            <p>
              What happens next: a volunteer reads every message and replies by e-mail to the address you gave.
              {details !== undefined && details.replyTime !== '' && <> We usually reply {details.replyTime}.</>}
            </p>
            {details !== undefined && details.phone !== '' && (
              <p>
                If it is urgent, phone us on <a href={telHref(details.phone)}>{details.phone}</a>
                {details.openingHours === '' ? '' : ` (${details.openingHours})`}.
              </p>
            )}
            {/* Without script this is a plain link to an empty form. */}
            <a
              href="/contact"
              className="button button--secondary"
              onClick={(event) => {
                event.preventDefault();
                send({ type: 'form.again' });
              }}
            >
              Write another message
            </a>
          </div>
        )}
        {outcome === 'failed' && (
          <div role="alert" className="status status--error">
            <p>{errorMessage}</p>
            <OtherWays details={details} />
          </div>
        )}
      </div>

      {outcome !== 'sent' && <ErrorSummary id={`${formId}-summary`} fields={problems} errors={fieldErrors} fieldIds={fieldIds} />}

      {/* method and action let the form work as a plain post where script has not run. */}
      {outcome !== 'sent' && (
        <form id={formId} className="contact-form" method="post" action="/contact" noValidate onSubmit={submitHandler(send)}>
          <FormField
            id={fieldIds.name}
            label="Your Name:"
            autoComplete="name"
            maxLength={LIMITS.name}
            {...field('name')}
          />
          <FormField
            id={fieldIds.email}
            label="Your Email:"
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            {...field('email')}
          />
          <FormField
            id={fieldIds.message}
            label="Message:"
            rows={8}
            maxLength={LIMITS.message}
            {...field('message')}
          />
          {submissionKey !== undefined && <input type="hidden" name="submissionKey" value={submissionKey} />}
          <FormTrap id={HONEYPOT_ID} />
          <FormActions publicForm submit="Send Message" busy={sending} busyText="Sending your message..." />
        </form>
      )}

      {details !== undefined && hasContactWay(details) && (
        <section aria-labelledby="contact-other-ways" className="contact__ways">
          <h2 id="contact-other-ways">Other ways to reach us</h2>
          <ContactWays details={details} />
        </section>
      )}
    </>
  );
}
