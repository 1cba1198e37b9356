import type { ReactNode } from 'react';
import { FieldNotes, describedBy } from './form-field';

export interface LabelledFieldProps {
  readonly id: string;
  readonly label: ReactNode;
  readonly hint?: string;
  readonly error: string | undefined;
  /** The control itself, given its id and the attributes that tie it to its hint and error. */
  readonly children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/**
 * A labelled field of a form's own kind (a number, a date, a select), its hint and error placed
 * and read out as FormField's are. Apart from form-field.tsx, so a public page's first load does
 * not bring it: the booking form and the admin area load it with themselves.
 */
export function LabelledField({ id, label, hint, error, children }: LabelledFieldProps) {
  return (
    <div className={error === undefined ? 'form-field' : 'form-field form-field--invalid'}>
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} hint={hint} error={error} />
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': describedBy(id, hint !== undefined, error) })}
    </div>
  );
}
