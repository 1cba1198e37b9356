import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { storageFaultOf } from '../db/storage-fault';

export interface SessionRecord {
  readonly email: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

export interface SessionsRepository {
  /**
   * Starts a session and returns its token, which only the cookie holds. When the database
   * cannot be written (a full disk) the session is kept in memory until the process stops, so
   * an administrator can still sign in and delete files to make room.
   */
  create(email: string, at: number): string;
  find(token: string): SessionRecord | undefined;
  /** Records activity; throws when the database cannot be written (the caller may go on without it). */
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
  // By token hash, as in the table.
  const inMemory = new Map<string, { email: string; createdAt: number; lastSeenAt: number }>();

  return {
    create(email, at) {
      // 256 random bits.
      const token = randomBytes(32).toString('base64url');
      try {
        insert.run(tokenHash(token), email, at, at);
      } catch (error) {
        if (storageFaultOf(error) !== 'disk-full') throw error;
        inMemory.set(tokenHash(token), { email, createdAt: at, lastSeenAt: at });
      }
      return token;
    },
    find(token) {
      const hash = tokenHash(token);
      const row = byHash.get(hash);
      if (row === undefined) return inMemory.get(hash);
      return { email: row.email, createdAt: row.created_at, lastSeenAt: row.last_seen_at };
    },
    touch(token, at) {
      const hash = tokenHash(token);
      const kept = inMemory.get(hash);
      if (kept === undefined) touchOne.run(at, hash);
      else kept.lastSeenAt = at;
    },
    remove(token) {
      const hash = tokenHash(token);
      inMemory.delete(hash);
      deleteOne.run(hash);
    },
    removeForEmail(email) {
      let removed = 0;
      for (const [hash, session] of inMemory) {
        if (session.email === email && inMemory.delete(hash)) removed += 1;
      }
      return removed + deleteForEmail.run(email).changes;
    },
    removeExpired: (idleBefore, createdBefore) => deleteExpired.run(idleBefore, createdBefore).changes,
  };
}
