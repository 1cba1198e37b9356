import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { tokenHash } from './row-keys';

export interface TrustedBrowser {
  readonly id: string;
  readonly email: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly userAgent: string;
  readonly address: string;
}

export interface TrustedBrowsersRepository {
  /** Trusts the browser holding `token` for this account until `expiresAt`; returns the record's public id. */
  trust(email: string, token: string, at: number, expiresAt: number, origin: { userAgent: string; address: string }): string;
  /** The unexpired record for this token and account, if any. */
  find(token: string, email: string, now: number): TrustedBrowser | undefined;
  listForEmail(email: string, now: number): readonly TrustedBrowser[];
  /** Stops trusting one browser of this account; false when there was none by that id. */
  revoke(email: string, id: string): boolean;
  /** Stops trusting every browser of this account (a new password, two-step sign-in turned off). */
  revokeAll(email: string): number;
  /** The key the trusted-browser cookie is signed with, made once by the migration. */
  signingKey(): Buffer;
}

interface Row {
  id: string;
  email: string;
  created_at: number;
  expires_at: number;
  user_agent: string;
  address: string;
}

const toBrowser = (row: Row): TrustedBrowser => ({
  id: row.id,
  email: row.email,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  userAgent: row.user_agent,
  address: row.address,
});

/** Browsers trusted after a two-step sign-in (migration 7). Only a hash of each token is stored. */
export function createTrustedBrowsersRepository(db: Db): TrustedBrowsersRepository {
  const insert = db.prepare<[string, string, string, number, number, string, string]>(
    'INSERT INTO trusted_browsers (id, token_hash, email, created_at, expires_at, user_agent, address) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const findOne = db.prepare<[string, string, number], Row>('SELECT * FROM trusted_browsers WHERE token_hash = ? AND email = ? AND expires_at > ?');
  const listAll = db.prepare<[string, number], Row>('SELECT * FROM trusted_browsers WHERE email = ? AND expires_at > ? ORDER BY created_at DESC');
  const deleteOne = db.prepare<[string, string]>('DELETE FROM trusted_browsers WHERE email = ? AND id = ?');
  const deleteAll = db.prepare<[string]>('DELETE FROM trusted_browsers WHERE email = ?');
  const deleteExpired = db.prepare<[number]>('DELETE FROM trusted_browsers WHERE expires_at <= ?');
  const key = db.prepare<[], { key: Buffer }>("SELECT key FROM signing_keys WHERE name = 'trusted-browser'");
  let cachedKey: Buffer | undefined;

  return {
    trust(email, token, at, expiresAt, origin) {
      const id = randomBytes(12).toString('hex');
      deleteExpired.run(at);
      insert.run(id, tokenHash(token), email, at, expiresAt, origin.userAgent, origin.address);
      return id;
    },
    find(token, email, now) {
      const row = findOne.get(tokenHash(token), email, now);
      return row === undefined ? undefined : toBrowser(row);
    },
    listForEmail: (email, now) => listAll.all(email, now).map(toBrowser),
    revoke: (email, id) => deleteOne.run(email, id).changes > 0,
    revokeAll: (email) => deleteAll.run(email).changes,
    signingKey() {
      cachedKey ??= key.get()?.key;
      if (cachedKey === undefined) throw new Error('The trusted-browser signing key is missing from the database.');
      return cachedKey;
    },
  };
}
