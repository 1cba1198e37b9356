import { createHttpBackend } from '../../adapters/http/http-backend';
import type { Backend } from '../../src-core/ports/backend';

/**
 * Which backend the site talks to. The self-hosted server's HTTP API is the default; the hosted
 * backend (Firebase, Contentful, EmailJS) is chosen here at build time once it exists, behind a
 * dynamic import so its SDKs never reach a visitor of the self-hosted site.
 */
export function createBackend(): Backend {
  return createHttpBackend();
}
