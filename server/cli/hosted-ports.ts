import { createContentfulContent } from '../../adapters/contentful/contentful-content.adapter';
import { createFirebaseAppLoader } from '../../adapters/firebase/firebase-app';
import { createFirebaseEvents } from '../../adapters/firebase/firebase-events.adapter';
import { createFirebaseStorage } from '../../adapters/firebase/firebase-storage.adapter';
import { HostedEnvError, parseHostedEnv } from '../../adapters/hosted/hosted-env';
import { ImportError } from '../import/import-error';
import type { HostedSite } from '../import/hosted-source';

/**
 * A visitor waits a few seconds for the hosted site's lists; an import can wait this long for
 * each, retries included, since it reads everything once.
 */
const IMPORT_WAIT_MS = 60_000;

/**
 * The packages the hosted adapters load on first use. They are development dependencies: a server's
 * production install (`npm ci --omit=dev`) leaves them out, and reading the hosted site needs the full one.
 */
export const HOSTED_SDK_PACKAGES = ['firebase', 'contentful'] as const;

function requireHostedSdks(): void {
  for (const specifier of ['firebase/app', 'firebase/storage', 'contentful']) {
    try {
      import.meta.resolve(specifier);
    } catch {
      throw new ImportError(
        'Reading the hosted site needs the full install, with the Firebase and Contentful packages: run `npm ci` in the project folder first (a production install, `npm ci --omit=dev`, leaves them out). Nothing was changed.',
      );
    }
  }
}

/**
 * The hosted backend's content, storage and events, made by its own adapters from the same
 * variables as the hosted build (VITE_CONTENTFUL_*, VITE_FIREBASE_*; adapters/hosted/hosted-env.ts,
 * whose message names any that are missing).
 */
export function hostedSiteFrom(variables: Readonly<Record<string, unknown>>, appName = 'import'): HostedSite {
  requireHostedSdks();
  let env;
  try {
    env = parseHostedEnv(variables);
  } catch (error) {
    if (error instanceof HostedEnvError) throw new ImportError(`${error.message.replace('The hosted backend cannot be built', 'The hosted site cannot be read')} Nothing was changed.`);
    throw error;
  }
  const loadApp = createFirebaseAppLoader(env.firebase, appName);
  return {
    content: createContentfulContent({ ...env.contentful, waitBudgetMs: IMPORT_WAIT_MS }),
    storage: createFirebaseStorage({ loadApp, maxUploadBytes: env.maxUploadBytes, waitBudgetMs: IMPORT_WAIT_MS }),
    events: createFirebaseEvents({ loadApp, timeZone: env.timeZone, waitBudgetMs: IMPORT_WAIT_MS }),
  };
}
