import type { AssociationEditorPort, AssociationPort } from './association.port';
import type { AccountPort, AuditPort } from './account.port';
import type { AuthPort } from './auth.port';
import type { BookingsAdminPort, BookingsPort } from './bookings.port';
import type { BranchesPort } from './branches.port';
import type { ContentEditorPort, ContentPort } from './content.port';
import type { EventsPort } from './events.port';
import type { ContactInboxPort, MailPort } from './mail.port';
import type { MemberMailPort } from './member-mail.port';
import type { MembershipAdminPort } from './membership-admin.port';
import type { MembershipPort } from './membership.port';
import type { SearchPort } from './search.port';
import type { StoragePort } from './storage.port';
import type { SubscriptionPort } from './subscription.port';
import type { VisitsPort } from './visits.port';
import type { TeamPort } from './team.port';
import type { SiteFeeds } from '../domain/site-feeds';
import { CoreError } from '../domain/core-error';

/** An outside company a visitor's browser talks to on this backend, and what for. */
export interface OutsideService {
  readonly name: string;
  /** Finishes 'Google Firebase, which ...', e.g. 'holds our news'. */
  readonly purpose: string;
}

/**
 * Where a visitor's details go on this backend: the privacy page says what is true of the
 * backend the site was built with, never what is true of the other one.
 */
export interface PrivacyFacts {
  /**
   * 'our-server': kept by the site's own server, which deletes them after the retention period.
   * 'our-mailbox': passed by an e-mail service to the association's mailbox; the site keeps no copy.
   */
  readonly contactMessages: { readonly keptBy: 'our-server' } | { readonly keptBy: 'our-mailbox'; readonly sentThrough: string };
  /** Empty where the site's own server handles every request. */
  readonly outsideServices: readonly OutsideService[];
  /** How an administrator stays signed in: a cookie of the site's own, or a sign-in service's storage in the browser. */
  readonly administratorSignIn: { readonly keptBy: 'our-cookie' } | { readonly keptBy: 'sign-in-service'; readonly service: string };
  /**
   * Whether the site's own server keeps an audit trail of sign-ins (failed ones too, with the
   * e-mail address tried and the internet address) and administrators' changes, deleted after
   * AUDIT_RETENTION_MONTHS.
   */
  readonly auditTrail: boolean;
  /**
   * Whether the site's own server counts visits: page views, downloads and searches that found
   * nothing, per day, with no cookie and no internet address kept.
   */
  readonly visitCounts: boolean;
  /**
   * Who keeps the news-by-e-mail list for the association where the site's own server does not:
   * the outside service's name ('Google Firebase'). Absent on the self-hosted site.
   */
  readonly subscribersKeptBy?: string;
  /** Who keeps applications to join and member records where the site's own server does not ('Google Firebase'). */
  readonly applicationsKeptBy?: string;
  /**
   * Who keeps bookings for events where the site's own server does not ('Google Firebase'); then
   * no server sends reminders the day before or deletes bookings months after the event.
   */
  readonly bookingsKeptBy?: string;
}

/**
 * Everything one backend provides. The optional parts are capabilities: the admin area
 * shows post editing and the inbox only where the backend has them.
 */
/** The admin pages of joining online that a backend may keep without the rest. */
export type MembershipAdminPage = 'applications' | 'members' | 'member';

export interface Backend {
  readonly content: ContentPort;
  readonly storage: StoragePort;
  readonly events: EventsPort;
  readonly auth: AuthPort;
  readonly mail: MailPort;
  /** The association's own details, which every page shows. */
  readonly association: AssociationPort;
  /** Site search over posts, files and events. */
  readonly search: SearchPort;
  readonly contentEditor?: ContentEditorPort;
  /** Editing the details in the admin area (self-hosted); hosted sets them at build time. */
  readonly associationEditor?: AssociationEditorPort;
  readonly contactInbox?: ContactInboxPort;
  /** E-mail to members: the subscriber list and mailings (hosted: in Firestore, sent by the Trigger Email extension). */
  readonly memberMail?: MemberMailPort;
  /** Joining online: applications, members and branches (hosted: applications and the members made from them, in Firestore). */
  readonly membershipAdmin?: MembershipAdminPort;
  /**
   * The admin pages of joining online this backend has, where it has not all of them: the hosted
   * one decides applications and lists members, but payments, renewals, imports and branches need
   * the self-hosted server.
   */
  readonly membershipAdminPages?: readonly MembershipAdminPage[];
  /** The administrator's own account: two-step sign-in, devices, password (self-hosted). */
  readonly account?: AccountPort;
  readonly audit?: AuditPort;
  /** The team: roles, invitations, suspending and removing accounts (self-hosted; hosted administrators are set in its settings). */
  readonly team?: TeamPort;
  /** Visits counted by the site's own server, for the 'Visits' page (self-hosted; a static host counts none). */
  readonly visits?: VisitsPort;
  /** News by e-mail: the subscription form and the confirm and unsubscribe pages. */
  readonly subscriptions?: SubscriptionPort;
  /** Joining online: the join form and its list of branches (hosted: the form, with no branches). */
  readonly membership?: MembershipPort;
  /** The branches' pages: where and when each meets, its events and news (both backends). */
  readonly branches?: BranchesPort;
  /** Booking a place at an event: availability, booking and cancelling by token (self-hosted; the hosted backend has none yet). */
  readonly bookings?: BookingsPort;
  /** The organiser's side of bookings: settings, lists, phone bookings, cancelling. */
  readonly bookingsAdmin?: BookingsAdminPort;
  /** Where posts are written when the backend has no editor (the hosted content management site). */
  readonly externalContentManagerUrl?: string;
  readonly privacy: PrivacyFacts;
  /** The Atom feeds the backend's server makes (self-hosted); none on a static host. */
  readonly feeds?: SiteFeeds;
}

/** One of the ports only some backends have, or the refusal a page shows where this one has none. */
export function portOf<K extends keyof Backend>(backend: Backend, key: K, missing: string): NonNullable<Backend[K]> {
  const port = backend[key];
  if (port === undefined) throw new CoreError('unavailable', missing);
  return port as NonNullable<Backend[K]>;
}
