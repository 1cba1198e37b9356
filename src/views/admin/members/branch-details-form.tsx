import { useMachine } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toggleCounty } from '../../../../src-core/domain/branch-form';
import { IRISH_COUNTIES, type Branch } from '../../../../src-core/domain/branches';
import { branchPagePath } from '../../../../src-core/domain/branch-pages';
import { FormField, fieldBinding } from '../../../components/form-field';
import { FailureMessage, NoticeArea } from '../../../components/status-message';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useAfterRender } from '../../../lib/after-render.hook';
import { focusById, focusFirstInvalidField } from '../../../lib/focus';

/** A branch's details as its public page shows them; saved together, each refusal beside its field. */
/**
 * `pageOnly`: only what a branch officer keeps up to date on their branch's page (where and when it
 * meets, the contact, the description); the rest is sent as it was. Without `onClose`, no Close button.
 */
export function BranchDetailsForm({ branch, onClose, pageOnly = false }: { readonly branch: Branch; readonly onClose?: () => void; readonly pageOnly?: boolean }) {
  const formId = useId();
  const failureId = useId();
  const noticeId = useId();
  const countiesId = useId();
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.branchDetails({
      focusFieldToFix: () => afterRender(() => focusFirstInvalidField(formId)),
      focusFailure: () => afterRender(() => focusById(failureId)),
      focusNotice: () => afterRender(() => focusById(noticeId)),
    }),
  );
  const [state, send] = useMachine(machine);
  useEffect(() => send({ type: 'form.loaded', saved: branch }), [send]); // eslint-disable-line react-hooks/exhaustive-deps
  const { errorMessage, notice, values, fieldErrors } = state.context;
  const saving = state.matches('submitting');
  const field = fieldBinding(state.context, send, saving);
  const chosen = new Set(values.counties.split(','));

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    send({ type: 'form.submit' });
  }

  return (
    <>
      <NoticeArea id={noticeId} notice={notice} />
      <form id={formId} className="admin-form members__branch-details" noValidate onSubmit={submit} aria-label={`Details of ${branch.name}`}>
        <FailureMessage id={failureId} message={errorMessage} />
        {!pageOnly && (
          <>
        <FormField label="Name" maxLength={200} {...field('name')} />
        <FormField label="Web address" hint={`The last part of the branch page's address, for example cork-branch for ${branchPagePath('cork-branch')}.`} maxLength={60} {...field('slug')} />
        <fieldset className="members-fieldset" aria-describedby={fieldErrors.counties === undefined ? undefined : `${countiesId}-error`}>
          <legend>Counties it covers</legend>
          {fieldErrors.counties !== undefined && (
            <p id={`${countiesId}-error`} className="field-error">
              {fieldErrors.counties}
            </p>
          )}
          <div className="members__counties">
            {IRISH_COUNTIES.map((county) => (
              <label key={county} className="members-check">
                <input
                  type="checkbox"
                  name="counties"
                  value={county}
                  checked={chosen.has(county)}
                  disabled={saving}
                  aria-invalid={fieldErrors.counties === undefined ? undefined : true}
                  onChange={(event) => send({ type: 'field.changed', field: 'counties', value: toggleCounty(values.counties, county, event.target.checked) })}
                />
                {county}
              </label>
            ))}
          </div>
        </fieldset>
          </>
        )}
        <FormField label="Where and when it meets" hint="For example: Second Tuesday of the month, 11am, the Parish Centre." rows={4} maxLength={300} required={false} {...field('meets')} />
        <FormField label="Contact name" maxLength={120} required={false} {...field('contactName')} />
        <FormField label="Contact phone" maxLength={30} required={false} {...field('contactPhone')} />
        <FormField label="Contact e-mail" type="email" maxLength={254} required={false} {...field('contactEmail')} />
        <FormField label="Short description" rows={6} maxLength={1000} required={false} {...field('description')} />
        {!pageOnly && (
        <label className="members-check">
          <input
            type="checkbox"
            name="active"
            checked={values.active === 'on'}
            disabled={saving}
            onChange={(event) => send({ type: 'field.changed', field: 'active', value: event.target.checked ? 'on' : '' })}
          />
          Active: listed on the branches page and offered on the join form
        </label>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={saving}>
            Save the details
          </button>
          {onClose !== undefined && (
            <button type="button" className="button button--secondary" onClick={onClose}>
              Close
            </button>
          )}
          {saving && (
            <p role="status" className="admin-form__busy">
              Saving...
            </p>
          )}
        </div>
      </form>
    </>
  );
}
