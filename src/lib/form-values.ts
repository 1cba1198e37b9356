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
