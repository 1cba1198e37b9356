import { calendarMonthsBefore } from './contact-retention';

/**
 * What the audit trail records: every sign-in and failed attempt, sign-out, change to files,
 * posts, event details, the association's details, passwords, two-step sign-in and sessions,
 * every action on the contact messages, and every look at or change to the subscriber list and
 * mailings, every change to the team (invitations, roles, suspensions, removals), every look at or change to membership applications, members and branches, and every look at or change to bookings. 'messages-read' (opening the inbox) is no longer recorded; the kind stays so entries
 * written before can still be read until they expire. Each kind stands here with what a volunteer
 * reads for it, in the order the activity list offers them.
 */
const LABELS = {
  'signed-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'second-step-failed': 'Wrong two-step code',
  'signed-out': 'Signed out',
  'file-uploaded': 'File uploaded',
  'file-deleted': 'File deleted',
  'post-created': 'News post written',
  'post-edited': 'News post changed',
  'post-deleted': 'News post deleted',
  'event-details-changed': 'Event details changed',
  'association-details-changed': 'Association details changed',
  'password-changed': 'Password changed',
  'two-step-enabled': 'Two-step sign-in turned on',
  'two-step-disabled': 'Two-step sign-in turned off',
  'two-step-reset': 'Two-step sign-in reset on the server',
  'recovery-code-used': 'Recovery code used',
  'session-ended': 'Signed out a device',
  'other-sessions-ended': 'Signed out all other devices',
  'browser-trusted': 'Browser trusted for 30 days',
  'browser-trust-ended': 'Stopped trusting a browser',
  'messages-read': 'Contact messages opened',
  'message-handled': 'Contact message marked handled',
  'message-marked-new': 'Contact message marked new',
  'message-deleted': 'Contact message deleted',
  'message-sent-again': 'Contact message sent again',
  'subscription-confirmed': 'Subscription to the news confirmed',
  unsubscribed: 'Unsubscribed from the news',
  'subscribers-read': 'Subscriber list opened',
  'subscriber-added': 'Subscriber added by hand',
  'subscriber-removed': 'Subscriber removed',
  'subscriber-erased': 'Subscriber erased (all data)',
  'subscriber-data-read': "Subscriber's data looked up",
  'subscribers-exported': 'Subscriber list exported',
  'mailing-created': 'Mailing written',
  'mailing-test-sent': 'Mailing test sent',
  'mailing-sent': 'Mailing sent to subscribers',
  'mailing-paused': 'Mailing paused',
  'mailing-resumed': 'Mailing resumed',
  'application-received': 'Membership application received',
  'applications-read': 'Membership applications opened',
  'application-read': 'Membership application opened',
  'application-data-read': "Applicant's data looked up",
  'application-approved': 'Membership application approved',
  'application-declined': 'Membership application declined',
  'application-more-information': 'More information asked of an applicant',
  'application-erased': 'Applicant erased (all data)',
  'members-read': 'Member list opened',
  'member-read': 'Member opened',
  'member-data-read': "Member's data looked up",
  'member-erased': 'Member erased (all data)',
  'welcome-letter-posted': 'Welcome letter marked posted',
  'member-edited': 'Member changed',
  'payment-recorded': 'Payment recorded',
  'payment-removed': 'Payment removed',
  'members-exported': 'Member list exported',
  'members-imported': 'Members imported',
  'membership-settings-changed': 'Membership year and renewals changed',
  'renewal-letters-read': 'Renewal letters list opened',
  'branch-added': 'Branch added',
  'branch-renamed': 'Branch renamed',
  'branch-changed': 'Branch details changed',
  'branch-removed': 'Branch removed',
  'booking-received': 'Booking received',
  'booking-cancelled-by-person': 'Booking cancelled by the person',
  'bookings-read': 'Bookings of an event opened',
  'bookings-exported': 'Bookings of an event downloaded',
  'booking-settings-changed': 'Booking settings of an event changed',
  'booking-site-settings-changed': 'Reminder time or booking retention changed',
  'booking-added': 'Booking taken by phone added',
  'booking-cancelled': 'Booking cancelled by an administrator',
  'booking-moved-up': 'Booking moved up from the waiting list',
  'booking-phoned': 'Person moved up marked phoned',
  'event-cancelled': 'Event cancelled and everyone booked told',
  'booking-data-read': "A person's bookings looked up",
  'booking-erased': "A person's bookings erased",
  'team-member-invited': 'Invited to the team',
  'invitation-accepted': 'Invitation accepted',
  'role-changed': 'Role changed',
  'account-suspended': 'Account suspended',
  'account-restored': 'Account allowed back in',
  'account-removed': 'Account removed',
  'invitation-withdrawn': 'Invitation withdrawn',
} as const satisfies Readonly<Record<string, string>>;

export type AuditKind = keyof typeof LABELS;

export const AUDIT_KINDS = Object.keys(LABELS) as [AuditKind, ...AuditKind[]];

export interface AuditEntry {
  readonly id: string;
  /** ISO 8601. */
  readonly at: string;
  /** The e-mail of whoever did it; null when nobody was signed in (a failed sign-in for an unknown account). */
  readonly actor: string | null;
  readonly kind: AuditKind;
  /** What it was done to, in plain words: a file's path, a post's title, the e-mail tried. */
  readonly detail: string;
  /** The network address the request came from ('' for the command line). */
  readonly address: string;
}

/** The kinds an administrator can choose to see: what people did, not what was merely looked at. */
export const LISTED_AUDIT_KINDS: readonly AuditKind[] = AUDIT_KINDS.filter((kind) => kind !== 'messages-read');

/** What a volunteer reads for each kind in the admin area and the command's printout. */
export function auditKindLabel(kind: AuditKind): string {
  return LABELS[kind];
}

export function isAuditKind(value: string): value is AuditKind {
  return (AUDIT_KINDS as readonly string[]).includes(value);
}

/**
 * How long the audit trail keeps an entry. The privacy policy quotes this number and the
 * server's purge deletes by it, so the two never disagree.
 */
export const AUDIT_RETENTION_MONTHS = 12;

/** Entries recorded strictly before the returned instant are due for deletion at `now`. */
export function auditRetentionCutoff(now: number): number {
  return calendarMonthsBefore(now, AUDIT_RETENTION_MONTHS);
}
