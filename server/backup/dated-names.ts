import fsp from 'node:fs/promises';
import path from 'node:path';
import { isErrorCode } from './backup-error';

/** '2026-11-22T04-10-00Z': the moment in UTC, sortable, and legal in a folder name on every system. */
export function folderStamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '-');
}

function candidates(baseName: string): string[] {
  return [baseName, ...Array.from({ length: 98 }, (_, index) => `${baseName}-${index + 2}`)];
}

/**
 * Renames the finished folder `source` to `baseName` inside `parent`, or to `baseName-2`, `-3`...
 * when that is taken. A rename onto an existing folder is never allowed to replace it: the name
 * is checked first, and a folder that appears in between makes the rename fail (a backup is never
 * empty), so the next name is tried.
 */
export async function renameToFreeName(source: string, parent: string, baseName: string): Promise<string> {
  for (const name of candidates(baseName)) {
    const target = path.join(parent, name);
    const taken = await fsp.lstat(target).then(
      () => true,
      (error: unknown) => !isErrorCode(error, 'ENOENT'),
    );
    if (taken) continue;
    try {
      await fsp.rename(source, target);
      return target;
    } catch (error) {
      if (!isErrorCode(error, 'EEXIST', 'ENOTEMPTY')) throw error;
    }
  }
  throw new Error(`Too many folders named ${baseName} in ${parent}.`);
}

/** Creates a new, empty folder `baseName` (or `baseName-2`...) inside `parent`; never reuses one. */
export async function makeFreshFolder(parent: string, baseName: string): Promise<string> {
  for (const name of candidates(baseName)) {
    const target = path.join(parent, name);
    try {
      await fsp.mkdir(target);
      return target;
    } catch (error) {
      if (!isErrorCode(error, 'EEXIST')) throw error;
    }
  }
  throw new Error(`Too many folders named ${baseName} in ${parent}.`);
}
