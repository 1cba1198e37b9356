import { isoAt } from '../clock';
import type { Db } from '../db/database';
import { prepareReturningWrite } from '../db/returning-write';
import { rowId } from './row-keys';

/** The membership mails (server/mail/membership-mail.ts): each names its application. */
export const MEMBERSHIP_MAIL_KINDS = ['application-received', 'application-notice', 'welcome', 'declined', 'more-information'] as const;
export type MembershipMailKind = (typeof MEMBERSHIP_MAIL_KINDS)[number];
/** The renewal reminders (server/mail/renewal-mail.ts): each names its member. */
export const RENEWAL_MAIL_KINDS = ['renewal-before', 'renewal-after'] as const;
export type RenewalMailKind = (typeof RENEWAL_MAIL_KINDS)[number];
type SubscriptionMailKind = 'confirmation' | 'mailing' | 'test';

/** The booking mails (server/mail/booking-mail.ts): each names its booking, and goes with it. */
export const BOOKING_MAIL_KINDS = ['booking-confirmation', 'booking-promoted', 'booking-reminder', 'booking-event-cancelled'] as const;
export type BookingMailKind = (typeof BOOKING_MAIL_KINDS)[number];
/** The monthly visits summary to an administrator who asked for it; its payload names the month ('2026-10'). */
type AdministratorMailKind = 'visits-summary';
/** An invitation to the website's team (server/mail/invitation-mail.ts); its payload names the invitation. */
type TeamMailKind = 'invitation';
export type QueuedKind = SubscriptionMailKind | MembershipMailKind | RenewalMailKind | BookingMailKind | AdministratorMailKind | TeamMailKind;
export type QueuedState = 'waiting' | 'sending' | 'sent' | 'failed-temporary' | 'refused';
export type MailingState = 'draft' | 'sending' | 'paused' | 'finished';

interface QueueRow {
  id: number;
  kind: QueuedKind;
  mailing_id: number | null;
  address: string;
  address_key: string;
  payload: string | null;
  state: QueuedState;
  attempts: number;
  next_attempt_at: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
  application_id: number | null;
  member_number: number | null;
  booking_id: number | null;
}

interface MailingRow {
  id: number;
  source_kind: 'news' | 'newsletter';
  source_ref: string;
  subject: string;
  body: string;
  link: string;
  state: MailingState;
  created_at: number;
  created_by: string | null;
  queued_at: number | null;
}

/** One message claimed for sending: its row is 'sending' and committed before the mail server is asked. */
export interface ClaimedMail {
  readonly id: number;
  readonly kind: QueuedKind;
  readonly mailingId: number | undefined;
  readonly address: string;
  readonly addressKey: string;
  readonly payload: string | undefined;
  readonly attempts: number;
  readonly applicationId: number | undefined;
  readonly memberNumber: number | undefined;
  readonly bookingId: number | undefined;
}

export interface NewQueuedMail {
  readonly kind: QueuedKind;
  readonly mailingId?: number;
  readonly address: string;
  readonly addressKey: string;
  readonly payload?: string;
  readonly applicationId?: number;
  readonly memberNumber?: number;
  readonly bookingId?: number;
}

export interface StoredMailing {
  readonly id: number;
  readonly sourceKind: 'news' | 'newsletter';
  readonly sourceRef: string;
  readonly subject: string;
  /** Plain text, one paragraph a line. */
  readonly body: string;
  /** The whole address the mail links to: the news post, or the newsletter's PDF. */
  readonly link: string;
  readonly state: MailingState;
  readonly createdAt: number;
  readonly createdBy: string | null;
}

export interface MailingProgress {
  readonly sent: number;
  readonly failed: number;
  readonly waiting: number;
}

export interface QueuedMailRecord<K extends QueuedKind = QueuedKind> {
  readonly kind: K;
  readonly mailingId: string | null;
  readonly state: QueuedState;
  readonly attempts: number;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  readonly lastError: string | null;
}

export interface MailQueueRepository {
  enqueue(mail: NewQueuedMail, at: number): number;
  /**
   * One row for every confirmed, working subscriber not queued for this mailing yet; the UNIQUE
   * index on (mailing, address) makes asking twice add nothing. Returns how many were added.
   */
  enqueueMailing(mailingId: number, at: number): number;
  /**
   * Marks the next due message 'sending' (committed) and returns it. Confirmations and tests go
   * before mailings; a mailing's rows wait while it is paused.
   */
  claimDue(now: number): ClaimedMail | undefined;
  markSent(id: number, at: number): void;
  markRetry(id: number, nextAttemptAt: number, error: string): void;
  /** Retried MAIL_MAX_ATTEMPTS times: left failed, not tried again. */
  markGaveUp(id: number, error: string, at: number): void;
  markRefused(id: number, error: string, at: number): void;
  /** When the next claimable message is due, if any. */
  nextDueAt(): number | undefined;
  /**
   * Rows left 'sending' by a crash: at most one, as messages are sent one at a time. It may have
   * reached the mail server, so it is counted as sent and never sent again; its note says so.
   */
  reconcileInterrupted(at: number): number;
  /** The subscription mails to an address (membership mails are found by their application). */
  forAddress(addressKey: string): QueuedMailRecord<SubscriptionMailKind>[];
  /** The membership mails about one application, whatever address they went to. */
  forApplication(applicationId: number): QueuedMailRecord[];
  /** The renewal reminders to one member, whatever address they went to. */
  forMember(memberNumber: number): QueuedMailRecord[];
  /** Blanks the address of every reminder to a member being erased; the rows stay, counted. */
  forgetMember(memberNumber: number): void;
  /**
   * Drops every mail not sent yet about a member or to their address (a member who died): the
   * membership and renewal mails, and any news waiting for the address. Returns how many.
   */
  dropWaitingFor(memberNumber: number, applicationId: number | null, addressKey: string | null): number;
  /** The mails about one booking. */
  forBooking(bookingId: number): QueuedMailRecord[];

  createMailing(mailing: Omit<StoredMailing, 'id' | 'state' | 'createdAt' | 'createdBy'>, at: number, by: string | null): StoredMailing;
  getMailing(id: string): StoredMailing | undefined;
  getMailingById(id: number): StoredMailing | undefined;
  listMailings(): StoredMailing[];
  /** Moves a mailing from one of `from` to `to`; false when it was in none of them. */
  moveMailing(id: number, from: readonly MailingState[], to: MailingState, at: number): boolean;
  progress(mailingId: number): MailingProgress;
}

function toClaimed(row: QueueRow): ClaimedMail {
  return {
    id: row.id,
    kind: row.kind,
    mailingId: row.mailing_id ?? undefined,
    address: row.address,
    addressKey: row.address_key,
    payload: row.payload ?? undefined,
    attempts: row.attempts,
    applicationId: row.application_id ?? undefined,
    memberNumber: row.member_number ?? undefined,
    bookingId: row.booking_id ?? undefined,
  };
}

function toRecord(row: QueueRow): QueuedMailRecord {
  return {
    kind: row.kind,
    mailingId: row.mailing_id === null ? null : String(row.mailing_id),
    state: row.state,
    attempts: row.attempts,
    createdAt: isoAt(row.created_at),
    finishedAt: row.finished_at === null ? null : isoAt(row.finished_at),
    lastError: row.last_error,
  };
}

function isSubscriptionMail(record: QueuedMailRecord): record is QueuedMailRecord<SubscriptionMailKind> {
  return ![...MEMBERSHIP_MAIL_KINDS, ...RENEWAL_MAIL_KINDS, ...BOOKING_MAIL_KINDS].includes(record.kind as MembershipMailKind | RenewalMailKind | BookingMailKind);
}

function toMailing(row: MailingRow): StoredMailing {
  return {
    id: row.id,
    sourceKind: row.source_kind,
    sourceRef: row.source_ref,
    subject: row.subject,
    body: row.body,
    link: row.link,
    state: row.state,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

const MAILING_SENDING = "EXISTS (SELECT 1 FROM mailings m WHERE m.id = q.mailing_id AND m.state = 'sending')";
// A row is claimable when due, and, for a mailing, while that mailing is being sent.
const CLAIMABLE = `q.state IN ('waiting', 'failed-temporary') AND q.next_attempt_at IS NOT NULL
  AND (q.kind <> 'mailing' OR ${MAILING_SENDING})`;

export function createMailQueueRepository(db: Db): MailQueueRepository {
  const insert = prepareReturningWrite<[string, number | null, string, string, string | null, number, number, number | null, number | null, number | null], { id: number }>(
    db,
    `INSERT INTO mail_queue (kind, mailing_id, address, address_key, payload, state, next_attempt_at, created_at, application_id, member_number, booking_id)
     VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?, ?, ?, ?) RETURNING id`,
  );
  const insertMailing = db.prepare<[number, number, number]>(
    `INSERT OR IGNORE INTO mail_queue (kind, mailing_id, address, address_key, state, next_attempt_at, created_at)
     SELECT 'mailing', ?, email, email_key, 'waiting', ?, ? FROM subscribers
     WHERE state = 'confirmed' AND not_working_at IS NULL ORDER BY id`,
  );
  // The first due row of one state, in the index's own order (state, next_attempt_at, id), so
  // SQLite stops at the first match instead of sorting every waiting row of a mailing of
  // thousands before each claim (about 0.7 ms of the request thread's time per message).
  const firstDue = (state: QueuedState, mailings: boolean) =>
    `SELECT * FROM (SELECT q.id, q.next_attempt_at AS at FROM mail_queue q
       WHERE q.state = '${state}' AND q.next_attempt_at <= @now AND ${mailings ? `q.kind = 'mailing' AND ${MAILING_SENDING}` : "q.kind <> 'mailing'"}
       ORDER BY q.next_attempt_at, q.id LIMIT 1)`;
  const firstOf = (mailings: boolean) =>
    `SELECT id FROM (${firstDue('waiting', mailings)} UNION ALL ${firstDue('failed-temporary', mailings)}) ORDER BY at, id LIMIT 1`;
  const claim = prepareReturningWrite<[{ now: number }], QueueRow>(
    db,
    `UPDATE mail_queue SET state = 'sending', attempts = attempts + 1
     WHERE id = COALESCE((${firstOf(false)}), (${firstOf(true)}))
     RETURNING *`,
  );
  // Payloads (a confirmation's token) are needed only until the message is done.
  const sent = db.prepare<[number, number]>(
    "UPDATE mail_queue SET state = 'sent', next_attempt_at = NULL, last_error = NULL, payload = NULL, finished_at = ? WHERE id = ? AND state = 'sending'",
  );
  const retry = db.prepare<[number, string, number]>(
    "UPDATE mail_queue SET state = 'failed-temporary', next_attempt_at = ?, last_error = ? WHERE id = ? AND state = 'sending'",
  );
  const gaveUp = db.prepare<[string, number, number]>(
    "UPDATE mail_queue SET state = 'failed-temporary', next_attempt_at = NULL, last_error = ?, payload = NULL, finished_at = ? WHERE id = ? AND state = 'sending'",
  );
  const refused = db.prepare<[string, number, number]>(
    "UPDATE mail_queue SET state = 'refused', next_attempt_at = NULL, last_error = ?, payload = NULL, finished_at = ? WHERE id = ? AND state = 'sending'",
  );
  const due = db.prepare<[], { at: number | null }>(`SELECT MIN(q.next_attempt_at) AS at FROM mail_queue q WHERE ${CLAIMABLE}`);
  const interrupted = db.prepare<[number]>(
    "UPDATE mail_queue SET state = 'sent', next_attempt_at = NULL, payload = NULL, finished_at = ?, last_error = 'Interrupted while sending; it may not have arrived, and is not sent again.' WHERE state = 'sending'",
  );
  const byAddress = db.prepare<[string], QueueRow>('SELECT * FROM mail_queue WHERE address_key = ? ORDER BY id');
  const byApplication = db.prepare<[number], QueueRow>('SELECT * FROM mail_queue WHERE application_id = ? ORDER BY id');
  const byMember = db.prepare<[number], QueueRow>('SELECT * FROM mail_queue WHERE member_number = ? ORDER BY id');
  const forgetByMember = db.prepare<[number]>(
    "UPDATE mail_queue SET address = '', address_key = 'erased:' || id, payload = NULL, last_error = NULL, member_number = NULL WHERE member_number = ?",
  );
  const dropWaiting = db.prepare<[number, number, string]>(
    `DELETE FROM mail_queue WHERE state IN ('waiting', 'failed-temporary')
     AND (member_number = ? OR application_id = ? OR address_key = ?)`,
  );
  const byBooking = db.prepare<[number], QueueRow>('SELECT * FROM mail_queue WHERE booking_id = ? ORDER BY id');
  const newMailing = prepareReturningWrite<[string, string, string, string, string, number, string | null], MailingRow>(
    db,
    `INSERT INTO mailings (source_kind, source_ref, subject, body, link, state, created_at, created_by)
     VALUES (?, ?, ?, ?, ?, 'draft', ?, ?) RETURNING *`,
  );
  const mailingById = db.prepare<[number], MailingRow>('SELECT * FROM mailings WHERE id = ?');
  const mailings = db.prepare<[], MailingRow>('SELECT * FROM mailings ORDER BY id DESC');
  const counts = db.prepare<[number], { sent: number; failed: number; waiting: number }>(
    `SELECT COALESCE(SUM(state = 'sent'), 0) AS sent,
            COALESCE(SUM(state = 'refused' OR (state = 'failed-temporary' AND next_attempt_at IS NULL)), 0) AS failed,
            COALESCE(SUM(state IN ('waiting', 'sending') OR (state = 'failed-temporary' AND next_attempt_at IS NOT NULL)), 0) AS waiting
     FROM mail_queue WHERE mailing_id = ? AND kind = 'mailing'`,
  );

  return {
    enqueue(mail, at) {
      const row = insert.first(
        mail.kind, mail.mailingId ?? null, mail.address, mail.addressKey, mail.payload ?? null, at, at, mail.applicationId ?? null, mail.memberNumber ?? null, mail.bookingId ?? null,
      );
      if (row === undefined) throw new Error('The mail was not queued.');
      return row.id;
    },
    enqueueMailing(mailingId, at) {
      return insertMailing.run(mailingId, at, at).changes;
    },
    claimDue(now) {
      const row = claim.first({ now });
      return row === undefined ? undefined : toClaimed(row);
    },
    markSent(id, at) {
      sent.run(at, id);
    },
    markRetry(id, nextAttemptAt, error) {
      retry.run(nextAttemptAt, error, id);
    },
    markGaveUp(id, error, at) {
      gaveUp.run(error, at, id);
    },
    markRefused(id, error, at) {
      refused.run(error, at, id);
    },
    nextDueAt() {
      return due.get()?.at ?? undefined;
    },
    reconcileInterrupted(at) {
      return interrupted.run(at).changes;
    },
    forAddress: (addressKey) => byAddress.all(addressKey).map(toRecord).filter(isSubscriptionMail),
    forApplication: (applicationId) => byApplication.all(applicationId).map(toRecord),
    forMember: (memberNumber) => byMember.all(memberNumber).map(toRecord),
    forgetMember(memberNumber) {
      forgetByMember.run(memberNumber);
    },
    // -1 and '' match no row: a member from an import has no application, one without e-mail no address.
    dropWaitingFor: (memberNumber, applicationId, addressKey) => dropWaiting.run(memberNumber, applicationId ?? -1, addressKey ?? '').changes,
    forBooking: (bookingId) => byBooking.all(bookingId).map(toRecord),
    createMailing(mailing, at, by) {
      const row = newMailing.first(mailing.sourceKind, mailing.sourceRef, mailing.subject, mailing.body, mailing.link, at, by);
      if (row === undefined) throw new Error('The mailing was not stored.');
      return toMailing(row);
    },
    getMailing(id) {
      const number = rowId(id);
      const row = number === undefined ? undefined : mailingById.get(number);
      return row === undefined ? undefined : toMailing(row);
    },
    getMailingById(id) {
      const row = mailingById.get(id);
      return row === undefined ? undefined : toMailing(row);
    },
    listMailings: () => mailings.all().map(toMailing),
    moveMailing(id, from, to, at) {
      const placeholders = from.map(() => '?').join(', ');
      const queuedAt = to === 'sending' ? ', queued_at = COALESCE(queued_at, ?)' : '';
      const statement = db.prepare(`UPDATE mailings SET state = ?${queuedAt} WHERE id = ? AND state IN (${placeholders})`);
      const params = to === 'sending' ? [to, at, id, ...from] : [to, id, ...from];
      return statement.run(...params).changes > 0;
    },
    progress(mailingId) {
      return counts.get(mailingId) ?? { sent: 0, failed: 0, waiting: 0 };
    },
  };
}
