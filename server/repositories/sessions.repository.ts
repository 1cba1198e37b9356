import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export interface SessionRecord {
  readonly email: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

export interface SessionsRepository {
  /** Starts a session and returns its token, which only the cookie holds. */
  create(email: string, at: number): string;
  find(token: string): SessionRecord | undefined;
  touch(token: string, at: number): void;
  remove(token: string): void;
  removeForEmail(email: string): number;
  removeExpired(idleBefore: number, createdBefore: number): number;
}

// Only a hash of each token is stored, so a copy of the database cannot be used to sign in.
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createSessionsRepository(db: Db): SessionsRepository {
  const insert = db.prepare<[string, string, number, number]>(
    'INSERT INTO sessions (token_hash, email, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
  );
  const byHash = db.prepare<[string], { email: string; created_at: number; last_seen_at: number }>(
    'SELECT email, created_at, last_seen_at FROM sessions WHERE token_hash = ?',
  );
  const touchOne = db.prepare<[number, string]>('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?');
  const deleteOne = db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?');
  const deleteForEmail = db.prepare<[string]>('DELETE FROM sessions WHERE email = ?');
  const deleteExpired = db.prepare<[number, number]>('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?');

  return {
    create(email, at) {
      // 256 random bits.
      const token = randomBytes(32).toString('base64url');
      insert.run(tokenHash(token), email, at, at);
      return token;
    },
    find(token) {
      const row = byHash.get(tokenHash(token));
      return row === undefined ? undefined : { email: row.email, createdAt: row.created_at, lastSeenAt: row.last_seen_at };
    },
    touch(token, at) {
      touchOne.run(at, tokenHash(token));
    },
    remove(token) {
      deleteOne.run(tokenHash(token));
    },
    removeForEmail: (email) => deleteForEmail.run(email).changes,
    removeExpired: (idleBefore, createdBefore) => deleteExpired.run(idleBefore, createdBefore).changes,
  };
}
