import { useId } from 'react';

export interface TextFieldProps {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
  readonly maxLength?: number;
  readonly readOnly?: boolean;
  readonly type?: 'text' | 'email' | 'password';
  readonly autoComplete?: string;
  readonly multiline?: boolean;
  /** A short explanation under the label, read out with the field. */
  readonly hint?: string;
}

/** A labelled field whose hint and error sit under its label and are read out with it. */
export function TextField({ label, name, value, error, onChange, maxLength, readOnly, type = 'text', autoComplete, multiline, hint }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId].filter(Boolean).join(' ');
  const shared = {
    id,
    name,
    value,
    maxLength,
    readOnly,
    required: true,
    'aria-invalid': error !== undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };

  return (
    <div className={error === undefined ? 'admin-field' : 'admin-field admin-field--invalid'}>
      <label htmlFor={id}>{label}</label>
      {hint !== undefined && (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      )}
      {multiline ? (
        <textarea {...shared} rows={10} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type={type} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
