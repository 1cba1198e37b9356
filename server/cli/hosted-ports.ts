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
 * The hosted backend's content, storage and events, made by its own adapters from the same
 * variables as the hosted build (VITE_CONTENTFUL_*, VITE_FIREBASE_*; adapters/hosted/hosted-env.ts,
 * whose message names any that are missing).
 */
export function hostedSiteFrom(variables: Readonly<Record<string, unknown>>, appName = 'import'): HostedSite {
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
