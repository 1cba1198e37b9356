import type { AuthPort } from '../../src-core/ports/auth.port';
import type { User } from '../../src-core/domain/user';
import type { HttpClient } from './http-client';
import { z } from '../../contract/zod';
import { API_PATHS, secondStepChallengeSchema, sessionSchema, userSchema } from '../../contract/wire';

function sameUser(a: User | null, b: User | null): boolean {
  return (
    a === b ||
    (a !== null && b !== null && a.email === b.email && a.administrator === b.administrator && a.mustSetUpTwoStep === b.mustSetUpTwoStep)
  );
}

export type HttpAuth = AuthPort & {
  /** Asks the server again who is signed in, and tells the observers if that changed. */
  refresh(): Promise<void>;
};

/**
 * The session lives in an HttpOnly cookie the browser carries by itself, so the adapter only
 * asks the server who is signed in and tells its listeners when that changes.
 */
export function createHttpAuth(client: HttpClient): HttpAuth {
  const listeners = new Set<(user: User | null) => void>();
  let current: User | null | undefined;

  function publish(user: User | null): void {
    const changed = current === undefined || !sameUser(current, user);
    current = user;
    if (changed) for (const listener of [...listeners]) listener(user);
  }

  async function refresh(): Promise<void> {
    try {
      const { user } = await client.request('GET', API_PATHS.session, sessionSchema);
      publish(user);
    } catch {
      // Unknown counts as signed out: the admin guard then offers the sign-in page.
      publish(null);
    }
  }

  // A session ended elsewhere (another device, a password change, its age) shows at the next
  // request: the observers hear that nobody is signed in, and the admin area goes to the login page.
  client.onUnauthenticated((path) => {
    if (current !== undefined && current !== null && !path.startsWith(API_PATHS.session)) void refresh();
  });

  return {
    refresh,
    async signIn(credentials) {
      const outcome = await client.request('POST', API_PATHS.session, z.union([userSchema, secondStepChallengeSchema]), {
        json: { email: credentials.email, password: credentials.password },
      });
      // The sign-in waits for its second step in a short-lived cookie of its own.
      if ('secondStep' in outcome) return outcome;
      publish(outcome);
      return outcome;
    },
    async completeSecondStep(code, options = {}) {
      const json = options.trustBrowser === true ? { code, trustBrowser: true } : { code };
      const user = await client.request('POST', API_PATHS.secondStep, userSchema, { json });
      publish(user);
      return user;
    },
    async signOut() {
      try {
        await client.send('DELETE', API_PATHS.session);
      } finally {
        publish(null);
      }
    },
    observeUser(listener) {
      listeners.add(listener);
      if (current !== undefined) listener(current);
      void refresh();
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
