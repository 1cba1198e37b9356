import type { WireSubscriber } from '../../contract/subscriptions';
import { isoAt } from '../clock';
import type { Db } from '../db/database';
import { requestLog } from './request-log';
import { prepareReturningWrite } from '../db/returning-write';
import type { RecentRequests } from '../http/hourly-limit';
import { rowId } from './row-keys';

interface SubscriberRow {
  id: number;
  email: string;
  email_key: string;
  name: string;
  state: 'pending' | 'confirmed';
  requested_at: number;
  confirmed_at: number | null;
  consent_at: number;
  consent_form: string;
  consent_wording: string;
  confirm_token_hash: string | null;
  unsubscribe_token: string;
  not_working_at: number | null;
  not_working_reason: string | null;
}

export interface SubscriptionRequest {
  readonly email: string;
  readonly emailKey: string;
  readonly name: string;
  readonly form: string;
  readonly wording: string;
}

/**
 * What a request met: a new address, one waiting for its confirmation (a new confirmation is
 * due), or one already confirmed (nothing to send). Only the server sees this; every caller
 * is told the same.
 */
export type RequestOutcome = { readonly kind: 'new' | 'pending'; readonly id: number } | { readonly kind: 'confirmed'; readonly id: number };

export interface SubscriberCounts {
  readonly confirmed: number;
  readonly pending: number;
  readonly notWorking: number;
}

export interface SubscribersRepository {
  /** Runs `work` as one transaction: its writes are stored together or not at all. */
  transaction<T>(work: () => T): T;
  /** Counts a request towards the hourly limits (hashes only). */
  countRequest(emailKey: string, senderKey: string, at: number): void;
  recentForEmail(emailKey: string, since: number): RecentRequests;
  recentFromNetwork(senderKey: string, since: number): RecentRequests;
  /** Stores a request; a pending one gets the new token and consent, a confirmed one is left as it is. */
  request(request: SubscriptionRequest, confirmTokenHash: string, unsubscribeToken: string, at: number): RequestOutcome;
  /** Confirms the pending request with this token hash, requested after `since`; undefined when none. */
  confirm(confirmTokenHash: string, since: number, at: number): WireSubscriber | undefined;
  /** Removes the subscriber with this unsubscribe token, and its mail not sent yet; false when none. */
  unsubscribe(token: string): WireSubscriber | undefined;
  /** Deletes requests never confirmed, made before `cutoff`, and the limit counts older than it. */
  deleteExpired(cutoff: number): number;
  list(search: string | undefined, limit: number): WireSubscriber[];
  counts(): SubscriberCounts;
  /** Every subscriber, oldest first, for the CSV export. */
  all(): WireSubscriber[];
  get(id: string): WireSubscriber | undefined;
  /** Adds a confirmed subscriber by hand; 'exists' when the address is on the list already. */
  addByHand(request: SubscriptionRequest, unsubscribeToken: string, at: number): WireSubscriber | 'exists';
  /** Removes a subscriber and its mail not sent yet; past mailings' rows keep the address. */
  remove(id: string): WireSubscriber | undefined;
  /** Removes a subscriber and every trace of the address: past mailings' rows and limit counts too. */
  erase(id: string): WireSubscriber | undefined;
  /** Erases whatever is stored for an address, on the list or not any more; false when nothing was. */
  eraseAddress(emailKey: string): boolean;
  /** The subscriber with this normalised address, if on the list. */
  getByEmail(emailKey: string): WireSubscriber | undefined;
  /** Marks an address refused for good by the mail server. */
  markNotWorking(emailKey: string, reason: string, at: number): void;
  unsubscribeTokenFor(emailKey: string): string | undefined;
}

function toWire(row: SubscriberRow): WireSubscriber {
  return {
    id: String(row.id),
    email: row.email,
    name: row.name,
    state: row.state,
    requestedAt: isoAt(row.requested_at),
    confirmedAt: row.confirmed_at === null ? null : isoAt(row.confirmed_at),
    consent: { at: isoAt(row.consent_at), form: row.consent_form, wording: row.consent_wording },
    notWorking: row.not_working_at === null ? null : { at: isoAt(row.not_working_at), reason: row.not_working_reason ?? '' },
  };
}

/** LIKE's own characters in a search are matched as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createSubscribersRepository(db: Db): SubscribersRepository {
  const requests = requestLog(db, 'subscription_requests', 'email_key');
  const byKey = db.prepare<[string], SubscriberRow>('SELECT * FROM subscribers WHERE email_key = ?');
  const byId = db.prepare<[number], SubscriberRow>('SELECT * FROM subscribers WHERE id = ?');
  const insert = prepareReturningWrite<[string, string, string, string, number, number | null, number, string, string, string | null, string], SubscriberRow>(
    db,
    `INSERT INTO subscribers (email, email_key, name, state, requested_at, confirmed_at, consent_at, consent_form, consent_wording, confirm_token_hash, unsubscribe_token)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const renew = db.prepare<[string, string, number, number, string, string, string, number]>(
    `UPDATE subscribers SET email = ?, name = ?, requested_at = ?, consent_at = ?, consent_form = ?, consent_wording = ?, confirm_token_hash = ?
     WHERE id = ? AND state = 'pending'`,
  );
  const confirmOne = prepareReturningWrite<[number, number, string, number], SubscriberRow>(
    db,
    `UPDATE subscribers SET state = 'confirmed', confirmed_at = ?, consent_at = ?, confirm_token_hash = NULL
     WHERE confirm_token_hash = ? AND state = 'pending' AND requested_at > ? RETURNING *`,
  );
  const byUnsubscribeToken = db.prepare<[string], SubscriberRow>('SELECT * FROM subscribers WHERE unsubscribe_token = ?');
  const deleteOne = db.prepare<[number]>('DELETE FROM subscribers WHERE id = ?');
  // Mail not sent yet to an address that left goes with it; the confirmation of a request too.
  const dropUnsent = db.prepare<[string]>(
    "DELETE FROM mail_queue WHERE address_key = ? AND kind IN ('mailing', 'confirmation') AND state IN ('waiting', 'failed-temporary')",
  );
  const forgetPastMail = db.prepare<[string]>(
    "UPDATE mail_queue SET address = '', address_key = 'erased:' || id, payload = NULL, last_error = NULL WHERE address_key = ?",
  );
  const forgetRequests = db.prepare<[string]>('DELETE FROM subscription_requests WHERE email_key = ?');
  const expiredPending = db.prepare<[number]>("DELETE FROM subscribers WHERE state = 'pending' AND requested_at < ?");
  const expiredConfirmations = db.prepare<[number]>(
    "DELETE FROM mail_queue WHERE kind = 'confirmation' AND created_at < ? AND state IN ('waiting', 'failed-temporary')",
  );
  const oldRequests = db.prepare<[number]>('DELETE FROM subscription_requests WHERE at < ?');
  const search = db.prepare<[string, string, number], SubscriberRow>(
    "SELECT * FROM subscribers WHERE email_key LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' ORDER BY email_key LIMIT ?",
  );
  const newest = db.prepare<[number], SubscriberRow>('SELECT * FROM subscribers ORDER BY email_key LIMIT ?');
  const everyone = db.prepare<[], SubscriberRow>('SELECT * FROM subscribers ORDER BY id');
  const countAll = db.prepare<[], { confirmed: number; pending: number; notWorking: number }>(
    `SELECT COALESCE(SUM(state = 'confirmed'), 0) AS confirmed, COALESCE(SUM(state = 'pending'), 0) AS pending,
            COALESCE(SUM(not_working_at IS NOT NULL), 0) AS notWorking FROM subscribers`,
  );
  const notWorking = db.prepare<[number, string, string]>(
    'UPDATE subscribers SET not_working_at = ?, not_working_reason = ? WHERE email_key = ?',
  );

  const requestOnce = db.transaction((request: SubscriptionRequest, tokenHash: string, unsubscribeToken: string, at: number): RequestOutcome => {
    const existing = byKey.get(request.emailKey);
    if (existing === undefined) {
      const row = insert.first(request.email, request.emailKey, request.name, 'pending', at, null, at, request.form, request.wording, tokenHash, unsubscribeToken);
      if (row === undefined) throw new Error('The subscription request was not stored.');
      return { kind: 'new', id: row.id };
    }
    if (existing.state === 'confirmed') return { kind: 'confirmed', id: existing.id };
    renew.run(request.email, request.name, at, at, request.form, request.wording, tokenHash, existing.id);
    return { kind: 'pending', id: existing.id };
  });

  const removeWith = (forget: boolean) =>
    db.transaction((id: number): WireSubscriber | undefined => {
      const row = byId.get(id);
      if (row === undefined) return undefined;
      deleteOne.run(row.id);
      dropUnsent.run(row.email_key);
      if (forget) {
        forgetPastMail.run(row.email_key);
        forgetRequests.run(row.email_key);
      }
      return toWire(row);
    });
  const removeOnly = removeWith(false);
  const eraseAll = removeWith(true);

  const eraseByAddress = db.transaction((emailKey: string): boolean => {
    const row = byKey.get(emailKey);
    if (row !== undefined) deleteOne.run(row.id);
    const changes = dropUnsent.run(emailKey).changes + forgetPastMail.run(emailKey).changes + forgetRequests.run(emailKey).changes;
    return row !== undefined || changes > 0;
  });

  const unsubscribeOne = db.transaction((token: string): WireSubscriber | undefined => {
    const row = byUnsubscribeToken.get(token);
    if (row === undefined) return undefined;
    return removeOnly(row.id);
  });

  const expire = db.transaction((cutoff: number): number => {
    const deleted = expiredPending.run(cutoff).changes;
    expiredConfirmations.run(cutoff);
    oldRequests.run(cutoff);
    return deleted;
  });

  return {
    transaction: (work) => db.transaction(work)(),
    countRequest: requests.log,
    recentForEmail: requests.forContact,
    recentFromNetwork: requests.fromNetwork,
    request: (request, tokenHash, unsubscribeToken, at) => requestOnce(request, tokenHash, unsubscribeToken, at),
    confirm(tokenHash, since, at) {
      const row = confirmOne.first(at, at, tokenHash, since);
      return row === undefined ? undefined : toWire(row);
    },
    unsubscribe: (token) => unsubscribeOne(token),
    deleteExpired: (cutoff) => expire(cutoff),
    list(text, limit) {
      const trimmed = (text ?? '').trim().toLowerCase();
      const rows = trimmed === '' ? newest.all(limit) : search.all(likePattern(trimmed), likePattern(trimmed), limit);
      return rows.map(toWire);
    },
    counts() {
      return countAll.get() ?? { confirmed: 0, pending: 0, notWorking: 0 };
    },
    all: () => everyone.all().map(toWire),
    get(id) {
      const number = rowId(id);
      const row = number === undefined ? undefined : byId.get(number);
      return row === undefined ? undefined : toWire(row);
    },
    addByHand(request, unsubscribeToken, at) {
      if (byKey.get(request.emailKey) !== undefined) return 'exists';
      const row = insert.first(request.email, request.emailKey, request.name, 'confirmed', at, at, at, request.form, request.wording, null, unsubscribeToken);
      if (row === undefined) throw new Error('The subscriber was not stored.');
      return toWire(row);
    },
    remove(id) {
      const number = rowId(id);
      return number === undefined ? undefined : removeOnly(number);
    },
    erase(id) {
      const number = rowId(id);
      return number === undefined ? undefined : eraseAll(number);
    },
    eraseAddress: (emailKey) => eraseByAddress(emailKey),
    getByEmail(emailKey) {
      const row = byKey.get(emailKey);
      return row === undefined ? undefined : toWire(row);
    },
    markNotWorking(emailKey, reason, at) {
      notWorking.run(at, reason, emailKey);
    },
    unsubscribeTokenFor(emailKey) {
      return byKey.get(emailKey)?.unsubscribe_token;
    },
  };
}
