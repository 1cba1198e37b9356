/** The navigation state the admin area hands the login page when its administrator signs out. */
export const SIGNED_OUT = { signedOut: true } as const;

export function cameFromSigningOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signedOut?: unknown }).signedOut === true;
}
