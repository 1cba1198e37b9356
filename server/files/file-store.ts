import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileDownloadPath } from '../../contract/wire';
import { SIGNATURE_BYTES, acceptedKind, contentTypeOf } from '../../src-core/domain/file-types';
import { fullPathFor } from '../../src-core/domain/files';
import { FOLDERS, type Folder, type StoredFile } from '../../src-core/domain/stored-file';
import { syncedFileWriter } from './synced-file-writer';
import { errorCode } from '../db/storage-fault';
import { hasWordStructure } from './word-structure.rule';

/** Why a save was refused; the route turns each into its response. */
export type SaveRefusal = 'exists' | 'too-large' | 'empty' | 'wrong-type';

export type SaveResult = { ok: true; file: StoredFile } | { ok: false; reason: SaveRefusal };

/**
 * Moves a finished upload into place; false when a file of that name is there. Synchronous, so
 * that a caller can do it inside a database transaction with the records that go with the file.
 */
export type PlaceFile = () => boolean;

export interface FileStore {
  readonly filesDir: string;
  list(folder: Folder): Promise<StoredFile[]>;
  exists(folder: Folder, name: string): Promise<boolean>;
  /**
   * Streams `source` into a temporary file and moves it into place only when it is complete,
   * of an allowed kind, within `maxBytes`, and no file of that name exists. Anything else
   * leaves nothing behind. Rejects when the source fails (the client went away). `placing`, when
   * given, is handed the move into place and does it itself, with what must appear at the same
   * moment (server/events/event-files.ts writes an event's details and branch with it).
   */
  save(folder: Folder, name: string, source: Readable, maxBytes: number, placing?: (place: PlaceFile) => boolean): Promise<SaveResult>;
  /** Deletes a stored file; false when there was none. */
  remove(folder: Folder, name: string): Promise<boolean>;
  /** The absolute path of a stored file, or undefined when none is there. */
  locate(folder: Folder, name: string): Promise<string | undefined>;
  /** Where a file of that name is or would be kept, without looking (a download looks once, itself). */
  pathOf(folder: Folder, name: string): string;
  /** Removes what interrupted uploads left in the temporary folder. */
  clearTemporary(): Promise<void>;
  readonly temporaryDir: string;
}

/**
 * Makes a change to a folder's entries (a file linked in or removed) survive a power cut:
 * without it the name can be lost, or come back, after the machine restarts.
 */
export async function syncFolder(directory: string): Promise<void> {
  const handle = await fsp.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Counts bytes and keeps the first few for sniffing. Past the limit it drops the rest instead
 * of failing: destroying the request would cut the connection before the client reads the 413.
 */
function meter(maxBytes: number) {
  const state = { bytes: 0, head: new Uint8Array(0), tooLarge: false };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      state.bytes += chunk.byteLength;
      if (state.bytes > maxBytes) {
        state.tooLarge = true;
        callback();
        return;
      }
      if (state.head.byteLength < SIGNATURE_BYTES) {
        state.head = Buffer.concat([state.head, chunk.subarray(0, SIGNATURE_BYTES - state.head.byteLength)]);
      }
      callback(null, chunk);
    },
  });
  return { state, transform };
}

/** Where a folder's files are kept in the data directory. */
export function folderDirectory(dataDir: string, folder: Folder): string {
  const filesDir = path.join(dataDir, 'files');
  return folder === 'root' ? filesDir : path.join(filesDir, folder);
}

export interface FileStoreOptions {
  /** Told after every file stored or deleted, so cached pages listing them are invalidated. */
  readonly onChange?: () => void;
}

export function createFileStore(dataDir: string, { onChange = () => undefined }: FileStoreOptions = {}): FileStore {
  const filesDir = path.join(dataDir, 'files');
  const temporaryDir = path.join(dataDir, 'uploads-in-progress');
  for (const folder of FOLDERS) fs.mkdirSync(folderDir(folder), { recursive: true });
  fs.mkdirSync(temporaryDir, { recursive: true });

  function folderDir(folder: Folder): string {
    return folderDirectory(dataDir, folder);
  }

  function filePath(folder: Folder, name: string): string {
    const resolved = path.join(folderDir(folder), name);
    // Names are sanitised before they get here; this guards against a future caller that forgets.
    if (path.dirname(resolved) !== folderDir(folder)) throw new Error(`Refused a file name outside its folder: ${name}`);
    return resolved;
  }

  function describe(folder: Folder, name: string, stats: fs.Stats): StoredFile {
    const fullPath = fullPathFor(folder, name);
    return {
      name,
      fullPath,
      url: fileDownloadPath(fullPath),
      size: stats.size,
      updatedAt: stats.mtime.toISOString(),
      contentType: contentTypeOf(name),
    };
  }

  async function regularFile(location: string): Promise<fs.Stats | undefined> {
    try {
      const stats = await fsp.lstat(location);
      return stats.isFile() ? stats : undefined;
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }

  async function moveIntoPlace(temporary: string, target: string): Promise<boolean> {
    try {
      // A hard link fails when the target exists, so two uploads of one name cannot overwrite each other.
      await fsp.link(temporary, target);
      return true;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
      // File systems without hard links: check, then rename.
      if ((await regularFile(target)) !== undefined) return false;
      await fsp.rename(temporary, target);
      return true;
    }
  }

  /** As moveIntoPlace, without waiting: for a move made inside a database transaction. */
  function moveIntoPlaceNow(temporary: string, target: string): boolean {
    try {
      fs.linkSync(temporary, target);
      return true;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
      if (fs.lstatSync(target, { throwIfNoEntry: false }) !== undefined) return false;
      fs.renameSync(temporary, target);
      return true;
    }
  }

  return {
    filesDir,
    temporaryDir,
    async list(folder) {
      const entries = await fsp.readdir(folderDir(folder), { withFileTypes: true });
      const files = await Promise.all(
        entries
          .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
          .map(async (entry) => {
            const stats = await regularFile(path.join(folderDir(folder), entry.name));
            return stats === undefined ? undefined : describe(folder, entry.name, stats);
          }),
      );
      return files
        .filter((file): file is StoredFile => file !== undefined)
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.name < b.name ? -1 : 1));
    },
    async exists(folder, name) {
      return (await regularFile(filePath(folder, name))) !== undefined;
    },
    async save(folder, name, source, maxBytes, placing) {
      const target = filePath(folder, name);
      const temporary = path.join(temporaryDir, `${randomBytes(12).toString('hex')}.part`);
      const { state, transform } = meter(maxBytes);
      try {
        await pipeline(source, transform, syncedFileWriter(temporary, 0o640));
        if (state.tooLarge) return { ok: false, reason: 'too-large' };
        if (state.bytes === 0) return { ok: false, reason: 'empty' };
        const kind = acceptedKind(folder, name, state.head);
        if (kind === null) return { ok: false, reason: 'wrong-type' };
        // The first bytes only say 'a ZIP'; a Word document must also have a Word document's parts.
        if (kind === 'docx' && !(await hasWordStructure(temporary))) return { ok: false, reason: 'wrong-type' };
        const placed = placing === undefined ? await moveIntoPlace(temporary, target) : placing(() => moveIntoPlaceNow(temporary, target));
        if (!placed) return { ok: false, reason: 'exists' };
        await syncFolder(folderDir(folder));
        onChange();
        const stats = await fsp.stat(target);
        return { ok: true, file: describe(folder, name, stats) };
      } finally {
        await fsp.rm(temporary, { force: true });
      }
    },
    async remove(folder, name) {
      try {
        await fsp.unlink(filePath(folder, name));
        await syncFolder(folderDir(folder));
        onChange();
        return true;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return false;
        throw error;
      }
    },
    pathOf: filePath,
    async locate(folder, name) {
      const location = filePath(folder, name);
      return (await regularFile(location)) === undefined ? undefined : location;
    },
    async clearTemporary() {
      const entries = await fsp.readdir(temporaryDir);
      await Promise.all(entries.map((entry) => fsp.rm(path.join(temporaryDir, entry), { force: true, recursive: true })));
    },
  };
}
