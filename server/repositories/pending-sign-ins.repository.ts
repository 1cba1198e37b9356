import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export interface PendingSignInsRepository {
  /** A sign-in whose password was right and whose second step is awaited; returns its token. */
  create(email: string, at: number): string;
  /** The account of a pending sign-in started after `since`, or undefined. */
  find(token: string, since: number): string | undefined;
  remove(token: string): void;
  removeForEmail(email: string): void;
  prune(before: number): void;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(`pending\n${token}`).digest('hex');
}

export function createPendingSignInsRepository(db: Db): PendingSignInsRepository {
  const insert = db.prepare<[string, string, number]>('INSERT INTO pending_sign_ins (token_hash, email, created_at) VALUES (?, ?, ?)');
  const select = db.prepare<[string, number], { email: string }>('SELECT email FROM pending_sign_ins WHERE token_hash = ? AND created_at > ?');
  const deleteOne = db.prepare<[string]>('DELETE FROM pending_sign_ins WHERE token_hash = ?');
  const deleteForEmail = db.prepare<[string]>('DELETE FROM pending_sign_ins WHERE email = ?');
  const deleteOld = db.prepare<[number]>('DELETE FROM pending_sign_ins WHERE created_at <= ?');

  return {
    create(email, at) {
      const token = randomBytes(32).toString('base64url');
      insert.run(tokenHash(token), email, at);
      return token;
    },
    find: (token, since) => select.get(tokenHash(token), since)?.email,
    remove(token) {
      deleteOne.run(tokenHash(token));
    },
    removeForEmail(email) {
      deleteForEmail.run(email);
    },
    prune(before) {
      deleteOld.run(before);
    },
  };
}
