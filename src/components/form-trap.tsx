/**
 * A form's trap for robots: a field people never see (off screen, see .form-trap), so a value in
 * it marks a robot, and the server quietly drops what it sent.
 */
export function FormTrap({ id }: { readonly id: string }) {
  return (
    <div className="form-trap" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** What the trap field holds, read as the form is sent, since robots fill it in at any moment. */
export function trapValue(id: string): string {
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement ? field.value : '';
}
