import { createHostedBackend } from '../../adapters/hosted/hosted-backend';
import { parseHostedEnv } from '../../adapters/hosted/hosted-env';
import type { Backend } from '../../src-core/ports/backend';

/**
 * The hosted backend (Firebase, Contentful, EmailJS), put in place of chosen-backend.ts by a
 * VITE_BACKEND=hosted build. Its adapters load their SDKs on first use; Firestore, which no
 * screen reads, is initialised once the browser is idle after the page has come to life.
 */
export function createChosenBackend(): Backend {
  const backend = createHostedBackend(parseHostedEnv(import.meta.env));
  if (typeof window !== 'undefined') {
    backend.startFirestoreWhenIdle().catch((error: unknown) => console.warn('Firestore could not be initialised.', error));
  }
  return backend;
}
