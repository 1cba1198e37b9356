import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { MONTH_NAMES } from '../../../../src-core/domain/month-names';
import type { MembershipSettings } from '../../../../src-core/domain/membership-admin';
import { DataState } from '../../../components/data-state';
import { FormField, fieldBinding } from '../../../components/form-field';
import { FormActions } from '../../../components/form-actions';
import { FailureMessage, NoticeArea } from '../../../components/status-message';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useFormFocus } from '../../../lib/form-focus.hook';
import { useRouteData } from '../../../lib/route-data.hook';
import { membershipSettingsQuery, renewalLettersQuery } from '../admin.queries';
import { MemberTable } from './members-page';
import { SelectField } from './members-shared';
import { AdminCard } from '../admin-card';
import './members.css';
import { submitHandler } from '../../../lib/form-values';

const DAYS = Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));
const MONTHS = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

function SettingsForm({ settings }: { readonly settings: MembershipSettings }) {
  const focus = useFormFocus();
  const machines = useAdminMachines();
  const [machine] = useState(() => machines.membershipSettings(focus.actions));
  const [state, send] = useMachine(machine);
  useEffect(() => send({ type: 'form.loaded', saved: settings }), [send]); // eslint-disable-line react-hooks/exhaustive-deps
  const { errorMessage, notice, values } = state.context;
  const saving = state.matches('submitting');
  const field = fieldBinding(state.context, send, saving);

  return (
    <>
      <NoticeArea id={focus.noticeId} notice={notice} />
      <form id={focus.formId} className="admin-form" noValidate onSubmit={submitHandler(send)} aria-label="The membership year">
        <FailureMessage id={focus.failureId} message={errorMessage} />
        <fieldset className="members-fieldset">
          <legend>The membership year starts on</legend>
          <div className="members-find__filters">
            <SelectField label="Day" options={DAYS} {...field('day')} />
            <SelectField label="Month" options={MONTHS} {...field('month')} />
          </div>
        </fieldset>
        <FormField label="Yearly fee in euro" hint="Numbers only, for example 25. Shown in the reminders." maxLength={20} required={false} {...field('fee')} />
        <FormField
          label="How to pay"
          hint="In your own words: shown in the reminders and on the join pages. For example: by cheque to the Treasurer, or by bank transfer."
          rows={4}
          maxLength={2_000}
          required={false}
          {...field('howToPay')}
        />
        <label className="members-check">
          <input
            type="checkbox"
            name="remindersOn"
            checked={values.remindersOn === 'on'}
            disabled={saving}
            onChange={(event) => send({ type: 'field.changed', field: 'remindersOn', value: event.target.checked ? 'on' : '' })}
          />
          Send reminder e-mails: a month before the year ends, and once after it ended to those who have not paid
        </label>
        <FormActions submit="Save" busy={saving} busyText="Saving..." />
      </form>
    </>
  );
}

function RenewalLetters() {
  const letters = useRouteData(renewalLettersQuery());
  return (
    <AdminCard title="Renewal letters to post" className="members members-results">
      <p className="members-print-hide">These members have no e-mail address and their renewal is due, so they get no reminder by e-mail. Post each a letter.</p>
      <DataState
        data={letters}
        loadingText="Loading members..."
        emptyText="No renewal letters need to be posted just now."
        failureText="The members could not be loaded."
        isEmpty={(data) => data.members.length === 0}
      >
        {(data) => (
          <>
            <p>{data.members.length === 1 ? '1 letter to post.' : `${data.members.length} letters to post.`}</p>
            <div className="members__actions members-print-hide">
              <a href={data.csvHref} download="renewal-letters.csv">
                Download as CSV <span className="visually-hidden">(the renewal letters&apos; addresses)</span>
              </a>
              <button type="button" className="button button--secondary" onClick={() => window.print()}>
                Print this list
              </button>
            </div>
            <MemberTable page={data} caption="Members to post a renewal letter to" />
          </>
        )}
      </DataState>
    </AdminCard>
  );
}

/** 'Renewals' (self-hosted): when the membership year starts and how renewals are asked for; letters to post. */
export function RenewalsPage() {
  const settings = useRouteData(membershipSettingsQuery());
  return (
    <>
      <AdminCard title="The membership year" className="members members-print-hide">
        <DataState data={settings} loadingText="Loading the settings..." failureText="The settings could not be loaded.">
          {(loaded) => <SettingsForm settings={loaded} />}
        </DataState>
      </AdminCard>
      <RenewalLetters />
    </>
  );
}
