import { useEffect, useState } from 'react';
import type { User } from '../../../src-core/domain/user';
import { useBackend } from '../../lib/backend.context';

/**
 * The signed-in user as the auth port reports it: undefined until the backend has answered,
 * then the user or null, kept up to date as people sign in and out.
 */
export function useCurrentUser(): User | null | undefined {
  const { auth } = useBackend();
  const [user, setUser] = useState<User | null | undefined>(undefined);
  useEffect(() => auth.observeUser(setUser), [auth]);
  return user;
}
