import type { Auth, MultiFactorError, MultiFactorResolver, User as FirebaseUser } from 'firebase/auth';
import type * as AuthSdkModule from 'firebase/auth';
import { isAdministrator } from '../../src-core/domain/administrator';
import type { AuthPort } from '../../src-core/ports/auth.port';
import type { User } from '../../src-core/domain/user';
import { firebaseFailure, hostedError } from '../hosted/error-table';
import type { FirebaseAppLoader } from './firebase-app';

export interface FirebaseAuthOptions {
  readonly loadApp: FirebaseAppLoader;
  /** The administrators' addresses (VITE_ADMIN_EMAILS). */
  readonly adminEmails: readonly string[];
  /** An Auth emulator such as 'http://127.0.0.1:9099', for tests and local work. */
  readonly emulatorUrl?: string;
}

type AuthSdk = typeof AuthSdkModule;

function isMultiFactorRequired(error: unknown): error is MultiFactorError {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth/multi-factor-auth-required';
}

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
  // A sign-in whose password was right and whose second step (multi-factor sign-in) is awaited.
  let waiting: MultiFactorResolver | undefined;

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
        waiting = undefined;
        try {
          const credential = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
          return toUser(credential.user, options.adminEmails);
        } catch (error) {
          if (!isMultiFactorRequired(error)) throw error;
          // The account has Firebase's multi-factor sign-in: the code from its authenticator app finishes it.
          const resolver = sdk.getMultiFactorResolver(auth, error);
          if (!resolver.hints.some((hint) => hint.factorId === sdk.TotpMultiFactorGenerator.FACTOR_ID)) {
            throw hostedError('auth', 'second-step-not-offered');
          }
          waiting = resolver;
          return { secondStep: { methods: ['totp'] } };
        }
      } catch (error) {
        throw firebaseFailure('auth', error);
      }
    },
    async completeSecondStep(code) {
      try {
        const resolver = waiting;
        if (resolver === undefined) throw hostedError('auth', 'auth/multi-factor-info-not-found');
        const { sdk } = await load();
        const hint = resolver.hints.find((candidate) => candidate.factorId === sdk.TotpMultiFactorGenerator.FACTOR_ID);
        if (hint === undefined) throw hostedError('auth', 'second-step-not-offered');
        const credential = await resolver.resolveSignIn(sdk.TotpMultiFactorGenerator.assertionForSignIn(hint.uid, code.replace(/\s/g, '')));
        waiting = undefined;
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
