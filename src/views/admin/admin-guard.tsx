import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { User } from '../../../src-core/domain/user';
import { useCurrentUser } from './current-user.hook';
import { SIGNED_OUT } from './signed-out';

/**
 * Opens the admin area only for a signed-in administrator (the auth adapter applies the core's
 * policy). Everyone else goes to the login page, which explains a non-administrator account.
 * This is a convenience: the server (or the hosted Storage rules) refuses every write anyway.
 */
export function AdminGuard({ children }: { readonly children: (user: User) => ReactNode }) {
  const user = useCurrentUser();
  // An administrator who signs out here (Sign out, or OK after an upload) is told so on the
  // login page; a visitor who was never signed in is simply sent there.
  const [sawAdministrator, setSawAdministrator] = useState(false);
  if (user?.administrator === true && !sawAdministrator) setSawAdministrator(true);
  if (user === undefined) {
    return (
      <p role="status" className="admin-checking">
        Checking your sign-in...
      </p>
    );
  }
  if (user === null || !user.administrator) {
    return <Navigate to="/login" replace state={sawAdministrator ? SIGNED_OUT : undefined} />;
  }
  return <>{children(user)}</>;
}
