import { useId } from 'react';
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
  readonly type?: 'text' | 'email' | 'password' | 'date';
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

/** A required, labelled field whose hint and error sit under its label and are read out with it. */
export function FormField({ label, name, value, error, onChange, maxLength, readOnly, type = 'text', autoComplete, rows, hint, required = true, id: givenId }: FormFieldProps) {
  // useId gives the same ids on the server and in the browser, so a rendered page hydrates as is.
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId].filter(Boolean).join(' ');
  const shared = {
    id,
    name,
    value,
    maxLength,
    readOnly,
    required,
    'aria-invalid': error !== undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };

  return (
    <div className={error === undefined ? 'form-field' : 'form-field form-field--invalid'}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="form-field__optional"> (optional)</span>}
      </label>
      {hint !== undefined && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
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
