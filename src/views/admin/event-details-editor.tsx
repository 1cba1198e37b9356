import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { EventDetails } from '../../../src-core/domain/event-details';
import { eventDetailsFromForm, eventDetailsToForm } from '../../../src-core/domain/event-details-form';
import { displayName } from '../../../src-core/domain/files';
import type { StoredFile } from '../../../src-core/domain/stored-file';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { EventDetailsFields, readEventDetailsForm } from './event-details-fields';

export interface EventDetailsEditorProps {
  readonly file: StoredFile;
  readonly details: EventDetails | null;
  readonly timeZone: string;
}

/** 'Add event details' or 'Change event details' under a listed event file, on the event details machine. */
export function EventDetailsEditor({ file, details, timeZone }: EventDetailsEditorProps) {
  const machines = useAdminMachines();
  const [machine] = useState(() => machines.eventDetails());
  const [state, send] = useMachine(machine, { input: { fullPath: file.fullPath } });
  const { fieldErrors, errorMessage, saved } = state.context;
  const name = displayName(file.name);
  const formId = useId();
  const openRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const open = state.matches('editing') || state.matches('saving');
  const wasOpen = useRef(false);

  // Opening moves focus into the form; closing returns it to the button that opened it.
  useEffect(() => {
    if (open && !wasOpen.current) formRef.current?.querySelector('input')?.focus();
    if (!open && wasOpen.current) openRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const checked = eventDetailsFromForm(readEventDetailsForm(event.currentTarget), timeZone);
    send({ type: 'details.save', details: checked.details, fieldErrors: checked.errors as Record<string, string> });
  }

  if (!open) {
    return (
      <div className="event-details-editor">
        <button ref={openRef} type="button" className="button button--secondary" onClick={() => send({ type: 'details.edit' })}>
          {details === null ? 'Add event details' : 'Change event details'} <span className="visually-hidden">for {name}</span>
        </button>
        <div role="status">{saved ? <p className="status status--success">The details of &ldquo;{name}&rdquo; were saved.</p> : null}</div>
      </div>
    );
  }

  return (
    <form ref={formRef} id={formId} className="event-details-editor" noValidate onSubmit={onSubmit} aria-label={`Event details for ${name}`}>
      {errorMessage === null ? null : (
        <p role="alert" className="field-error">
          {errorMessage}
        </p>
      )}
      <EventDetailsFields initial={eventDetailsToForm(details, timeZone)} errors={fieldErrors} disabled={state.matches('saving')} timeZone={timeZone} />
      <div className="event-details-editor__actions">
        <button type="submit" className="button" disabled={state.matches('saving')}>
          {state.matches('saving') ? 'Saving...' : 'Save details'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'details.cancel' })} disabled={state.matches('saving')}>
          Cancel
        </button>
      </div>
    </form>
  );
}
