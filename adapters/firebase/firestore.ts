import type { Firestore } from 'firebase/firestore';
import type { FirebaseAppLoader } from './firebase-app';

/** Runs a callback once the browser has nothing more urgent to do. */
export type WhenIdle = (callback: () => void) => void;

const IDLE_FALLBACK_MS = 2000;

export const whenBrowserIdle: WhenIdle = (callback) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout: IDLE_FALLBACK_MS * 2 });
  else setTimeout(callback, IDLE_FALLBACK_MS);
};

/**
 * Firestore is initialised with the app's public configuration, as the hosted design asks (docs/behaviour.md#the-two-backends), but no screen
 * reads it, so it is loaded only once the page is interactive and never delays a visitor.
 * The composition root calls this after hydration.
 */
export function initialiseFirestoreWhenIdle(loadApp: FirebaseAppLoader, whenIdle: WhenIdle = whenBrowserIdle): Promise<Firestore> {
  return new Promise<void>((resolve) => whenIdle(resolve)).then(async () => {
    const [{ getFirestore }, app] = await Promise.all([import('firebase/firestore'), loadApp()]);
    return getFirestore(app);
  });
}
