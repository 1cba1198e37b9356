import { useId, type ReactNode } from 'react';
import type { FieldChangedEvent, FormContext } from '../../src-core/machines/form.setup';
import './form-field.css';

export interface FormFieldProps {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
  readonly maxLength?: number;
  readonly readOnly?: boolean;
  readonly type?: 'text' | 'email' | 'password' | 'date' | 'time';
  readonly autoComplete?: string;
  /** Makes it a multi-line field this many rows high. */
  readonly rows?: number;
  /** A short explanation under the label, read out with the field. */
  readonly hint?: string;
  /** The field's id, for a link to it (an error summary); a generated one otherwise. */
  readonly id?: string;
  /** False for a field that may stay empty; the label then says '(optional)'. */
  readonly required?: boolean;
}

/** The ids a field is described by: its hint's and its error's, where it has them. */
export function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error === undefined ? null : `${id}-error`].filter(Boolean).join(' ');
  return ids === '' ? undefined : ids;
}

/**
 * A field's hint and error, under its label; ids `${id}-hint` and `${id}-error`, which the field
 * names in aria-describedby (describedBy) so they are read out with it. For a form's own kinds of
 * field (a select, a box, a number) beside FormField.
 */
export function FieldNotes({ id, hint, error }: { readonly id: string; readonly hint?: ReactNode; readonly error: string | undefined }) {
  return (
    <>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** A required, labelled field whose hint and error sit under its label and are read out with it. */
export function FormField({ label, name, value, error, onChange, maxLength, readOnly, type = 'text', autoComplete, rows, hint, required = true, id: givenId }: FormFieldProps) {
  // useId gives the same ids on the server and in the browser, so a rendered page hydrates as is.
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const shared = {
    id,
    name,
    value,
    maxLength,
    readOnly,
    required,
    'aria-invalid': error !== undefined,
    'aria-describedby': describedBy(id, hint !== undefined, error),
  };

  return (
    <div className={error === undefined ? 'form-field' : 'form-field form-field--invalid'}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="form-field__optional"> (optional)</span>}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
      {rows === undefined ? (
        <input {...shared} type={type} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <textarea {...shared} rows={rows} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}

/**
 * FormField's props for each field of a form machine (src-core/machines/form.setup.ts): the
 * field's value and error, read-only while the form is busy, and each change sent to the machine.
 */
export function fieldBinding<F extends string>(context: FormContext<F>, send: (event: FieldChangedEvent<F>) => void, busy: boolean) {
  return (field: F) => ({
    name: field,
    value: context.values[field],
    error: context.fieldErrors[field],
    readOnly: busy,
    onChange: (value: string) => send({ type: 'field.changed', field, value }),
  });
}
