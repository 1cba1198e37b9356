import type { Backend } from '../../src-core/ports/backend';
import { createChosenBackend } from './chosen-backend';

/**
 * Which backend the site talks to. The self-hosted server's HTTP API is the default; a build with
 * VITE_BACKEND=hosted swaps in the hosted backend (Firebase, Contentful, EmailJS) at build time,
 * whose adapters load their SDKs only on first use (see chosen-backend.ts).
 */
export function createBackend(): Backend {
  return createChosenBackend();
}
