import type { FormEvent } from 'react';
import type { FormSubmitEvent } from '../../src-core/machines/form.setup';

/**
 * The named fields as the form holds them when it is submitted: a password manager may fill a
 * form without telling React, so the form's own values count. A missing field reads ''.
 */
export function formValues<F extends string>(form: HTMLFormElement, fields: readonly F[]): Record<F, string> {
  const data = new FormData(form);
  const text = (name: F) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(fields.map((name) => [name, text(name)])) as Record<F, string>;
}

/**
 * A form machine's submit handler: the page stays, and the machine gets 'form.submit', with the
 * named fields as the form holds them (formValues) or, with none named, the values it has.
 */
export function submitHandler<F extends string>(send: (event: FormSubmitEvent<F>) => void, fields?: readonly F[]) {
  return (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    send(fields === undefined ? { type: 'form.submit' } : { type: 'form.submit', values: formValues(event.currentTarget, fields) });
  };
}
