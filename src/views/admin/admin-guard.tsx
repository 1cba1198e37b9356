import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { User } from '../../../src-core/ports/auth.port';
import { useCurrentUser } from './current-user.hook';

/**
 * Opens the admin area only for a signed-in administrator (the auth adapter applies the core's
 * policy). Everyone else goes to the login page, which explains a non-administrator account.
 * This is a convenience: the server (or the hosted Storage rules) refuses every write anyway.
 */
export function AdminGuard({ children }: { readonly children: (user: User) => ReactNode }) {
  const user = useCurrentUser();
  if (user === undefined) {
    return (
      <p role="status" className="admin-checking">
        Checking your sign-in...
      </p>
    );
  }
  if (user === null || !user.administrator) return <Navigate to="/login" replace />;
  return <>{children(user)}</>;
}
