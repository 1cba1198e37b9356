import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { storageFaultOf } from '../db/storage-fault';
import { tokenHash } from './row-keys';

/** Where a session was started: the browser's own description and the network address. */
export interface SessionOrigin {
  readonly userAgent: string;
  readonly address: string;
}

export interface SessionRecord extends SessionOrigin {
  /** An id of its own, shown to the administrator to end it by; never the token. */
  readonly id: string;
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
  create(email: string, at: number, origin: SessionOrigin): string;
  find(token: string): SessionRecord | undefined;
  /** Records activity (and the address it came from); throws when the database cannot be written. */
  touch(token: string, at: number, address: string): void;
  remove(token: string): void;
  /** The account's sessions, most recently used first. */
  listForEmail(email: string): SessionRecord[];
  /** Ends one of the account's sessions by its id; false when it has none by that id. */
  removeById(email: string, id: string): boolean;
  /** Ends every session of the account but the one with this token; returns how many. */
  removeOthers(email: string, keepToken: string): number;
  removeForEmail(email: string): number;
  removeExpired(idleBefore: number, createdBefore: number): number;
}

interface SessionRow {
  public_id: string;
  email: string;
  created_at: number;
  last_seen_at: number;
  user_agent: string;
  address: string;
}

function fromRow(row: SessionRow): SessionRecord {
  return {
    id: row.public_id,
    email: row.email,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    userAgent: row.user_agent,
    address: row.address,
  };
}

const COLUMNS = 'public_id, email, created_at, last_seen_at, user_agent, address';

export function createSessionsRepository(db: Db): SessionsRepository {
  const insert = db.prepare<[string, string, string, number, number, string, string]>(
    'INSERT INTO sessions (token_hash, public_id, email, created_at, last_seen_at, user_agent, address) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const byHash = db.prepare<[string], SessionRow>(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = ?`);
  const byEmail = db.prepare<[string], SessionRow>(`SELECT ${COLUMNS} FROM sessions WHERE email = ? ORDER BY last_seen_at DESC, created_at DESC`);
  const touchOne = db.prepare<[number, string, string]>('UPDATE sessions SET last_seen_at = ?, address = ? WHERE token_hash = ?');
  const deleteOne = db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?');
  const deleteById = db.prepare<[string, string]>('DELETE FROM sessions WHERE email = ? AND public_id = ?');
  const deleteOthers = db.prepare<[string, string]>('DELETE FROM sessions WHERE email = ? AND token_hash <> ?');
  const deleteForEmail = db.prepare<[string]>('DELETE FROM sessions WHERE email = ?');
  const deleteExpired = db.prepare<[number, number]>('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?');
  // By token hash, as in the table.
  const inMemory = new Map<string, { -readonly [K in keyof SessionRecord]: SessionRecord[K] }>();

  function removeInMemory(email: string, keep: (hash: string, session: SessionRecord) => boolean): number {
    let removed = 0;
    for (const [hash, session] of inMemory) {
      if (session.email === email && !keep(hash, session) && inMemory.delete(hash)) removed += 1;
    }
    return removed;
  }

  return {
    create(email, at, origin) {
      // 256 random bits.
      const token = randomBytes(32).toString('base64url');
      const id = randomBytes(12).toString('hex');
      try {
        insert.run(tokenHash(token), id, email, at, at, origin.userAgent, origin.address);
      } catch (error) {
        if (storageFaultOf(error) !== 'disk-full') throw error;
        inMemory.set(tokenHash(token), { id, email, createdAt: at, lastSeenAt: at, ...origin });
      }
      return token;
    },
    find(token) {
      const hash = tokenHash(token);
      const row = byHash.get(hash);
      return row === undefined ? inMemory.get(hash) : fromRow(row);
    },
    touch(token, at, address) {
      const hash = tokenHash(token);
      const kept = inMemory.get(hash);
      if (kept === undefined) {
        touchOne.run(at, address, hash);
      } else {
        kept.lastSeenAt = at;
        kept.address = address;
      }
    },
    remove(token) {
      const hash = tokenHash(token);
      inMemory.delete(hash);
      deleteOne.run(hash);
    },
    listForEmail(email) {
      const kept = [...inMemory.values()].filter((session) => session.email === email);
      return [...byEmail.all(email).map(fromRow), ...kept].sort((a, b) => b.lastSeenAt - a.lastSeenAt);
    },
    removeById(email, id) {
      const removed = removeInMemory(email, (_hash, session) => session.id !== id);
      return removed + deleteById.run(email, id).changes > 0;
    },
    removeOthers(email, keepToken) {
      const keep = tokenHash(keepToken);
      return removeInMemory(email, (hash) => hash === keep) + deleteOthers.run(email, keep).changes;
    },
    removeForEmail(email) {
      return removeInMemory(email, () => false) + deleteForEmail.run(email).changes;
    },
    removeExpired: (idleBefore, createdBefore) => deleteExpired.run(idleBefore, createdBefore).changes,
  };
}
