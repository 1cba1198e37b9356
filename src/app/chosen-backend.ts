import { SELF_HOSTED_PRIVACY } from '../../contract/self-hosted-privacy';
import type { Backend } from '../../src-core/ports/backend';
import { SITE_FEEDS } from '../../src-core/domain/site-feeds';
import { SEARCHES_INSIDE_FILES } from '../../src-core/domain/search';
import { deferredBackend } from './deferred-backend';

/**
 * The self-hosted backend, the default. A build with VITE_BACKEND=hosted replaces this module
 * with chosen-backend.hosted.ts (tooling/vite/hosted-backend.plugin.ts), so each build bundles
 * one backend's adapters and never the other's. The http adapters (and the wire format's
 * schemas) are downloaded on first use: a server-rendered page comes to life without them.
 */
export function createChosenBackend(): Backend {
  return deferredBackend(() => import('../../adapters/http/http-backend').then((module) => module.createHttpBackend()), {
    storageCapabilities: { pauseResume: false },
    optionalPorts: [
      'contentEditor',
      'contactInbox',
      'associationEditor',
      'memberMail',
      'membershipAdmin',
      'account',
      'audit',
      'team',
      'visits',
      'subscriptions',
      'membership',
      'bookings',
      'bookingsAdmin',
      'branches',
    ],
    privacy: SELF_HOSTED_PRIVACY,
    feeds: SITE_FEEDS,
    searchCoverage: SEARCHES_INSIDE_FILES,
  });
}
