import type { FirebaseApp } from 'firebase/app';
import type { Auth, MultiFactorError, MultiFactorResolver, User as FirebaseUser } from 'firebase/auth';
import type * as AuthSdkModule from 'firebase/auth';
import { isAdministrator } from '../../src-core/domain/administrator';
import type { AuthPort } from '../../src-core/ports/auth.port';
import type { User } from '../../src-core/domain/user';
import { firebaseFailure, hostedError } from '../hosted/error-table';
import type { FirebaseAppLoader } from './firebase-app';
import { ADMIN_SESSION_LIMITS, createSessionClock, defaultSessionStore, type SessionLimits, type SessionStore } from './admin-session';

export interface FirebaseAuthOptions {
  readonly loadApp: FirebaseAppLoader;
  /** The administrators' addresses (VITE_ADMIN_EMAILS). */
  readonly adminEmails: readonly string[];
  /** An Auth emulator such as 'http://127.0.0.1:9099', for tests and local work. */
  readonly emulatorUrl?: string;
  /** ADMIN_SESSION_LIMITS unless set. */
  readonly sessionLimits?: SessionLimits;
  readonly now?: () => number;
  /** Where the session's times are kept: the tab's session storage unless set. */
  readonly sessionStore?: SessionStore;
  /** Keeps the session times of several apps in one process apart (tests). */
  readonly sessionName?: string;
}

/** The Auth port, and the session limits the rest of the hosted backend keeps. */
export interface FirebaseAuth extends AuthPort {
  /** The signed-in administrator did something: the 2 idle hours start again. */
  noteActivity(): void;
  /**
   * Whether the session has run out (12 hours, or 2 idle hours); if so it is ended, and the
   * admin area, told that nobody is signed in, goes to the login page.
   */
  endIfOver(): boolean;
}

/** A timer longer than this (about 24.8 days) fires at once; the session's are far shorter. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

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
 * The app's Auth instance, keeping its sign-in in the tab's session storage (in memory where
 * there is none, in Node): closing the browser signs out, as a session cookie would. getAuth would
 * keep it in IndexedDB for good.
 */
function authOf(sdk: AuthSdk, app: FirebaseApp): Auth {
  try {
    return sdk.initializeAuth(app, { persistence: [sdk.browserSessionPersistence, sdk.inMemoryPersistence] });
  } catch (error) {
    // Another part of the same app asked for Auth first: the same instance, already set up.
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth/already-initialized') return sdk.getAuth(app);
    throw error;
  }
}

/**
 * Administrator sign-in through Firebase Authentication. The SDK is imported on the first call,
 * which only the login and admin pages make.
 */
export function createFirebaseAuth(options: FirebaseAuthOptions): FirebaseAuth {
  let loaded: Promise<{ sdk: AuthSdk; auth: Auth }> | undefined;
  // A sign-in whose password was right and whose second step (multi-factor sign-in) is awaited.
  let waiting: MultiFactorResolver | undefined;
  // The SDK reports the new user to its listeners before the sign-in's promise resolves.
  let signingIn = false;
  const session = createSessionClock({
    store: options.sessionStore ?? defaultSessionStore(),
    now: options.now ?? Date.now,
    limits: options.sessionLimits ?? ADMIN_SESSION_LIMITS,
    name: options.sessionName ?? 'default',
  });

  function load(): Promise<{ sdk: AuthSdk; auth: Auth }> {
    loaded ??= Promise.all([import('firebase/auth'), options.loadApp()]).then(([sdk, app]) => {
      const auth = authOf(sdk, app);
      if (options.emulatorUrl !== undefined) sdk.connectAuthEmulator(auth, options.emulatorUrl, { disableWarnings: true });
      return { sdk, auth };
    });
    // A failed chunk download may succeed on the next attempt.
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  }

  /** Signs out of Firebase when the session's time is up; the listeners then hear null. */
  async function endSession(): Promise<void> {
    session.ended();
    try {
      const { sdk, auth } = await load();
      await sdk.signOut(auth);
    } catch {
      // Signing out only clears the tab's storage; should that fail, the session clock still says
      // the session is over, and the next check tries again.
    }
  }

  return {
    async signIn({ email, password }) {
      try {
        const { sdk, auth } = await load();
        waiting = undefined;
        try {
          signingIn = true;
          const credential = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
          session.started();
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
      } finally {
        signingIn = false;
      }
    },
    async completeSecondStep(code) {
      try {
        const resolver = waiting;
        if (resolver === undefined) throw hostedError('auth', 'auth/multi-factor-info-not-found');
        const { sdk } = await load();
        const hint = resolver.hints.find((candidate) => candidate.factorId === sdk.TotpMultiFactorGenerator.FACTOR_ID);
        if (hint === undefined) throw hostedError('auth', 'second-step-not-offered');
        signingIn = true;
        const credential = await resolver.resolveSignIn(sdk.TotpMultiFactorGenerator.assertionForSignIn(hint.uid, code.replace(/\s/g, '')));
        session.started();
        waiting = undefined;
        return toUser(credential.user, options.adminEmails);
      } catch (error) {
        throw firebaseFailure('auth', error);
      } finally {
        signingIn = false;
      }
    },
    async signOut() {
      try {
        session.ended();
        const { sdk, auth } = await load();
        await sdk.signOut(auth);
      } catch (error) {
        throw firebaseFailure('auth', error);
      }
    },
    noteActivity: () => session.active(),
    endIfOver() {
      if (session.remainingMs() > 0) return false;
      void endSession();
      return true;
    },
    observeUser(listener) {
      let stopped = false;
      let unsubscribe: (() => void) | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Checks again when the session would end; activity in between moves that time on.
      const watch = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (session.remainingMs() === 0) void endSession();
          else watch();
        }, Math.min(session.remainingMs(), LONGEST_TIMER_MS));
      };
      load().then(
        ({ sdk, auth }) => {
          if (stopped) return;
          unsubscribe = sdk.onAuthStateChanged(auth, (user) => {
            clearTimeout(timer);
            if (user !== null && signingIn) session.started();
            if (user !== null && session.remainingMs() === 0) {
              // Over, or begun in a tab that never saw it start: the listener hears null once it has ended.
              void endSession();
              return;
            }
            listener(user === null ? null : toUser(user, options.adminEmails));
            if (user !== null) watch();
          });
        },
        () => {
          // Without the SDK nobody can be signed in; the admin guard then offers the login page.
          if (!stopped) listener(null);
        },
      );
      return () => {
        stopped = true;
        clearTimeout(timer);
        unsubscribe?.();
      };
    },
  };
}
