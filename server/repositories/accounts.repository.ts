import type { Db } from '../db/database';

export interface Account {
  readonly email: string;
  readonly passwordHash: string;
}

export interface AccountsRepository {
  find(email: string): Account | undefined;
  count(): number;
  list(): string[];
  /** Adds the account, or replaces its password when it exists; true when it was added. */
  save(email: string, passwordHash: string, at: string): boolean;
  remove(email: string): boolean;
}

/** E-mails arrive already normalised (trimmed, lower case): one account per address. */
export function createAccountsRepository(db: Db): AccountsRepository {
  const byEmail = db.prepare<[string], { email: string; password_hash: string }>(
    'SELECT email, password_hash FROM accounts WHERE email = ?',
  );
  const countAll = db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM accounts');
  const listAll = db.prepare<[], { email: string }>('SELECT email FROM accounts ORDER BY email');
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT INTO accounts (email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING',
  );
  const setPassword = db.prepare<[string, string, string]>('UPDATE accounts SET password_hash = ?, updated_at = ? WHERE email = ?');
  const deleteAccount = db.prepare<[string]>('DELETE FROM accounts WHERE email = ?');

  return {
    find(email) {
      const row = byEmail.get(email);
      return row === undefined ? undefined : { email: row.email, passwordHash: row.password_hash };
    },
    count: () => countAll.get()?.count ?? 0,
    list: () => listAll.all().map((row) => row.email),
    save: db.transaction((email: string, passwordHash: string, at: string) => {
      if (insert.run(email, passwordHash, at, at).changes > 0) return true;
      setPassword.run(passwordHash, at, email);
      return false;
    }),
    remove: (email) => deleteAccount.run(email).changes > 0,
  };
}
