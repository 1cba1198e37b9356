import type { ReceivedContactMessage } from '../../src-core/domain/contact-message';
import type { Db } from '../db/database';
import { requestLog } from './request-log';
import { isoAt } from '../clock';
import { prepareReturningWrite } from '../db/returning-write';
import { rowId } from './row-keys';

/** 'sending' is internal: a message claimed by the sender, shown to the administrator as pending. */
export type StoredDelivery = 'pending' | 'sending' | 'sent' | 'failed';

interface MessageRow {
  id: number;
  name: string;
  email: string;
  message: string;
  received_at: number;
  delivery: StoredDelivery;
  attempts: number;
  next_attempt_at: number | null;
  last_error: string | null;
  handled_at: number | null;
}

export interface ClaimedMessage {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly message: string;
  readonly receivedAt: number;
  readonly attempts: number;
}

export interface NewContactMessage {
  readonly name: string;
  readonly email: string;
  readonly message: string;
  /** The normalised e-mail, for the per-address limit. */
  readonly emailKey: string;
  /** A hash of the sender's network address, for the per-address limit, so no address is stored. */
  readonly senderKey: string;
}

export interface RecentMessages {
  readonly count: number;
  readonly oldest: number | undefined;
}

/** What makes a message a repeat of one already stored. */
export interface RepeatCheck {
  /** The key the browser sent with this submission, if any: the same key is the same submission. */
  readonly submissionKey: string | undefined;
  /** The same sender (e-mail) and the same text received after this moment is the same message. */
  readonly since: number;
}

export interface ContactMessagesRepository {
  /** Stores a message; `deliverFrom` is when to first try e-mailing it, undefined when mail is off. */
  add(message: NewContactMessage, at: number, deliverFrom: number | undefined, submissionKey?: string): number;
  /** The id of a stored message this one repeats (see RepeatCheck), if any. */
  findRepeat(message: NewContactMessage, repeat: RepeatCheck): number | undefined;
  /** Stores a message unless it repeats one already stored (see RepeatCheck); returns which. */
  addOnce(
    message: NewContactMessage,
    at: number,
    deliverFrom: number | undefined,
    repeat: RepeatCheck,
  ): { readonly id: number; readonly repeated: boolean };
  list(limit: number): ReceivedContactMessage[];
  /** Marks a message dealt with (at `at`), or new again; undefined when there is no such message. */
  markHandled(id: string, handled: boolean, at: number): ReceivedContactMessage | undefined;
  /** Deletes a message; false when there was none. Its text is overwritten on the disk. */
  remove(id: string): boolean;
  /**
   * Puts a failed or never e-mailed message back in line to be e-mailed from `at`, attempts
   * counted afresh. 'not-found' when there is no such message; 'not-waiting-or-failed' when it was
   * sent, or is already waiting or being sent, so it is never queued twice.
   */
  sendAgain(id: string, at: number): { readonly message: ReceivedContactMessage } | 'not-found' | 'not-waiting-or-failed';
  /** Messages since `from` from this sender's e-mail, and the oldest of them. */
  recentFromEmail(emailKey: string, from: number): RecentMessages;
  /** Messages since `from` from this network address (any sender), and the oldest of them. */
  recentFromNetwork(senderKey: string, from: number): RecentMessages;
  /** Marks the next due message as being sent and returns it; no other claim can take it. */
  claimDue(now: number): ClaimedMessage | undefined;
  markSent(id: number): void;
  markRetry(id: number, nextAttemptAt: number, error: string): void;
  markFailed(id: number, error: string): void;
  nextDueAt(): number | undefined;
  /**
   * A message left 'sending' by a crash may or may not have gone out; it is marked failed rather
   * than sent again, because a message must never be sent twice.
   */
  failInterrupted(): number;
  /**
   * Deletes every message received before `cutoff`, whatever its delivery state, and returns
   * how many went. See the purge in `server/mail/contact-retention.ts` for why undelivered ones go too.
   */
  deleteReceivedBefore(cutoff: number): number;
}

function deliveryOf(row: MessageRow): ReceivedContactMessage['delivery'] {
  if (row.delivery === 'sending') return 'pending';
  // Stored while no mail server was set up: nothing will ever e-mail it by itself.
  if (row.delivery === 'pending' && row.next_attempt_at === null) return 'not-emailed';
  return row.delivery;
}

function toReceived(row: MessageRow): ReceivedContactMessage {
  return {
    id: String(row.id),
    name: row.name,
    email: row.email,
    message: row.message,
    receivedAt: isoAt(row.received_at),
    delivery: deliveryOf(row),
    attempts: row.attempts,
    handled: row.handled_at !== null,
  };
}

export function createContactMessagesRepository(db: Db): ContactMessagesRepository {
  const insert = prepareReturningWrite<[string, string, string, string, string, number, number | null, string | null], { id: number }>(
    db,
    `INSERT INTO contact_messages (name, email, message, email_key, sender_key, received_at, delivery, next_attempt_at, submission_key)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING id`,
  );
  const bySubmission = db.prepare<[string], { id: number }>('SELECT id FROM contact_messages WHERE submission_key = ?');
  const sameText = db.prepare<[string, string, number], { id: number }>(
    'SELECT id FROM contact_messages WHERE email_key = ? AND message = ? AND received_at > ? ORDER BY id DESC LIMIT 1',
  );
  const newest = db.prepare<[number], MessageRow>('SELECT * FROM contact_messages ORDER BY received_at DESC, id DESC LIMIT ?');
  const requests = requestLog(db, 'contact_messages', 'email_key', 'received_at');
  const claim = prepareReturningWrite<[number], MessageRow>(
    db,
    `UPDATE contact_messages SET delivery = 'sending', attempts = attempts + 1
     WHERE id = (SELECT id FROM contact_messages WHERE delivery = 'pending' AND next_attempt_at IS NOT NULL
                 AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1)
     RETURNING *`,
  );
  const sent = db.prepare<[number]>(
    "UPDATE contact_messages SET delivery = 'sent', next_attempt_at = NULL, last_error = NULL WHERE id = ? AND delivery = 'sending'",
  );
  const retry = db.prepare<[number, string, number]>(
    "UPDATE contact_messages SET delivery = 'pending', next_attempt_at = ?, last_error = ? WHERE id = ? AND delivery = 'sending'",
  );
  const failed = db.prepare<[string, number]>(
    "UPDATE contact_messages SET delivery = 'failed', next_attempt_at = NULL, last_error = ? WHERE id = ? AND delivery = 'sending'",
  );
  const due = db.prepare<[], { at: number | null }>(
    "SELECT MIN(next_attempt_at) AS at FROM contact_messages WHERE delivery = 'pending' AND next_attempt_at IS NOT NULL",
  );
  const interrupted = db.prepare(
    "UPDATE contact_messages SET delivery = 'failed', next_attempt_at = NULL, last_error = 'Interrupted while sending; it may not have arrived.' WHERE delivery = 'sending'",
  );
  const handled = prepareReturningWrite<[number | null, number], MessageRow>(
    db,
    'UPDATE contact_messages SET handled_at = ? WHERE id = ? RETURNING *',
  );
  const removeOne = db.prepare<[number]>('DELETE FROM contact_messages WHERE id = ?');
  const requeue = prepareReturningWrite<[number, number], MessageRow>(
    db,
    `UPDATE contact_messages SET delivery = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL
     WHERE id = ? AND (delivery = 'failed' OR (delivery = 'pending' AND next_attempt_at IS NULL))
     RETURNING *`,
  );
  const exists = db.prepare<[number], { id: number }>('SELECT id FROM contact_messages WHERE id = ?');
  // One statement is one transaction in SQLite: every expired message goes, or none does.
  const expired = db.prepare<[number]>('DELETE FROM contact_messages WHERE received_at < ?');

  function add(message: NewContactMessage, at: number, deliverFrom: number | undefined, submissionKey?: string): number {
    const row = insert.first(
      message.name,
      message.email,
      message.message,
      message.emailKey,
      message.senderKey,
      at,
      deliverFrom ?? null,
      submissionKey ?? null,
    );
    if (row === undefined) throw new Error('The contact message was not stored.');
    return row.id;
  }

  // secure_delete zeroes the rows, but in WAL mode the zeroed pages go to the log and the
  // database file keeps the old text until a checkpoint: checkpoint now, and truncate the log.
  function overwriteDeleted(): void {
    db.pragma('wal_checkpoint(TRUNCATE)');
  }

  function findRepeat(message: NewContactMessage, repeat: RepeatCheck): number | undefined {
    const earlier =
      (repeat.submissionKey === undefined ? undefined : bySubmission.get(repeat.submissionKey)) ??
      sameText.get(message.emailKey, message.message, repeat.since);
    return earlier?.id;
  }

  return {
    add,
    findRepeat,
    addOnce: db.transaction((message: NewContactMessage, at: number, deliverFrom: number | undefined, repeat: RepeatCheck) => {
      const earlier = findRepeat(message, repeat);
      if (earlier !== undefined) return { id: earlier, repeated: true };
      return { id: add(message, at, deliverFrom, repeat.submissionKey), repeated: false };
    }),
    list: (limit) => newest.all(limit).map(toReceived),
    markHandled(id, isHandled, at) {
      const row = rowId(id);
      if (row === undefined) return undefined;
      const updated = handled.first(isHandled ? at : null, row);
      return updated === undefined ? undefined : toReceived(updated);
    },
    remove(id) {
      const row = rowId(id);
      if (row === undefined || removeOne.run(row).changes === 0) return false;
      overwriteDeleted();
      return true;
    },
    sendAgain(id, at) {
      const row = rowId(id);
      if (row === undefined) return 'not-found';
      const queued = requeue.first(at, row);
      if (queued !== undefined) return { message: toReceived(queued) };
      return exists.get(row) === undefined ? 'not-found' : 'not-waiting-or-failed';
    },
    recentFromEmail: requests.forContact,
    recentFromNetwork: requests.fromNetwork,
    claimDue(now) {
      const row = claim.first(now);
      return row === undefined
        ? undefined
        : { id: row.id, name: row.name, email: row.email, message: row.message, receivedAt: row.received_at, attempts: row.attempts };
    },
    markSent(id) {
      sent.run(id);
    },
    markRetry(id, nextAttemptAt, error) {
      retry.run(nextAttemptAt, error, id);
    },
    markFailed(id, error) {
      failed.run(error, id);
    },
    nextDueAt: () => due.get()?.at ?? undefined,
    failInterrupted: () => interrupted.run().changes,
    deleteReceivedBefore(cutoff) {
      const deleted = expired.run(cutoff).changes;
      if (deleted > 0) overwriteDeleted();
      return deleted;
    },
  };
}
