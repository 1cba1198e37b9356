import { isAuditKind, type AuditEntry, type AuditKind } from '../../src-core/domain/audit';
import { isoAt } from '../clock';
import type { Db } from '../db/database';

export interface NewAuditEntry {
  readonly actor: string | null;
  readonly kind: AuditKind;
  readonly detail?: string;
  readonly address?: string;
}

export interface AuditFilter {
  readonly actor?: string;
  readonly kind?: AuditKind;
  /** Newest first; at most this many. */
  readonly limit: number;
}

export interface AuditRepository {
  record(entry: NewAuditEntry, at: number): void;
  list(filter: AuditFilter): AuditEntry[];
  /** Everyone who appears in the trail, for the admin area's filter. */
  actors(): string[];
  /** The only way entries leave: those recorded strictly before `cutoff`. */
  purgeBefore(cutoff: number): number;
}

interface AuditRow {
  id: number;
  at: number;
  actor: string | null;
  kind: string;
  detail: string;
  address: string;
}

/**
 * The append-only audit trail. The table's triggers refuse any UPDATE, and any DELETE unless
 * the purge's gate is open; the gate is opened and closed again inside the purge's own
 * transaction, so no other code path (nor a mistake in one) can rewrite history.
 */
export function createAuditRepository(db: Db): AuditRepository {
  const insert = db.prepare<[number, string | null, string, string, string]>(
    'INSERT INTO audit_entries (at, actor, kind, detail, address) VALUES (?, ?, ?, ?, ?)',
  );
  const select = db.prepare<[string | null, string | null, string | null, string | null, number], AuditRow>(
    `SELECT id, at, actor, kind, detail, address FROM audit_entries
     WHERE (? IS NULL OR actor = ?) AND (? IS NULL OR kind = ?)
     ORDER BY at DESC, id DESC LIMIT ?`,
  );
  const selectActors = db.prepare<[], { actor: string }>(
    'SELECT DISTINCT actor FROM audit_entries WHERE actor IS NOT NULL ORDER BY actor',
  );
  const setGate = db.prepare<[number]>('UPDATE audit_purge_gate SET open = ?');
  const deleteBefore = db.prepare<[number]>('DELETE FROM audit_entries WHERE at < ?');

  return {
    record(entry, at) {
      insert.run(at, entry.actor, entry.kind, entry.detail ?? '', entry.address ?? '');
    },
    list({ actor, kind, limit }) {
      return select
        .all(actor ?? null, actor ?? null, kind ?? null, kind ?? null, limit)
        .filter((row) => isAuditKind(row.kind))
        .map((row) => ({
          id: String(row.id),
          at: isoAt(row.at),
          actor: row.actor,
          kind: row.kind as AuditKind,
          detail: row.detail,
          address: row.address,
        }));
    },
    actors: () => selectActors.all().map((row) => row.actor),
    purgeBefore: db.transaction((cutoff: number) => {
      setGate.run(1);
      const deleted = deleteBefore.run(cutoff).changes;
      setGate.run(0);
      return deleted;
    }),
  };
}
