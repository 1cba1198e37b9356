import type { Db } from '../db/database';

export interface FailureWindow {
  readonly count: number;
  /** When the oldest failure in the window happened, if any. */
  readonly oldest: number | undefined;
}

export interface SignInFailuresRepository {
  record(keys: readonly string[], at: number): void;
  since(key: string, from: number): FailureWindow;
  clear(key: string): void;
  prune(before: number): void;
}

/** Failed sign-ins by key ('account:...' or 'address:...'), kept in the database so a restart forgets nothing. */
export function createSignInFailuresRepository(db: Db): SignInFailuresRepository {
  const insert = db.prepare<[string, number]>('INSERT INTO sign_in_failures (key, at) VALUES (?, ?)');
  const window = db.prepare<[string, number], { count: number; oldest: number | null }>(
    'SELECT COUNT(*) AS count, MIN(at) AS oldest FROM sign_in_failures WHERE key = ? AND at > ?',
  );
  const clearKey = db.prepare<[string]>('DELETE FROM sign_in_failures WHERE key = ?');
  const pruneOld = db.prepare<[number]>('DELETE FROM sign_in_failures WHERE at <= ?');

  return {
    record: db.transaction((keys: readonly string[], at: number) => {
      for (const key of keys) insert.run(key, at);
    }),
    since(key, from) {
      const row = window.get(key, from);
      return { count: row?.count ?? 0, oldest: row?.oldest ?? undefined };
    },
    clear(key) {
      clearKey.run(key);
    },
    prune(before) {
      pruneOld.run(before);
    },
  };
}
