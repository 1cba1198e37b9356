import { createHttpBackend } from '../../adapters/http/http-backend';
import type { Backend } from '../../src-core/ports/backend';

/**
 * The self-hosted backend, the default. A build with VITE_BACKEND=hosted replaces this module
 * with chosen-backend.hosted.ts (adapters/hosted/hosted-vite.plugin.ts), so each build bundles
 * one backend's adapters and never the other's.
 */
export function createChosenBackend(): Backend {
  return createHttpBackend();
}
