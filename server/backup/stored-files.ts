import fsp from 'node:fs/promises';
import path from 'node:path';
import { isErrorCode } from './backup-error';

export interface StoredFilesListing {
  /** Paths of the regular files under the folder, relative to it, with '/' between parts. */
  readonly files: string[];
  /** Entries that are neither files nor folders (links, devices); the site does not serve them either. */
  readonly skipped: string[];
}

/** Lists every file under `filesDir` (the data directory's files/), depth first, sorted by name. */
export async function listStoredFiles(filesDir: string): Promise<StoredFilesListing> {
  const files: string[] = [];
  const skipped: string[] = [];
  async function walk(relative: string): Promise<void> {
    const entries = await fsp.readdir(path.join(filesDir, relative), { withFileTypes: true }).catch((error: unknown) => {
      // A folder deleted while we look is simply not in this backup.
      if (isErrorCode(error, 'ENOENT')) return [];
      throw error;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) files.push(child);
      else skipped.push(child);
    }
  }
  await walk('');
  return { files, skipped };
}
