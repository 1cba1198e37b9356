import { whenBrowserIdle } from '../../adapters/firebase/firestore';
import type { HostedBackend } from '../../adapters/hosted/hosted-backend';
import { HOSTED_PRIVACY } from '../../adapters/hosted/hosted-privacy';
import { HOSTED_MEMBERSHIP_PAGES } from '../../adapters/hosted/hosted-membership-pages';
import { buildTimeAssociation } from '../../adapters/hosted/hosted-details-env';
import type { Backend } from '../../src-core/ports/backend';
import { SEARCHES_FILE_NAMES } from '../../src-core/domain/search';
import { deferredBackend, loadOnce } from './deferred-backend';

/** The adapters and the settings' schema, downloaded together; the build has already checked the settings. */
async function loadHostedBackend(): Promise<HostedBackend> {
  const [{ createHostedBackend }, { parseHostedEnv }] = await Promise.all([
    import('../../adapters/hosted/hosted-backend'),
    import('../../adapters/hosted/hosted-env'),
  ]);
  return createHostedBackend(parseHostedEnv(import.meta.env));
}

/**
 * The hosted backend (Firebase, Contentful, EmailJS), put in place of chosen-backend.ts by a
 * VITE_BACKEND=hosted build. Like the self-hosted one, its adapters (and zod, which checks the
 * services' responses) download on first use, so a page comes to life without them; their SDKs
 * load later still, each when first needed. Firestore's lite SDK, which the forms and the admin area
 * use, is loaded once the browser is idle, and the adapters come with it then if no one has needed them yet.
 */
export function createChosenBackend(): Backend {
  // One instance for the screens and for Firestore: a second would start a second Firebase app.
  const load = loadOnce(loadHostedBackend);
  if (typeof window !== 'undefined') {
    whenBrowserIdle(() => {
      load()
        .then((backend) => backend.startFirestoreWhenIdle((start) => start()))
        .catch((error: unknown) => console.warn('Firestore could not be initialised.', error));
    });
  }
  const backend = deferredBackend(load, {
    storageCapabilities: { pauseResume: true },
    // News by e-mail (the form, its pages, the subscriber list and mailings) and joining online
    // (the form, applications and the members made from them), and booking places at events, in Firestore.
    optionalPorts: ['subscriptions', 'memberMail', 'membership', 'membershipAdmin', 'bookings', 'bookingsAdmin'],
    membershipAdminPages: HOSTED_MEMBERSHIP_PAGES,
    // Checked by the build (tooling/vite/hosted-backend.plugin.ts), so it is read as it is here.
    externalContentManagerUrl: String(import.meta.env.VITE_CMS_URL),
    privacy: HOSTED_PRIVACY,
    searchCoverage: SEARCHES_FILE_NAMES,
  });
  // Details set in the build need no adapter: every page's footer shows them without a download.
  const association = buildTimeAssociation(import.meta.env);
  return association === undefined ? backend : { ...backend, association };
}
