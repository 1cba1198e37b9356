import { useMachine } from '@xstate/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { APPLICATION_CONSENT_WORDING, JOIN_PAGES } from '../../../src-core/domain/joining';
import { JOIN_FIELDS, TICKED, type JoinField } from '../../../src-core/domain/join-form';
import { BRANCH_NOT_SURE } from '../../../src-core/domain/membership-application';
import type { FieldChangedEvent } from '../../../src-core/machines/form.setup';
import type { Branch } from '../../../src-core/ports/membership.port';
import type { JoinViewActions } from '../../lib/view-actions';
import type { JoinMachineMaker } from '../../lib/join-machine';
import { useAfterRender } from '../../lib/after-render.hook';
import { useRouteDataCache } from '../../lib/backend.context';
import { focusById, focusFirstInvalidField } from '../../lib/focus';
import { JOIN_FORM_KEY, joinFormStateFrom } from '../../lib/join-form.state';
import { useRouteData } from '../../lib/route-data.hook';
import { FieldNotes, FormField, describedBy, fieldBinding } from '../../components/form-field';
import { branchesQuery } from './join.queries';
import { FormActions } from '../../components/form-actions';
import { FormTrap, trapValue } from '../../components/form-trap';
import { ErrorSummary } from '../../components/error-summary';
import { submitHandler } from '../../lib/form-values';

const HONEYPOT_ID = 'join-website';

interface JoinFormProps {
  readonly makeMachine: JoinMachineMaker;
}

/** The join form (self-hosted): a plain form that posts to /join without script, sent through the join machine with it. */
export function JoinForm({ makeMachine }: JoinFormProps) {
  const formId = useId();
  const outcomeId = `${formId}-outcome`;
  const afterRender = useAfterRender();
  const navigate = useNavigate();
  const [machine] = useState(() => {
    const view: JoinViewActions = {
      trapValue: () => trapValue(HONEYPOT_ID),
      focusFieldToFix: () => afterRender(() => focusFirstInvalidField(formId)),
      focusFailure: () => afterRender(() => focusById(outcomeId)),
      showThanks: () => void navigate(JOIN_PAGES.thanks),
    };
    return makeMachine(view);
  });
  // A post refused without script comes back with the server's messages and what was typed.
  const cache = useRouteDataCache();
  const [restored] = useState(() => {
    const refusal = joinFormStateFrom(cache.get(JOIN_FORM_KEY));
    return refusal === undefined ? undefined : machine.resolveState({ value: 'editing', context: refusal });
  });
  const [state, send] = useMachine(machine, restored === undefined ? {} : { snapshot: restored });
  // Shown once: coming back to the page later starts with an empty form.
  useEffect(() => cache.invalidate(JOIN_FORM_KEY), [cache]);
  const branches = useRouteData(branchesQuery());

  const { fieldErrors, errorMessage, values } = state.context;
  const sending = state.matches('submitting') || state.matches('sent');
  const field = fieldBinding(state.context, send, sending);
  const change = (name: JoinField, value: string) => send({ type: 'field.changed', field: name, value } satisfies FieldChangedEvent<JoinField>);
  const ids = Object.fromEntries(JOIN_FIELDS.map((name) => [name, `${formId}-${name}`])) as Record<JoinField, string>;
  const problems = JOIN_FIELDS.filter((name) => fieldErrors[name] !== undefined);

  const branchList: readonly Branch[] = branches.status === 'ready' ? branches.data : [];
  const checkbox = (name: 'newsletter' | 'consent', label: ReactNode, hint?: ReactNode) => (
    <div className={fieldErrors[name] === undefined ? 'join-form__check' : 'join-form__check join-form__check--invalid'}>
      <FieldNotes id={ids[name]} hint={hint} error={fieldErrors[name]} />
      {/* The whole row is the label: a press anywhere on it ticks the box, a target far larger than the box. */}
      <label className="join-form__box" htmlFor={ids[name]}>
        <input
          id={ids[name]}
          name={name}
          type="checkbox"
          value={TICKED}
          checked={values[name] === TICKED}
          disabled={sending}
          aria-invalid={fieldErrors[name] !== undefined}
          aria-describedby={describedBy(ids[name], hint !== undefined, fieldErrors[name])}
          onChange={(event) => change(name, event.target.checked ? TICKED : '')}
        />
        <span>{label}</span>
      </label>
    </div>
  );

  return (
    <>
      <div id={outcomeId} tabIndex={-1} className="join__outcome">
        {errorMessage !== null && (
          <p role="alert" className="status status--error">
            {errorMessage}
          </p>
        )}
      </div>

      <ErrorSummary id={`${formId}-summary`} fields={problems} errors={fieldErrors} fieldIds={ids} />

      {/* method and action let the form work as a plain post where script has not run. */}
      <form id={formId} className="join-form" method="post" action={JOIN_PAGES.form} noValidate onSubmit={submitHandler(send)}>
        <fieldset className="join-form__group">
          <legend>About you</legend>
          <FormField id={ids.name} label="Full name" autoComplete="name" maxLength={200} {...field('name')} />
          <FormField
            id={ids.address}
            label="Postal address"
            hint="Each part of the address on its own line."
            rows={4}
            maxLength={1000}
            {...field('address')}
          />
          <FormField
            id={ids.eircode}
            label="Eircode"
            hint="Seven letters and numbers, for example A65 F4E2."
            autoComplete="postal-code"
            maxLength={20}
            required={false}
            {...field('eircode')}
          />
          <FormField id={ids.phone} label="Phone" autoComplete="tel" maxLength={40} required={false} {...field('phone')} />
          <FormField
            id={ids.email}
            label="E-mail"
            type="email"
            autoComplete="email"
            hint="If you have no e-mail, leave this empty: we will write to you or phone you instead."
            maxLength={254}
            required={false}
            {...field('email')}
          />
        </fieldset>

        <fieldset className="join-form__group">
          <legend>Your nursing</legend>
          <FormField
            id={ids.background}
            label="Your nursing background"
            hint="Where you trained and worked, and when you retired."
            rows={6}
            maxLength={5000}
            {...field('background')}
          />
          <FormField
            id={ids.nmbiPin}
            label="NMBI PIN"
            hint="Your registration number with the Nursing and Midwifery Board of Ireland, if you have it."
            maxLength={20}
            required={false}
            {...field('nmbiPin')}
          />
          <div className={fieldErrors.branch === undefined ? 'form-field' : 'form-field form-field--invalid'}>
            <label htmlFor={ids.branch}>Your nearest branch</label>
            <FieldNotes id={ids.branch} hint="Choose 'Not sure' if you do not know; we will help." error={fieldErrors.branch} />
            <select
              id={ids.branch}
              name="branch"
              className="form-select join-form__select"
              value={values.branch}
              disabled={sending}
              required
              aria-invalid={fieldErrors.branch !== undefined}
              aria-describedby={describedBy(ids.branch, true, fieldErrors.branch)}
              onChange={(event) => change('branch', event.target.value)}
            >
              <option value="">Choose a branch</option>
              {branchList.map((branch) => (
                <option key={branch.id} value={branch.id}>
                  {branch.name}
                </option>
              ))}
              <option value={BRANCH_NOT_SURE}>Not sure</option>
            </select>
            {branches.status === 'error' && (
              <p className="form-field__hint">The list of branches could not be loaded. You can choose &apos;Not sure&apos;.</p>
            )}
          </div>
        </fieldset>

        <fieldset className="join-form__group">
          <legend>News and your consent</legend>
          {checkbox(
            'newsletter',
            'Send me the news by e-mail',
            'We will send you an e-mail asking you to confirm; the news starts once you click its link. This needs your e-mail address above.',
          )}
          {checkbox(
            'consent',
            APPLICATION_CONSENT_WORDING,
            <>
              Our <a href="/privacy-policy">privacy policy</a> says what we keep, why and for how long.
            </>,
          )}
        </fieldset>

        <FormTrap id={HONEYPOT_ID} />
        <FormActions publicForm submit="Send my application" busy={sending} busyText="Sending your application..." />
      </form>
    </>
  );
}
