/** Addresses are compared the way people type them: case and stray spaces do not matter. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The administrator policy: signed in, with an e-mail in the configured list, and not
 * reported unverified. A backend that does not know about verification leaves it undefined.
 */
export function isAdministrator(
  user: { readonly email: string; readonly emailVerified?: boolean } | null,
  adminEmails: readonly string[],
): boolean {
  if (user === null || user.emailVerified === false) return false;
  const email = normaliseEmail(user.email);
  return email !== '' && adminEmails.some((admin) => normaliseEmail(admin) === email);
}
