import type { WireBranch } from '../../contract/membership';
import type { Db } from '../db/database';
import { prepareReturningWrite } from '../db/returning-write';

interface BranchRow {
  id: number;
  name: string;
  position: number;
}

/** Plainly fictional, so nobody mistakes a new site's list for the association's real branches. */
const SAMPLE_BRANCHES = ['Sample Branch North', 'Sample Branch South', 'Sample Branch East', 'Sample Branch West', 'Sample Branch Midlands'];

export interface BranchesRepository {
  list(): WireBranch[];
  get(id: string): WireBranch | undefined;
  /** Adds a branch at the end of the list; 'taken' when the name is in use (any case). */
  add(name: string): WireBranch | 'taken';
  rename(id: string, name: string): WireBranch | 'taken' | undefined;
  /** Removes a branch nobody belongs to; how many belong to it when some do. */
  remove(id: string): WireBranch | { readonly applications: number; readonly members: number } | undefined;
  /** The sample list, for a new data directory with SAMPLE_CONTENT. */
  addSamples(): void;
}

const toWire = (row: BranchRow): WireBranch => ({ id: String(row.id), name: row.name });

function rowId(id: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined;
}

export function createBranchesRepository(db: Db): BranchesRepository {
  const all = db.prepare<[], BranchRow>('SELECT * FROM branches ORDER BY position, id');
  const byId = db.prepare<[number], BranchRow>('SELECT * FROM branches WHERE id = ?');
  const byName = db.prepare<[string], BranchRow>('SELECT * FROM branches WHERE name = ?');
  const insert = prepareReturningWrite<[string], BranchRow>(
    db,
    'INSERT INTO branches (name, position) VALUES (?, (SELECT COALESCE(MAX(position), 0) + 1 FROM branches)) RETURNING *',
  );
  const renameOne = prepareReturningWrite<[string, number], BranchRow>(db, 'UPDATE branches SET name = ? WHERE id = ? RETURNING *');
  const usage = db.prepare<[number, number], { applications: number; members: number }>(
    `SELECT (SELECT COUNT(*) FROM applications WHERE branch_id = ?) AS applications,
            (SELECT COUNT(*) FROM members WHERE branch_id = ?) AS members`,
  );
  const deleteOne = db.prepare<[number]>('DELETE FROM branches WHERE id = ?');

  const addOne = (name: string): WireBranch | 'taken' => {
    if (byName.get(name) !== undefined) return 'taken';
    const row = insert.first(name);
    if (row === undefined) throw new Error('The branch was not stored.');
    return toWire(row);
  };

  const renameTransaction = db.transaction((id: number, name: string): WireBranch | 'taken' | undefined => {
    if (byId.get(id) === undefined) return undefined;
    const clash = byName.get(name);
    if (clash !== undefined && clash.id !== id) return 'taken';
    const row = renameOne.first(name, id);
    return row === undefined ? undefined : toWire(row);
  });

  const removeTransaction = db.transaction((id: number) => {
    const row = byId.get(id);
    if (row === undefined) return undefined;
    const used = usage.get(id, id) ?? { applications: 0, members: 0 };
    if (used.applications > 0 || used.members > 0) return used;
    deleteOne.run(id);
    return toWire(row);
  });

  return {
    list: () => all.all().map(toWire),
    get(id) {
      const number = rowId(id);
      const row = number === undefined ? undefined : byId.get(number);
      return row === undefined ? undefined : toWire(row);
    },
    add: (name) => db.transaction(addOne)(name),
    rename(id, name) {
      const number = rowId(id);
      return number === undefined ? undefined : renameTransaction(number, name);
    },
    remove(id) {
      const number = rowId(id);
      return number === undefined ? undefined : removeTransaction(number);
    },
    addSamples() {
      db.transaction(() => SAMPLE_BRANCHES.forEach(addOne))();
    },
  };
}
