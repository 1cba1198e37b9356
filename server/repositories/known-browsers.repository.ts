import { createHash } from 'node:crypto';
import type { Db } from '../db/database';

export interface KnownBrowsersRepository {
  /** Whether the browser holding `token` has signed in to this account before. */
  isKnown(token: string, email: string): boolean;
  /** Remembers (or refreshes) that this browser signed in to this account. */
  remember(token: string, email: string, at: number): void;
  /** Forgets browsers not used since `before`. */
  prune(before: number): number;
}

/** The stored form of a browser's token, also the key its failed sign-ins are counted under. */
export function knownBrowserKey(token: string, email: string): string {
  return createHash('sha256').update(`${email}\n${token}`).digest('hex');
}

/**
 * Browsers that have signed in to an account (known-browser cookie, docs/operations.md). Only
 * a hash of each token is kept; one browser may be known to several accounts.
 */
export function createKnownBrowsersRepository(db: Db): KnownBrowsersRepository {
  const find = db.prepare<[string, string], { found: number }>('SELECT 1 AS found FROM known_devices WHERE token_hash = ? AND email = ?');
  const upsert = db.prepare<[string, string, number, number]>(
    `INSERT INTO known_devices (token_hash, email, created_at, last_used_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (token_hash, email) DO UPDATE SET last_used_at = excluded.last_used_at`,
  );
  const deleteOld = db.prepare<[number]>('DELETE FROM known_devices WHERE last_used_at < ?');

  return {
    isKnown: (token, email) => find.get(knownBrowserKey(token, email), email) !== undefined,
    remember(token, email, at) {
      upsert.run(knownBrowserKey(token, email), email, at, at);
    },
    prune: (before) => deleteOld.run(before).changes,
  };
}
