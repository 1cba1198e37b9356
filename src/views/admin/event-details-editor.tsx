import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import type { EventDetails } from '../../../src-core/domain/event-details';
import { eventDetailsToForm } from '../../../src-core/domain/event-details-form';
import { displayName } from '../../../src-core/domain/files';
import type { StoredFile } from '../../../src-core/domain/stored-file';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById, focusFirstInvalidField } from '../../lib/focus';
import { EventDetailsFields, readEventDetailsForm } from './event-details-fields';
import type { BranchLink } from '../../../src-core/domain/branches';
import { BranchChoice } from './branch-choice';

export interface EventDetailsEditorProps {
  readonly file: StoredFile;
  readonly details: EventDetails | null;
  readonly timeZone: string;
  /** The branch holding the event now, if any. */
  readonly branch?: BranchLink;
  /** The branches to choose from; null where the backend keeps none. */
  readonly branchChoices: readonly BranchLink[] | null;
}

/** 'Add event details' or 'Change event details' under a listed event file, on the event details machine. */
export function EventDetailsEditor({ file, details, timeZone, branch, branchChoices }: EventDetailsEditorProps) {
  const [chosenBranch, setChosenBranch] = useState(branch?.id ?? '');
  const machines = useAdminMachines();
  const afterRender = useAfterRender();
  const formId = useId();
  const openId = useId();
  const [machine] = useState(() =>
    machines.eventDetails({
      focusEditor: () => afterRender(() => document.getElementById(formId)?.querySelector('input')?.focus()),
      focusOpenButton: () => afterRender(() => focusById(openId)),
      focusFieldToFix: () => afterRender(() => focusFirstInvalidField(formId)),
    }),
  );
  const [state, send] = useMachine(machine, { input: { fullPath: file.fullPath, timeZone } });
  const { fieldErrors, errorMessage, saved } = state.context;
  const name = displayName(file.name);
  const saving = state.matches('saving');

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const form = readEventDetailsForm(event.currentTarget);
    send(branchChoices === null ? { type: 'details.save', form } : { type: 'details.save', form, branch: chosenBranch === '' ? null : chosenBranch });
  }

  if (state.matches('closed')) {
    return (
      <div className="event-details-editor">
        <button id={openId} type="button" className="button button--secondary" onClick={() => send({ type: 'details.edit' })}>
          {details === null ? 'Add event details' : 'Change event details'} <span className="visually-hidden">for {name}</span>
        </button>
        <div role="status">{saved ? <p className="status status--success">The details of &ldquo;{name}&rdquo; were saved.</p> : null}</div>
      </div>
    );
  }

  return (
    <form id={formId} className="event-details-editor" noValidate onSubmit={onSubmit} aria-label={`Event details for ${name}`}>
      {errorMessage === null ? null : (
        <p role="alert" className="field-error">
          {errorMessage}
        </p>
      )}
      <EventDetailsFields initial={eventDetailsToForm(details, timeZone)} errors={fieldErrors} disabled={saving} timeZone={timeZone} />
      {branchChoices !== null && <BranchChoice choices={branchChoices} value={chosenBranch} onChange={setChosenBranch} what="event" readOnly={saving} />}
      <div className="event-details-editor__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving...' : 'Save details'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'details.cancel' })} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
