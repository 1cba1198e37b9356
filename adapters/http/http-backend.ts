import type { Backend } from '../../src-core/ports/backend';
import { SITE_FEEDS } from '../../src-core/domain/site-feeds';
import { createHttpAssociation, createHttpAssociationEditor } from './http-association.adapter';
import { createHttpAccount, createHttpAudit } from './http-account.adapter';
import { createHttpAuth } from './http-auth.adapter';
import { createHttpBookings, createHttpBookingsAdmin } from './http-bookings.adapter';
import { createHttpClient, type HttpBackendOptions } from './http-client';
import { createHttpContent, createHttpContentEditor } from './http-content.adapter';
import { createHttpEvents } from './http-events.adapter';
import { createHttpContactInbox, createHttpMail } from './http-mail.adapter';
import { createHttpMemberMail } from './http-member-mail.adapter';
import { createHttpMembershipAdmin } from './http-membership-admin.adapter';
import { createHttpBranches, createHttpMembership } from './http-membership.adapter';
import { createHttpSearch } from './http-search.adapter';
import { createHttpSubscriptions } from './http-subscription.adapter';
import { createHttpStorage, type HttpStorageOptions } from './http-storage.adapter';
import { createHttpVisits } from './http-visits.adapter';
import { createHttpTeam } from './http-team.adapter';
import { SELF_HOSTED_PRIVACY } from '../../contract/self-hosted-privacy';

/** The self-hosted backend: every port spoken over the server's HTTP API. */
export function createHttpBackend(options: HttpBackendOptions & HttpStorageOptions = {}): Backend {
  const client = createHttpClient(options);
  const auth = createHttpAuth(client);
  return {
    content: createHttpContent(client),
    contentEditor: createHttpContentEditor(client),
    storage: createHttpStorage(client, options),
    events: createHttpEvents(client),
    auth,
    mail: createHttpMail(client),
    contactInbox: createHttpContactInbox(client),
    memberMail: createHttpMemberMail(client),
    membershipAdmin: createHttpMembershipAdmin(client),
    association: createHttpAssociation(client),
    associationEditor: createHttpAssociationEditor(client),
    account: createHttpAccount(client, { onTwoStepChanged: auth.refresh }),
    audit: createHttpAudit(client),
    team: createHttpTeam(client, { onSignedIn: auth.refresh }),
    visits: createHttpVisits(client),
    search: createHttpSearch(client),
    subscriptions: createHttpSubscriptions(client),
    membership: createHttpMembership(client),
    branches: createHttpBranches(client),
    bookings: createHttpBookings(client),
    bookingsAdmin: createHttpBookingsAdmin(client),
    privacy: SELF_HOSTED_PRIVACY,
    feeds: SITE_FEEDS,
  };
}
