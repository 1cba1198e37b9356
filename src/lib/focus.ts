/*
 * Focus moves a machine asks a view for. Views name the elements by id (useId) rather than by
 * ref: the actions are handed to the machine while rendering, and refs may not be read then.
 */

export function focusById(id: string): void {
  document.getElementById(id)?.focus();
}

/** After a refused submit: the first field marked invalid, in the order the form shows them. */
export function focusFirstInvalidField(formId: string): void {
  document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
