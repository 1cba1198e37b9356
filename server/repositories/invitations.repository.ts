import { createHash } from 'node:crypto';
import type { StaffRole } from '../../src-core/domain/roles';
import type { Db } from '../db/database';

export interface Invitation {
  readonly id: number;
  readonly email: string;
  readonly role: StaffRole;
  /** The one branch of a role limited to one; null for any other role. */
  readonly branchId: number | null;
  readonly invitedBy: string;
  /** When its link stops working; undefined until the e-mail is sent. */
  readonly expiresAt: number | undefined;
}

export interface InvitationsRepository {
  /** Invites the address, replacing an earlier invitation to it; returns the new one's id. */
  create(email: string, role: StaffRole, branchId: number | null, invitedBy: string, at: number): number;
  get(id: number): Invitation | undefined;
  /** Gives the invitation its link: only the token's hash is kept. False when it was withdrawn. */
  setToken(id: number, token: string, expiresAt: number): boolean;
  findByToken(token: string): Invitation | undefined;
  list(): Invitation[];
  /** Ends the invitation (accepted or withdrawn): its link never works again. */
  remove(id: number): boolean;
  removeForEmail(email: string): boolean;
  /**
   * Deletes the invitations that have ended: expired before `expiredBefore`, never sent and made
   * before `createdBefore`, or for an address that has an account by now. Returns how many.
   */
  deleteEnded(expiredBefore: number, createdBefore: number): number;
}

interface InvitationRow {
  id: number;
  email: string;
  role: StaffRole;
  branch_id: number | null;
  invited_by: string;
  expires_at: number | null;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function invitationOf(row: InvitationRow): Invitation {
  return { id: row.id, email: row.email, role: row.role, branchId: row.branch_id, invitedBy: row.invited_by, expiresAt: row.expires_at ?? undefined };
}

const COLUMNS = 'id, email, role, branch_id, invited_by, expires_at';

export function createInvitationsRepository(db: Db): InvitationsRepository {
  const deleteForEmail = db.prepare<[string]>('DELETE FROM invitations WHERE email = ?');
  const insert = db.prepare<[string, StaffRole, number | null, string, number]>(
    'INSERT INTO invitations (email, role, branch_id, invited_by, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], InvitationRow>(`SELECT ${COLUMNS} FROM invitations WHERE id = ?`);
  const byToken = db.prepare<[string], InvitationRow>(`SELECT ${COLUMNS} FROM invitations WHERE token_hash = ?`);
  const listAll = db.prepare<[], InvitationRow>(`SELECT ${COLUMNS} FROM invitations ORDER BY email`);
  const updateToken = db.prepare<[string, number, number]>('UPDATE invitations SET token_hash = ?, expires_at = ? WHERE id = ?');
  const deleteById = db.prepare<[number]>('DELETE FROM invitations WHERE id = ?');
  const deleteEnded = db.prepare<[number, number]>(
    'DELETE FROM invitations WHERE expires_at < ? OR (expires_at IS NULL AND created_at < ?) OR email IN (SELECT email FROM accounts)',
  );

  return {
    create: db.transaction((email: string, role: StaffRole, branchId: number | null, invitedBy: string, at: number) => {
      deleteForEmail.run(email);
      return Number(insert.run(email, role, branchId, invitedBy, at).lastInsertRowid);
    }),
    get(id) {
      const row = byId.get(id);
      return row === undefined ? undefined : invitationOf(row);
    },
    setToken: (id, token, expiresAt) => updateToken.run(tokenHash(token), expiresAt, id).changes > 0,
    findByToken(token) {
      const row = byToken.get(tokenHash(token));
      return row === undefined ? undefined : invitationOf(row);
    },
    list: () => listAll.all().map(invitationOf),
    remove: (id) => deleteById.run(id).changes > 0,
    removeForEmail: (email) => deleteForEmail.run(email).changes > 0,
    deleteEnded: (expiredBefore, createdBefore) => deleteEnded.run(expiredBefore, createdBefore).changes,
  };
}
