import type { Auth, User as FirebaseUser } from 'firebase/auth';
import type * as AuthSdkModule from 'firebase/auth';
import { isAdministrator } from '../../src-core/domain/administrator';
import type { AuthPort } from '../../src-core/ports/auth.port';
import type { User } from '../../src-core/domain/user';
import { firebaseFailure } from '../hosted/error-table';
import type { FirebaseAppLoader } from './firebase-app';

export interface FirebaseAuthOptions {
  readonly loadApp: FirebaseAppLoader;
  /** The administrators' addresses (VITE_ADMIN_EMAILS). */
  readonly adminEmails: readonly string[];
  /** An Auth emulator such as 'http://127.0.0.1:9099', for tests and local work. */
  readonly emulatorUrl?: string;
}

type AuthSdk = typeof AuthSdkModule;

function toUser(user: Pick<FirebaseUser, 'email' | 'emailVerified'>, adminEmails: readonly string[]): User {
  const email = user.email ?? '';
  return {
    email,
    emailVerified: user.emailVerified,
    administrator: isAdministrator({ email, emailVerified: user.emailVerified }, adminEmails),
  };
}

/**
 * Administrator sign-in through Firebase Authentication. The SDK is imported on the first call,
 * which only the login and admin pages make.
 */
export function createFirebaseAuth(options: FirebaseAuthOptions): AuthPort {
  let loaded: Promise<{ sdk: AuthSdk; auth: Auth }> | undefined;

  function load(): Promise<{ sdk: AuthSdk; auth: Auth }> {
    loaded ??= Promise.all([import('firebase/auth'), options.loadApp()]).then(([sdk, app]) => {
      const auth = sdk.getAuth(app);
      if (options.emulatorUrl !== undefined) sdk.connectAuthEmulator(auth, options.emulatorUrl, { disableWarnings: true });
      return { sdk, auth };
    });
    // A failed chunk download may succeed on the next attempt.
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  }

  return {
    async signIn({ email, password }) {
      try {
        const { sdk, auth } = await load();
        const credential = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
        return toUser(credential.user, options.adminEmails);
      } catch (error) {
        throw firebaseFailure('auth', error);
      }
    },
    async signOut() {
      try {
        const { sdk, auth } = await load();
        await sdk.signOut(auth);
      } catch (error) {
        throw firebaseFailure('auth', error);
      }
    },
    observeUser(listener) {
      let stopped = false;
      let unsubscribe: (() => void) | undefined;
      load().then(
        ({ sdk, auth }) => {
          if (stopped) return;
          unsubscribe = sdk.onAuthStateChanged(auth, (user) => {
            listener(user === null ? null : toUser(user, options.adminEmails));
          });
        },
        () => {
          // Without the SDK nobody can be signed in; the admin guard then offers the login page.
          if (!stopped) listener(null);
        },
      );
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}
