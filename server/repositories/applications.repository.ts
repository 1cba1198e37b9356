import type { ApplicationState } from '../../contract/membership';
import type { Db } from '../db/database';
import { requestLog } from './request-log';
import { prepareReturningWrite } from '../db/returning-write';
import type { RecentRequests } from '../http/hourly-limit';
import { rowId } from './row-keys';

export interface ApplicationRow {
  id: number;
  state: ApplicationState;
  name: string;
  address: string;
  eircode: string | null;
  phone: string | null;
  email: string | null;
  email_key: string | null;
  background: string;
  nmbi_pin: string | null;
  branch_id: number | null;
  newsletter: number;
  consent_at: number;
  consent_wording: string;
  received_at: number;
  decided_at: number | null;
  decided_by: string | null;
  note: string | null;
  member_number: number | null;
  /** The key the browser made for this submission, if it sent one. */
  submission_key: string | null;
}

/** An application as checked and cleaned by server/membership/application-intake.ts. */
export interface NewApplication {
  readonly name: string;
  readonly address: string;
  readonly eircode: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly emailKey: string | null;
  readonly background: string;
  readonly nmbiPin: string | null;
  readonly branchId: number | null;
  readonly newsletter: boolean;
  readonly consentWording: string;
}

export interface Decision {
  readonly to: ApplicationState;
  readonly at: number;
  readonly by: string | null;
  readonly note: string | null;
}

export interface ApplicationsRepository {
  /** Runs `work` as one transaction: its writes are stored together or not at all. */
  transaction<T>(work: () => T): T;
  countRequest(emailKey: string, senderKey: string, at: number): void;
  recentForEmail(emailKey: string, since: number): RecentRequests;
  recentFromNetwork(senderKey: string, since: number): RecentRequests;
  insert(application: NewApplication, at: number, submissionKey?: string): ApplicationRow;
  /**
   * The application this one repeats, if any: the one stored with the same submission key, or
   * with the same name, address and e-mail since `since`.
   */
  findRepeat(application: NewApplication, submissionKey: string | undefined, since: number): ApplicationRow | undefined;
  get(id: string): ApplicationRow | undefined;
  getById(id: number): ApplicationRow | undefined;
  list(state: ApplicationState | undefined): ApplicationRow[];
  counts(): Record<ApplicationState, number>;
  /**
   * Moves an application out of one of `from` into the decision's state. Undefined when there is
   * no such application; the row as it is when it was in none of them (decided already).
   */
  decide(id: number, from: readonly ApplicationState[], decision: Decision): { readonly row: ApplicationRow; readonly changed: boolean } | undefined;
  setMemberNumber(id: number, memberNumber: number): void;
  /** Deletes the application and every trace of it in the mail queue; undefined when none. */
  erase(id: number): ApplicationRow | undefined;
  /** Deletes applications declined before `cutoff`, and limit counts older than `countsBefore`. */
  deleteExpired(cutoff: number, countsBefore: number): number;
}

export function createApplicationsRepository(db: Db): ApplicationsRepository {
  const requests = requestLog(db, 'application_requests', 'email_key');
  const insertOne = prepareReturningWrite<
    [string, string, string | null, string | null, string | null, string | null, string, string | null, number | null, number, number, string, number, string | null],
    ApplicationRow
  >(
    db,
    `INSERT INTO applications (state, name, address, eircode, phone, email, email_key, background, nmbi_pin, branch_id, newsletter, consent_at, consent_wording, received_at, submission_key)
     VALUES ('new', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const bySubmission = db.prepare<[string], ApplicationRow>('SELECT * FROM applications WHERE submission_key = ?');
  const sameDetails = db.prepare<[string, string, string | null, number], ApplicationRow>(
    'SELECT * FROM applications WHERE name = ? AND address = ? AND email_key IS ? AND received_at > ? ORDER BY id LIMIT 1',
  );
  const byId = db.prepare<[number], ApplicationRow>('SELECT * FROM applications WHERE id = ?');
  const everyone = db.prepare<[], ApplicationRow>('SELECT * FROM applications ORDER BY received_at DESC, id DESC LIMIT 2000');
  const inState = db.prepare<[string], ApplicationRow>('SELECT * FROM applications WHERE state = ? ORDER BY received_at DESC, id DESC LIMIT 2000');
  const countAll = db.prepare<[], { state: ApplicationState; count: number }>('SELECT state, COUNT(*) AS count FROM applications GROUP BY state');
  const setDecision = db.prepare<[string, number, string | null, string | null, number]>(
    'UPDATE applications SET state = ?, decided_at = ?, decided_by = ?, note = ? WHERE id = ?',
  );
  const member = db.prepare<[number, number]>('UPDATE applications SET member_number = ? WHERE id = ?');
  const deleteOne = db.prepare<[number]>('DELETE FROM applications WHERE id = ?');
  // Mail about the person not sent yet goes; what was sent stays counted but names nobody.
  const dropUnsent = db.prepare<[number]>("DELETE FROM mail_queue WHERE application_id = ? AND state IN ('waiting', 'failed-temporary')");
  const forgetMail = db.prepare<[number]>(
    "UPDATE mail_queue SET address = '', address_key = 'erased:' || id, payload = NULL, last_error = NULL, application_id = NULL WHERE application_id = ?",
  );
  const expiredDeclined = db.prepare<[number], { id: number }>("SELECT id FROM applications WHERE state = 'declined' AND decided_at < ?");
  const oldRequests = db.prepare<[number]>('DELETE FROM application_requests WHERE at < ?');

  const eraseOne = (id: number): ApplicationRow | undefined => {
    const row = byId.get(id);
    if (row === undefined) return undefined;
    dropUnsent.run(id);
    forgetMail.run(id);
    deleteOne.run(id);
    return row;
  };

  const decideOnce = db.transaction((id: number, from: readonly ApplicationState[], decision: Decision) => {
    const row = byId.get(id);
    if (row === undefined) return undefined;
    if (!from.includes(row.state)) return { row, changed: false };
    // The state is checked and changed inside one write transaction: two requests cannot both pass.
    setDecision.run(decision.to, decision.at, decision.by, decision.note, id);
    return { row: byId.get(id) ?? row, changed: true };
  });

  return {
    transaction: (work) => db.transaction(work)(),
    countRequest: requests.log,
    recentForEmail: requests.forContact,
    recentFromNetwork: requests.fromNetwork,
    insert(a, at, submissionKey) {
      const row = insertOne.first(
        a.name, a.address, a.eircode, a.phone, a.email, a.emailKey, a.background, a.nmbiPin, a.branchId, a.newsletter ? 1 : 0, at, a.consentWording, at,
        submissionKey ?? null,
      );
      if (row === undefined) throw new Error('The application was not stored.');
      return row;
    },
    findRepeat: (a, submissionKey, since) =>
      (submissionKey === undefined ? undefined : bySubmission.get(submissionKey)) ?? sameDetails.get(a.name, a.address, a.emailKey, since),
    get(id) {
      const number = rowId(id);
      return number === undefined ? undefined : byId.get(number);
    },
    getById: (id) => byId.get(id),
    list: (state) => (state === undefined ? everyone.all() : inState.all(state)),
    counts() {
      const counts: Record<ApplicationState, number> = { new: 0, 'more-information': 0, approved: 0, declined: 0 };
      for (const { state, count } of countAll.all()) counts[state] = count;
      return counts;
    },
    decide: (id, from, decision) => decideOnce(id, from, decision),
    setMemberNumber(id, memberNumber) {
      member.run(memberNumber, id);
    },
    erase: (id) => db.transaction(eraseOne)(id),
    deleteExpired: (cutoff, countsBefore) =>
      db.transaction(() => {
        const expired = expiredDeclined.all(cutoff);
        for (const { id } of expired) eraseOne(id);
        oldRequests.run(countsBefore);
        return expired.length;
      })(),
  };
}
