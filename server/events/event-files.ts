import fs from 'node:fs';
import path from 'node:path';
import type { BranchLink } from '../../src-core/domain/branches';
import type { EventDetails } from '../../src-core/domain/event-details';
import { calendarFeedAt, type EventListing, type ListedEvent } from '../../src-core/domain/event-listing';
import { isoAt } from '../clock';
import { syncFolder, type FileStore, type PlaceFile } from '../files/file-store';
import type { EventDetailsRepository } from '../repositories/event-details.repository';

/**
 * The events folder's files together with their details, kept consistent: the details of a
 * file are stored with it and removed with it. The file lives on disk and its details in
 * SQLite, so the two cannot share one transaction; the order of each step is chosen so that
 * a failure half way leaves at worst details without a file, which no listing shows and the
 * next start (or an upload of the same name) clears, never a file with another file's details.
 */
export interface EventFiles {
  /** Every event file with its details at `now`; `origin` is the site's address, for the feed's link. */
  listing(now: number, origin: string): Promise<EventListing>;
  /**
   * Every event file with when its page last changed, where known: the later of the file's own
   * date and the last save of its details (for the sitemap).
   */
  changes(): Promise<readonly EventChange[]>;
  /** The listed event of one stored file, or undefined when there is no such file. */
  find(name: string): Promise<ListedEvent | undefined>;
  /**
   * Sets (or with null removes) a stored file's details, and where `branch` is given the branch it
   * belongs to (null: national; removed details take their branch with them unless one is given);
   * undefined when there is no such file.
   */
  saveDetails(name: string, details: EventDetails | null, at: number, branch?: number | null): Promise<ListedEvent | undefined>;
  /**
   * Called once an uploaded file is in place: stores its details, or clears details a deleted
   * file of the same name left behind. When the details cannot be stored the file is removed
   * again and the error thrown, so the upload fails whole.
   */
  attach(name: string, details: EventDetails | null, at: number): void | Promise<void>;
  /**
   * For an upload into the events folder (FileStore.save's `placing`): the file goes into place
   * in the same transaction that stores its details and, where `branch` is given, its branch, so
   * it is never listed without them (a branch officer's event is never national, even for a
   * moment). Details a deleted file of the same name left behind are cleared with it; when a
   * file of that name is there already, nothing is written.
   */
  placing(name: string, details: EventDetails | null, at: number, branch?: number): (place: PlaceFile) => boolean;
  /** Deletes a file and its details together; false when there was no such file. */
  remove(name: string): Promise<boolean>;
  /** Forgets details whose file is gone; run at start-up. Returns how many. */
  sweep(): Promise<number>;
}

export interface EventChange {
  readonly name: string;
  /** ISO 8601. */
  readonly changedAt?: string;
}

function later(first: string | undefined, second: string | undefined): string | undefined {
  const time = (iso: string | undefined) => (iso === undefined ? Number.NaN : Date.parse(iso));
  if (Number.isNaN(time(second))) return first;
  if (Number.isNaN(time(first))) return second;
  return time(second) > time(first) ? second : first;
}

export interface EventFilesOptions {
  readonly files: FileStore;
  readonly details: EventDetailsRepository;
  readonly timeZone: string;
  /** Told when a file is deleted here, so cached pages listing it are invalidated. */
  readonly onChange?: () => void;
}

function withBranch(event: ListedEvent, branches: ReadonlyMap<string, BranchLink>): ListedEvent {
  const branch = branches.get(event.file.name);
  return branch === undefined ? event : { ...event, branch };
}

/** Thrown inside the placing transaction to undo it when the name is taken. */
class NameTaken extends Error {}

export function createEventFiles({ files, details, timeZone, onChange = () => undefined }: EventFilesOptions): EventFiles {
  async function find(name: string): Promise<ListedEvent | undefined> {
    const file = (await files.list('events')).find((candidate) => candidate.name === name);
    return file === undefined ? undefined : withBranch({ file, details: details.get(name) ?? null }, details.branches());
  }

  return {
    async listing(now, origin) {
      const stored = details.all();
      const branches = details.branches();
      const listed = await files.list('events');
      return {
        timeZone,
        at: isoAt(now),
        events: listed.map((file) => withBranch({ file, details: stored.get(file.name) ?? null }, branches)),
        calendar: calendarFeedAt(origin),
      };
    },
    async changes() {
      const saved = details.savedAt();
      const listed = await files.list('events');
      return listed.map((file) => {
        const changedAt = later(file.updatedAt, saved.get(file.name));
        return changedAt === undefined ? { name: file.name } : { name: file.name, changedAt };
      });
    },
    find,
    async saveDetails(name, next, at, branch) {
      if (!(await files.exists('events', name))) return undefined;
      details.atomically(() => {
        if (next === null) details.remove(name);
        else details.save(name, next, isoAt(at));
        if (branch !== undefined && (branch !== null || next !== null)) details.setBranch(name, branch, isoAt(at));
      });
      return find(name);
    },
    async attach(name, next, at) {
      try {
        if (next === null) details.remove(name);
        else details.save(name, next, isoAt(at));
      } catch (error) {
        await files.remove('events', name);
        throw error;
      }
    },
    placing(name, next, at, branch) {
      return (place) => {
        let placed = false;
        try {
          return details.atomically(() => {
            if (next === null) details.remove(name);
            else details.save(name, next, isoAt(at));
            if (branch !== undefined) details.setBranch(name, branch, isoAt(at));
            placed = place();
            // Another file has the name: the rows written above are undone with the transaction.
            if (!placed) throw new NameTaken();
            return true;
          });
        } catch (error) {
          if (error instanceof NameTaken) return false;
          // The file went into place but its details did not: it goes too, so the upload fails whole.
          if (placed) fs.rmSync(files.pathOf('events', name), { force: true });
          throw error;
        }
      };
    },
    async remove(name) {
      const location = await files.locate('events', name);
      if (location === undefined) return false;
      // The row goes first, inside a transaction that also unlinks the file: if the unlink
      // fails, the row comes back and both stay; if the commit fails after the unlink, the row
      // is an orphan that sweep() and attach() clear.
      details.atomically(() => {
        details.remove(name);
        fs.unlinkSync(location);
      });
      // As the file store does for its own deletes: the removal survives a power cut.
      await syncFolder(path.dirname(location));
      onChange();
      return true;
    },
    async sweep() {
      return details.keepOnly((await files.list('events')).map((file) => file.name));
    },
  };
}
