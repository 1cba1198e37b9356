import type { StaffRole } from '../../src-core/domain/roles';
import type { Db } from '../db/database';

export interface Account {
  readonly email: string;
  readonly passwordHash: string;
  /** What the account may use in the admin area; null for none (src-core/domain/roles.ts). */
  readonly role: StaffRole | null;
  /** The one branch of a role limited to one (src-core/domain/roles.ts); null for every other role. */
  readonly branchId: number | null;
  /** A suspended account cannot sign in, and its sessions were ended when it was suspended. */
  readonly suspended: boolean;
}

export type AccountSummary = Omit<Account, 'passwordHash'>;

export interface AccountsRepository {
  find(email: string): Account | undefined;
  count(): number;
  list(): string[];
  /** Every account, by address, with its role and whether it is suspended. */
  summaries(): AccountSummary[];
  /**
   * Adds the account, or replaces its password when it exists; true when it was added. A new
   * account gets `role` (none unless told: no admin page until one is given); an existing one keeps its own.
   */
  save(email: string, passwordHash: string, at: string, role?: StaffRole | null, branchId?: number | null): boolean;
  /** `branchId` for a role limited to one branch, null for any other (the table's CHECK holds to it). */
  setRole(email: string, role: StaffRole, branchId: number | null, at: string): boolean;
  setSuspended(email: string, suspendedAt: number | null, at: string): boolean;
  remove(email: string): boolean;
}

interface AccountRow {
  email: string;
  password_hash: string;
  role: StaffRole | null;
  branch_id: number | null;
  suspended_at: number | null;
}

function accountOf(row: AccountRow): Account {
  return { email: row.email, passwordHash: row.password_hash, role: row.role, branchId: row.branch_id, suspended: row.suspended_at !== null };
}

/** E-mails arrive already normalised (trimmed, lower case): one account per address. */
export function createAccountsRepository(db: Db): AccountsRepository {
  const byEmail = db.prepare<[string], AccountRow>('SELECT email, password_hash, role, branch_id, suspended_at FROM accounts WHERE email = ?');
  const countAll = db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM accounts');
  const listAll = db.prepare<[], AccountRow>('SELECT email, password_hash, role, branch_id, suspended_at FROM accounts ORDER BY email');
  const insert = db.prepare<[string, string, StaffRole | null, number | null, string, string]>(
    'INSERT INTO accounts (email, password_hash, role, branch_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING',
  );
  const setPassword = db.prepare<[string, string, string]>('UPDATE accounts SET password_hash = ?, updated_at = ? WHERE email = ?');
  const updateRole = db.prepare<[StaffRole, number | null, string, string]>('UPDATE accounts SET role = ?, branch_id = ?, updated_at = ? WHERE email = ?');
  const updateSuspended = db.prepare<[number | null, string, string]>('UPDATE accounts SET suspended_at = ?, updated_at = ? WHERE email = ?');
  const deleteAccount = db.prepare<[string]>('DELETE FROM accounts WHERE email = ?');

  return {
    find(email) {
      const row = byEmail.get(email);
      return row === undefined ? undefined : accountOf(row);
    },
    count: () => countAll.get()?.count ?? 0,
    list: () => listAll.all().map((row) => row.email),
    summaries: () => listAll.all().map((row) => ({ email: row.email, role: row.role, branchId: row.branch_id, suspended: row.suspended_at !== null })),
    save: db.transaction((email: string, passwordHash: string, at: string, role: StaffRole | null = null, branchId: number | null = null) => {
      if (insert.run(email, passwordHash, role, branchId, at, at).changes > 0) return true;
      setPassword.run(passwordHash, at, email);
      return false;
    }),
    setRole: (email, role, branchId, at) => updateRole.run(role, branchId, at, email).changes > 0,
    setSuspended: (email, suspendedAt, at) => updateSuspended.run(suspendedAt, at, email).changes > 0,
    remove: (email) => deleteAccount.run(email).changes > 0,
  };
}
