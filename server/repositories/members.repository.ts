import type { MemberListQuery, MemberStatus, PaymentMethod } from '../../contract/membership';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';
import { prepareReturningWrite } from '../db/returning-write';
import type { ApplicationRow } from './applications.repository';

/** A member's columns: the person's as their application had them, then the membership's own. */
export interface MemberRow extends Pick<ApplicationRow, 'name' | 'address' | 'eircode' | 'phone' | 'email' | 'email_key' | 'branch_id' | 'background' | 'nmbi_pin'> {
  number: number;
  application_id: number | null;
  status: MemberStatus;
  joined_on: string;
  paid_until: string | null;
  welcome_letter_to_post: number;
  created_at: number;
  notes: string;
  updated_at: number;
  status_changed_at: number | null;
  search_text?: string;
}

export interface PaymentRow {
  id: number;
  member_number: number;
  paid_on: string;
  amount_cents: number;
  method: PaymentMethod;
  note: string;
  recorded_at: number;
  recorded_by: string;
}

/** The columns an edit may change. */
export type MemberChanges = Partial<
  Pick<
    MemberRow,
    'name' | 'address' | 'eircode' | 'phone' | 'email' | 'email_key' | 'branch_id' | 'background' | 'nmbi_pin' | 'status' | 'joined_on' | 'paid_until' | 'notes' | 'welcome_letter_to_post'
  >
>;

/** A member read from an import, numbered (the file's number, or the next free one). */
export type ImportedMember = Omit<MemberChanges, 'status' | 'joined_on' | 'name' | 'address' | 'welcome_letter_to_post'> & {
  readonly number: number;
  readonly name: string;
  readonly address: string;
  readonly status: MemberStatus;
  readonly joined_on: string;
};

/** The list's filters as the repository takes them: `renewalDueBy` is the day a renewal is due up to. */
export type MemberFilters = Omit<MemberListQuery, 'page' | 'renewal'> & { readonly renewalDueBy?: string };

export interface MembersRepository {
  /** Runs `work` as one transaction: its writes are stored together or not at all. */
  transaction<T>(work: () => T): T;
  /**
   * A member from an approved application, with the next membership number. AUTOINCREMENT never
   * gives a number twice, even once the highest has been erased. A member without e-mail is
   * marked for a welcome letter by post.
   */
  addFrom(application: ApplicationRow, joinedOn: string, at: number): MemberRow;
  get(number: string): MemberRow | undefined;
  getByNumber(number: number): MemberRow | undefined;
  byApplication(applicationId: number): MemberRow | undefined;
  /** One page of the members matching the filters, by name then number, and how many match on every page. */
  page(filters: MemberFilters, offset: number, limit: number): { rows: MemberRow[]; total: number };
  /** Every member matching the filters, by name then number (the export and the letters). */
  all(filters: MemberFilters): MemberRow[];
  counts(): Record<MemberStatus, number>;
  /** The numbers of these already taken. */
  numbersTaken(numbers: readonly number[]): number[];
  /** The number AUTOINCREMENT would give next: never one given before, even if erased since. */
  nextNumber(): number;
  /** Stores every member or none, in one transaction with one prepared statement. */
  importAll(members: readonly ImportedMember[], at: number): number;
  /** Changes the given columns; the row as it is afterwards. */
  update(number: number, changes: MemberChanges, at: number): MemberRow | undefined;
  /** False when the member has no letter waiting. */
  markLetterPosted(number: number, at: number): boolean;
  /** Deletes the member's row, their payments and reminders with it. */
  remove(number: number): boolean;
  /** Members who resigned or died before `cutoff` (by when their status changed), to be erased. */
  leftBefore(cutoff: number): MemberRow[];
  payments(number: number): PaymentRow[];
  addPayment(payment: Omit<PaymentRow, 'id'>): PaymentRow;
  removePayment(number: number, paymentId: number): boolean;
}

const SORTED = 'ORDER BY name COLLATE NOCASE, number';
const FEW_MATCHES = 1_000;

/** The WHERE clause and its values for the list's filters. */
function whereOf(filters: MemberFilters): { sql: string; params: (string | number)[] } {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  // The name as typed, or the e-mail, Eircode or phone without spaces, in search_text (migration 11).
  const q = filters.q?.replace(/\s+/g, ' ').trim().toLowerCase() ?? '';
  const compact = q.replace(/[\s-]/g, '');
  if (/^\d{1,6}$/.test(compact)) {
    // A few digits are a membership number: '12' finds member 12, not everyone whose phone has a 12.
    clauses.push('number = ?');
    params.push(Number(compact));
  } else if (q !== '') {
    const parts = ['instr(search_text, ?) > 0'];
    params.push(q);
    if (compact !== q) {
      parts.push('instr(search_text, ?) > 0');
      params.push(compact);
    }
    if (/^\d{1,15}$/.test(compact)) {
      parts.push('number = ?');
      params.push(Number(compact));
    }
    clauses.push(`(${parts.join(' OR ')})`);
  }
  if (filters.branch === 'none') clauses.push('branch_id IS NULL');
  else if (filters.branch !== undefined) {
    clauses.push('branch_id = ?');
    params.push(/^\d{1,15}$/.test(filters.branch) ? Number(filters.branch) : -1);
  }
  if (filters.status !== undefined) {
    clauses.push('status = ?');
    params.push(filters.status);
  }
  if (filters.renewalDueBy !== undefined) {
    clauses.push("status = 'active' AND (paid_until IS NULL OR paid_until <= ?)");
    params.push(filters.renewalDueBy);
  }
  if (filters.hasEmail === 'false') clauses.push('email IS NULL');
  if (filters.hasEmail === 'true') clauses.push('email IS NOT NULL');
  if (filters.welcomeLetterToPost === 'true') clauses.push('welcome_letter_to_post = 1');
  return { sql: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, params };
}

const EDITABLE: readonly (keyof MemberChanges)[] = [
  'name', 'address', 'eircode', 'phone', 'email', 'email_key', 'branch_id', 'background', 'nmbi_pin', 'status', 'joined_on', 'paid_until', 'notes',
  'welcome_letter_to_post',
];

export function createMembersRepository(db: Db): MembersRepository {
  const insert = prepareReturningWrite<
    [number, string, string, string | null, string | null, string | null, string | null, number | null, string, string | null, string, number, number, number],
    MemberRow
  >(
    db,
    `INSERT INTO members (application_id, name, address, eircode, phone, email, email_key, branch_id, background, nmbi_pin, status, joined_on, paid_until, welcome_letter_to_post, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, NULL, ?, ?, ?) RETURNING *`,
  );
  const importOne = db.prepare<
    [number, string, string, string | null, string | null, string | null, string | null, number | null, string, string | null, string, string, string | null, number, string, number, number]
  >(
    `INSERT INTO members (number, application_id, name, address, eircode, phone, email, email_key, branch_id, background, nmbi_pin, status, joined_on, paid_until, welcome_letter_to_post, created_at, notes, updated_at, status_changed_at)
     VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  );
  const byNumber = db.prepare<[number], MemberRow>('SELECT * FROM members WHERE number = ?');
  const byApplication = db.prepare<[number], MemberRow>('SELECT * FROM members WHERE application_id = ?');
  const everyNumber = db.prepare<[], { number: number }>('SELECT number FROM members');
  const highest = db.prepare<[], { high: number }>(
    "SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'members'), 0), COALESCE((SELECT MAX(number) FROM members), 0)) AS high",
  );
  const countByStatus = db.prepare<[], { status: MemberStatus; count: number }>('SELECT status, COUNT(*) AS count FROM members GROUP BY status');
  const posted = db.prepare<[number, number]>('UPDATE members SET welcome_letter_to_post = 0, updated_at = ? WHERE number = ? AND welcome_letter_to_post = 1');
  const deleteOne = db.prepare<[number]>('DELETE FROM members WHERE number = ?');
  // A member from before migration 11 has no time of their status's change: their last change stands in.
  const left = db.prepare<[number], MemberRow>(
    "SELECT * FROM members WHERE status IN ('resigned', 'deceased') AND COALESCE(status_changed_at, updated_at) < ? ORDER BY number",
  );
  const paymentsOf = db.prepare<[number], PaymentRow>('SELECT * FROM payments WHERE member_number = ? ORDER BY paid_on DESC, id DESC');
  const insertPayment = prepareReturningWrite<[number, string, number, string, string, number, string], PaymentRow>(
    db,
    'INSERT INTO payments (member_number, paid_on, amount_cents, method, note, recorded_at, recorded_by) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *',
  );
  const deletePayment = db.prepare<[number, number]>('DELETE FROM payments WHERE id = ? AND member_number = ?');
  // The few shapes the filters make, each prepared once.
  const statements = new Map<string, Statement<unknown[]>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare<unknown[]>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const importAll = db.transaction((members: readonly ImportedMember[], at: number) => {
    for (const m of members) {
      importOne.run(
        m.number, m.name, m.address, m.eircode ?? null, m.phone ?? null, m.email ?? null, m.email_key ?? null, m.branch_id ?? null, m.background ?? '',
        m.nmbi_pin ?? null, m.status, m.joined_on, m.paid_until ?? null, at, m.notes ?? '', at, at,
      );
    }
    return members.length;
  });

  return {
    transaction: (work) => db.transaction(work)(),
    addFrom(a, joinedOn, at) {
      const row = insert.first(
        a.id, a.name, a.address, a.eircode, a.phone, a.email, a.email_key, a.branch_id, a.background, a.nmbi_pin, joinedOn, a.email === null ? 1 : 0, at, at,
      );
      if (row === undefined) throw new Error('The member was not stored.');
      return row;
    },
    get(number) {
      return /^[1-9][0-9]{0,14}$/.test(number) ? byNumber.get(Number(number)) : undefined;
    },
    getByNumber: (number) => byNumber.get(number),
    byApplication: (applicationId) => byApplication.get(applicationId),
    page(filters, offset, limit) {
      const where = whereOf(filters);
      const total = (prepared(`SELECT COUNT(*) AS total FROM members ${where.sql}`).get(...where.params) as { total: number }).total;
      if (total <= offset) return { rows: [], total };
      // Many matches: walking the name index fills the page at once. Few (a search for one
      // person): reading the table once and sorting them is quicker than walking the whole index.
      const table = total <= FEW_MATCHES ? 'members NOT INDEXED' : 'members';
      const rows = prepared(`SELECT * FROM ${table} ${where.sql} ${SORTED} LIMIT ? OFFSET ?`).all(...where.params, limit, offset) as MemberRow[];
      return { rows, total };
    },
    all(filters) {
      const where = whereOf(filters);
      return prepared(`SELECT * FROM members ${where.sql} ${SORTED}`).all(...where.params) as MemberRow[];
    },
    counts() {
      const counts: Record<MemberStatus, number> = { active: 0, lapsed: 0, resigned: 0, deceased: 0 };
      for (const row of countByStatus.all()) counts[row.status] = row.count;
      return counts;
    },
    numbersTaken(numbers) {
      const taken = new Set(everyNumber.all().map((row) => row.number));
      return numbers.filter((number) => taken.has(number));
    },
    nextNumber: () => (highest.get()?.high ?? 0) + 1,
    importAll: (members, at) => importAll(members, at),
    update(number, changes, at) {
      const columns = EDITABLE.filter((column) => changes[column] !== undefined);
      if (columns.length > 0) {
        const statusChange = changes.status === undefined ? '' : ', status_changed_at = CASE WHEN status = ? THEN status_changed_at ELSE ? END';
        const sql = `UPDATE members SET ${columns.map((column) => `${column} = ?`).join(', ')}${statusChange}, updated_at = ? WHERE number = ?`;
        const values = columns.map((column) => changes[column] ?? null);
        const statusValues = changes.status === undefined ? [] : [changes.status, at];
        prepared(sql).run(...values, ...statusValues, at, number);
      }
      return byNumber.get(number);
    },
    markLetterPosted: (number, at) => posted.run(at, number).changes > 0,
    remove: (number) => deleteOne.run(number).changes > 0,
    leftBefore: (cutoff) => left.all(cutoff),
    payments: (number) => paymentsOf.all(number),
    addPayment(p) {
      const row = insertPayment.first(p.member_number, p.paid_on, p.amount_cents, p.method, p.note, p.recorded_at, p.recorded_by);
      if (row === undefined) throw new Error('The payment was not stored.');
      return row;
    },
    removePayment: (number, paymentId) => deletePayment.run(paymentId, number).changes > 0,
  };
}
