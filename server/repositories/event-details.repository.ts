import type { BranchLink } from '../../src-core/domain/branches';
import { hasEventDetails, type EventDetails } from '../../src-core/domain/event-details';
import type { Db } from '../db/database';

interface EventDetailsRow {
  file_name: string;
  title: string;
  starts: string;
  ends: string;
  all_day: number;
  time_zone: string;
  venue: string;
  town: string;
  description: string;
}

/** The details of files in the events folder, by file name. */
export interface EventDetailsRepository {
  /** Every file that has details (not one given only its branch), by file name. */
  all(): Map<string, EventDetails>;
  /** When each file's details were last saved (ISO 8601), by file name. */
  savedAt(): Map<string, string>;
  /** A file's details; undefined when it has none, also when it was given only its branch. */
  get(fileName: string): EventDetails | undefined;
  /** The branch each file's event belongs to, by file name; a national event is not in it. */
  branches(): Map<string, BranchLink>;
  /** Makes a file's event part of a branch (null: national), keeping its other details. */
  setBranch(fileName: string, branchId: number | null, at: string): void;
  /** Stores the details of a file, replacing any it had (its branch is kept). */
  save(fileName: string, details: EventDetails, at: string): void;
  /** Forgets a file's details; false when it had none. */
  remove(fileName: string): boolean;
  /** Forgets the details of every file not named (left by a delete that stopped half way). */
  keepOnly(fileNames: readonly string[]): number;
  /** Runs `work` in one transaction: a throw undoes every change made in it. */
  atomically<T>(work: () => T): T;
}

/**
 * A row's details, or undefined when it holds none: an event given only its branch has a row whose
 * fields are all blank, and it has no details, as on the hosted side (adapters/firebase/event-metadata.ts).
 */
function toDetails(row: EventDetailsRow): EventDetails | undefined {
  const details: EventDetails = {
    title: row.title,
    start: row.starts,
    end: row.ends,
    allDay: row.all_day === 1,
    timeZone: row.time_zone,
    venue: row.venue,
    town: row.town,
    description: row.description,
  };
  return hasEventDetails(details) ? details : undefined;
}

export interface EventDetailsRepositoryOptions {
  /** Told after every change, so cached pages showing events are invalidated. */
  readonly onChange?: () => void;
}

export function createEventDetailsRepository(db: Db, { onChange = () => undefined }: EventDetailsRepositoryOptions = {}): EventDetailsRepository {
  const listAll = db.prepare<[], EventDetailsRow>('SELECT * FROM event_details');
  const byName = db.prepare<[string], EventDetailsRow>('SELECT * FROM event_details WHERE file_name = ?');
  const saveTimes = db.prepare<[], { file_name: string; updated_at: string }>('SELECT file_name, updated_at FROM event_details');
  const upsert = db.prepare<[string, string, string, string, number, string, string, string, string, string]>(
    `INSERT INTO event_details (file_name, title, starts, ends, all_day, time_zone, venue, town, description, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (file_name) DO UPDATE SET title = excluded.title, starts = excluded.starts, ends = excluded.ends,
       all_day = excluded.all_day, time_zone = excluded.time_zone, venue = excluded.venue, town = excluded.town,
       description = excluded.description, updated_at = excluded.updated_at`,
  );
  const branchOfEach = db.prepare<[], { file_name: string; id: number; slug: string; name: string }>(
    'SELECT event_details.file_name, branches.id, branches.slug, branches.name FROM event_details JOIN branches ON branches.id = event_details.branch_id',
  );
  const upsertBranch = db.prepare<[string, number | null, string]>(
    `INSERT INTO event_details (file_name, branch_id, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (file_name) DO UPDATE SET branch_id = excluded.branch_id, updated_at = excluded.updated_at`,
  );
  const deleteByName = db.prepare<[string]>('DELETE FROM event_details WHERE file_name = ?');

  return {
    all: () =>
      new Map(
        listAll.all().flatMap((row) => {
          const details = toDetails(row);
          return details === undefined ? [] : [[row.file_name, details] as const];
        }),
      ),
    savedAt: () => new Map(saveTimes.all().map((row) => [row.file_name, row.updated_at])),
    get(fileName) {
      const row = byName.get(fileName);
      return row === undefined ? undefined : toDetails(row);
    },
    branches: () => new Map(branchOfEach.all().map((row) => [row.file_name, { id: String(row.id), slug: row.slug, name: row.name }])),
    setBranch(fileName, branchId, at) {
      upsertBranch.run(fileName, branchId, at);
      onChange();
    },
    save(fileName, details, at) {
      upsert.run(
        fileName,
        details.title,
        details.start,
        details.end,
        details.allDay ? 1 : 0,
        details.timeZone,
        details.venue,
        details.town,
        details.description,
        at,
      );
      onChange();
    },
    remove(fileName) {
      const removed = deleteByName.run(fileName).changes > 0;
      if (removed) onChange();
      return removed;
    },
    keepOnly(fileNames) {
      const keep = new Set(fileNames);
      const gone = listAll.all().filter((row) => !keep.has(row.file_name));
      db.transaction(() => gone.forEach((row) => deleteByName.run(row.file_name)))();
      if (gone.length > 0) onChange();
      return gone.length;
    },
    atomically: (work) => db.transaction(work)(),
  };
}
