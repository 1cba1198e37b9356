import { useId, useState, type ReactNode } from 'react';
import { EVENT_LIMITS } from '../../../src-core/domain/event-details';
import type { EventDetailsForm, EventFormField } from '../../../src-core/domain/event-details-form';
import { hasErrors, type FieldErrors } from '../../../src-core/domain/validation';
import { LabelledField } from '../../components/labelled-field';
import './event-details-fields.css';

/** The form's own fields (named as EventDetailsForm names them), read when it is submitted. */
export function readEventDetailsForm(form: HTMLFormElement): EventDetailsForm {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    title: text('title'),
    startDate: text('startDate'),
    startTime: text('startTime'),
    endDate: text('endDate'),
    endTime: text('endTime'),
    allDay: data.get('allDay') === 'on',
    venue: text('venue'),
    town: text('town'),
    description: text('description'),
  };
}

interface FieldProps {
  readonly label: string;
  readonly name: EventFormField;
  readonly errors: FieldErrors<EventFormField>;
  readonly hint?: string;
  readonly children: (props: { id: string; name: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

function Field({ label, name, errors, hint, children }: FieldProps) {
  const id = useId();
  return (
    <LabelledField id={id} label={label} hint={hint} error={errors[name]}>
      {(control) => children({ ...control, name })}
    </LabelledField>
  );
}

export interface EventDetailsFieldsProps {
  readonly initial: EventDetailsForm;
  readonly errors: FieldErrors<EventFormField>;
  readonly disabled?: boolean;
  /** The association's time zone, named in the hint so nobody wonders which clock is meant. */
  readonly timeZone: string;
}

/**
 * The event's details, all optional, as part of a form: plain inputs the browser keeps, read
 * with readEventDetailsForm when the form is sent (remount it, with a new key, to empty it).
 */
export function EventDetailsFields({ initial, errors, disabled = false, timeZone }: EventDetailsFieldsProps) {
  const legendId = useId();
  const zone = timeZone === 'Europe/Dublin' ? 'Irish time' : `${timeZone} time`;
  return (
    <fieldset className="event-details-fields" aria-labelledby={legendId} disabled={disabled}>
      <legend id={legendId}>Event details (all optional)</legend>
      <p className="form-field__hint">Leave a box empty if you do not know yet. You can add or change the details later.</p>
      <Field label="Title" name="title" errors={errors} hint="If left empty, the file's name is used.">
        {(props) => <input {...props} type="text" defaultValue={initial.title} maxLength={EVENT_LIMITS.title} />}
      </Field>
      <div className="event-details-fields__row">
        <Field label="Date" name="startDate" errors={errors}>
          {(props) => <input {...props} type="date" defaultValue={initial.startDate} />}
        </Field>
        <Field label="Start time" name="startTime" errors={errors} hint={zone}>
          {(props) => <input {...props} type="time" defaultValue={initial.startTime} />}
        </Field>
      </div>
      <div className="event-details-fields__row">
        <Field label="End date" name="endDate" errors={errors} hint="Only if it ends on a later day.">
          {(props) => <input {...props} type="date" defaultValue={initial.endDate} />}
        </Field>
        <Field label="End time" name="endTime" errors={errors} hint={zone}>
          {(props) => <input {...props} type="time" defaultValue={initial.endTime} />}
        </Field>
      </div>
      <div className="event-details-fields__check">
        <input id={`${legendId}-all-day`} name="allDay" type="checkbox" defaultChecked={initial.allDay} />
        <label htmlFor={`${legendId}-all-day`}>All day (no start or end time)</label>
      </div>
      <Field label="Place" name="venue" errors={errors} hint="For example: Parish Hall, Main Street.">
        {(props) => <input {...props} type="text" defaultValue={initial.venue} maxLength={EVENT_LIMITS.venue} />}
      </Field>
      <Field label="Town" name="town" errors={errors}>
        {(props) => <input {...props} type="text" defaultValue={initial.town} maxLength={EVENT_LIMITS.town} />}
      </Field>
      <Field label="Short description" name="description" errors={errors} hint={`Plain text, up to ${EVENT_LIMITS.description} characters.`}>
        {(props) => <textarea {...props} rows={4} defaultValue={initial.description} maxLength={EVENT_LIMITS.description} />}
      </Field>
    </fieldset>
  );
}

/**
 * The upload form's 'Add the event's date, time and place (optional)': a button that shows and
 * hides the fields. Most uploads need no details, so the form stays short; the fields stay in the
 * form while hidden, and they open by themselves when one needs correcting.
 */
export function EventDetailsDisclosure({ errors, children }: { readonly errors: FieldErrors<EventFormField>; readonly children: ReactNode }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [shownErrors, setShownErrors] = useState(errors);
  // New refusals open it (state adjusted while rendering, as React's docs advise over an effect).
  if (errors !== shownErrors) {
    setShownErrors(errors);
    if (hasErrors(errors)) setOpen(true);
  }
  return (
    <div className="event-details-disclosure">
      <button type="button" className="button button--secondary event-details-disclosure__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span className="event-details-disclosure__marker" aria-hidden="true" />
        Add the event&apos;s date, time and place (optional)
      </button>
      <div id={panelId} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
