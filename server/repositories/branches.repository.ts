import { IRISH_COUNTIES, isCounty, slugFromName, type Branch, type BranchDetails, type County } from '../../src-core/domain/branches';
import type { Db } from '../db/database';
import { prepareReturningWrite } from '../db/returning-write';
import { SAMPLE_BRANCHES } from './sample-branches';

interface BranchRow {
  id: number;
  name: string;
  position: number;
  slug: string;
  counties: string;
  meets: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  description: string;
  active: 0 | 1;
}

/** What still belongs to a branch, so it cannot be removed. */
export interface BranchUsage {
  readonly applications: number;
  readonly members: number;
  readonly posts: number;
  readonly events: number;
}

export interface BranchesRepository {
  /** Every branch, active or not, in the association's order. */
  list(): Branch[];
  get(id: string): Branch | undefined;
  bySlug(slug: string): Branch | undefined;
  /** Adds a branch at the end of the list, its web address made from the name; 'taken' when the name is in use (any case). */
  add(name: string): Branch | 'taken';
  rename(id: string, name: string): Branch | 'taken' | undefined;
  /** Replaces a branch's details; which of name or web address is taken by another branch. */
  change(id: string, details: BranchDetails): Branch | 'name-taken' | 'slug-taken' | undefined;
  /** Removes a branch nothing belongs to; what belongs to it when something does. */
  remove(id: string): Branch | BranchUsage | undefined;
  /** The sample branches, for a new data directory with SAMPLE_CONTENT. */
  addSamples(): void;
}

function countiesOf(stored: string): County[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? IRISH_COUNTIES.filter((county) => parsed.some((one) => one === county && isCounty(one))) : [];
  } catch {
    return [];
  }
}

const toBranch = (row: BranchRow): Branch => ({
  id: String(row.id),
  name: row.name,
  slug: row.slug,
  counties: countiesOf(row.counties),
  meets: row.meets,
  contactName: row.contact_name,
  contactPhone: row.contact_phone,
  contactEmail: row.contact_email,
  description: row.description,
  active: row.active === 1,
});

function rowId(id: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined;
}

type DetailsParameters = [string, string, string, string, string, string, string, string, number];
const parameters = (details: BranchDetails): DetailsParameters => [
  details.name,
  details.slug,
  JSON.stringify(details.counties),
  details.meets,
  details.contactName,
  details.contactPhone,
  details.contactEmail,
  details.description,
  details.active ? 1 : 0,
];

export interface BranchesRepositoryOptions {
  /** Told after every change, so cached pages naming branches are invalidated. */
  readonly onChange?: () => void;
}

export function createBranchesRepository(db: Db, { onChange = () => undefined }: BranchesRepositoryOptions = {}): BranchesRepository {
  const all = db.prepare<[], BranchRow>('SELECT * FROM branches ORDER BY position, id');
  const byId = db.prepare<[number], BranchRow>('SELECT * FROM branches WHERE id = ?');
  const byName = db.prepare<[string], BranchRow>('SELECT * FROM branches WHERE name = ?');
  const withSlug = db.prepare<[string], BranchRow>('SELECT * FROM branches WHERE slug = ?');
  const insert = prepareReturningWrite<[...DetailsParameters], BranchRow>(
    db,
    `INSERT INTO branches (name, slug, counties, meets, contact_name, contact_phone, contact_email, description, active, position)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM branches)) RETURNING *`,
  );
  const renameOne = prepareReturningWrite<[string, number], BranchRow>(db, 'UPDATE branches SET name = ? WHERE id = ? RETURNING *');
  const changeOne = prepareReturningWrite<[...DetailsParameters, number], BranchRow>(
    db,
    `UPDATE branches SET name = ?, slug = ?, counties = ?, meets = ?, contact_name = ?, contact_phone = ?, contact_email = ?,
       description = ?, active = ? WHERE id = ? RETURNING *`,
  );
  const usage = db.prepare<[number, number, number, number], BranchUsage>(
    `SELECT (SELECT COUNT(*) FROM applications WHERE branch_id = ?) AS applications,
            (SELECT COUNT(*) FROM members WHERE branch_id = ?) AS members,
            (SELECT COUNT(*) FROM posts WHERE branch_id = ?) AS posts,
            (SELECT COUNT(*) FROM event_details WHERE branch_id = ?) AS events`,
  );
  const deleteOne = db.prepare<[number]>('DELETE FROM branches WHERE id = ?');

  // A new branch's address is its name's, with a number added when another branch has it.
  function freeSlug(name: string): string {
    const base = slugFromName(name) || 'branch';
    let slug = base;
    for (let next = 2; withSlug.get(slug) !== undefined; next += 1) slug = `${base}-${next}`;
    return slug;
  }

  const addOne = (details: Omit<BranchDetails, 'slug'>): Branch | 'taken' => {
    if (byName.get(details.name) !== undefined) return 'taken';
    const row = insert.first(...parameters({ ...details, slug: freeSlug(details.name) }));
    if (row === undefined) throw new Error('The branch was not stored.');
    return toBranch(row);
  };

  const renameTransaction = db.transaction((id: number, name: string): Branch | 'taken' | undefined => {
    if (byId.get(id) === undefined) return undefined;
    const clash = byName.get(name);
    if (clash !== undefined && clash.id !== id) return 'taken';
    const row = renameOne.first(name, id);
    return row === undefined ? undefined : toBranch(row);
  });

  const changeTransaction = db.transaction((id: number, details: BranchDetails): Branch | 'name-taken' | 'slug-taken' | undefined => {
    if (byId.get(id) === undefined) return undefined;
    const nameClash = byName.get(details.name);
    if (nameClash !== undefined && nameClash.id !== id) return 'name-taken';
    const slugClash = withSlug.get(details.slug);
    if (slugClash !== undefined && slugClash.id !== id) return 'slug-taken';
    const row = changeOne.first(...parameters(details), id);
    return row === undefined ? undefined : toBranch(row);
  });

  const removeTransaction = db.transaction((id: number): Branch | BranchUsage | undefined => {
    const row = byId.get(id);
    if (row === undefined) return undefined;
    const used = usage.get(id, id, id, id) ?? { applications: 0, members: 0, posts: 0, events: 0 };
    if (Object.values(used).some((count) => count > 0)) return used;
    deleteOne.run(id);
    return toBranch(row);
  });

  const blank = { counties: [], meets: '', contactName: '', contactPhone: '', contactEmail: '', description: '', active: true } as const;

  // Every write tells onChange once it is done, whatever it returned: a refusal changed nothing, which costs only a render.
  function told<A extends unknown[], R>(write: (...args: A) => R): (...args: A) => R {
    return (...args) => {
      const result = write(...args);
      onChange();
      return result;
    };
  }

  return {
    list: () => all.all().map(toBranch),
    get(id) {
      const number = rowId(id);
      const row = number === undefined ? undefined : byId.get(number);
      return row === undefined ? undefined : toBranch(row);
    },
    bySlug(slug) {
      const row = withSlug.get(slug);
      return row === undefined ? undefined : toBranch(row);
    },
    add: told((name: string) => db.transaction(addOne)({ ...blank, name })),
    rename: told((id: string, name: string) => {
      const number = rowId(id);
      return number === undefined ? undefined : renameTransaction(number, name);
    }),
    change: told((id: string, details: BranchDetails) => {
      const number = rowId(id);
      return number === undefined ? undefined : changeTransaction(number, details);
    }),
    remove: told((id: string) => {
      const number = rowId(id);
      return number === undefined ? undefined : removeTransaction(number);
    }),
    addSamples() {
      db.transaction(() => SAMPLE_BRANCHES.forEach(addOne))();
    },
  };
}
