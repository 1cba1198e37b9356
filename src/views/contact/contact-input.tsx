import type { ContactField } from '../../../src-core/domain/validation';

export interface ContactInputProps {
  readonly field: ContactField;
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
  readonly maxLength: number;
  readonly readOnly: boolean;
  readonly type?: 'text' | 'email';
  readonly autoComplete?: string;
  readonly multiline?: boolean;
}

/** A labelled field whose error message sits right under its label and is read out with it. */
export function ContactInput({ field, label, value, error, onChange, maxLength, readOnly, type = 'text', autoComplete, multiline }: ContactInputProps) {
  const id = `contact-${field}`;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: field,
    value,
    maxLength,
    readOnly,
    required: true,
    'aria-invalid': error !== undefined,
    'aria-describedby': error === undefined ? undefined : errorId,
  };

  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={id}>{label}</label>
      {error !== undefined && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {multiline ? (
        <textarea {...shared} rows={8} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type={type} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
