import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileDownloadPath } from '../../contract/wire';
import { SIGNATURE_BYTES, acceptedKind } from '../../src-core/domain/file-types';
import { eventIdOf, eventPath } from '../../src-core/domain/event-listing';
import { fullPathFor } from '../../src-core/domain/files';
import { articlePath } from '../../src-core/domain/navigation';
import type { Db } from '../db/database';
import { folderDirectory, syncFolder } from '../files/file-store';
import { createEventDetailsRepository } from '../repositories/event-details.repository';
import { createImportsRepository, oldAddressKey } from '../repositories/imports.repository';
import { createPostsRepository } from '../repositories/posts.repository';
import { FOLDER_NAMES, type ImportPlan } from './import-plan';
import { labelOf, type FileToImport, type ImportItem, type PostToImport, type SkippedItem } from './import-items';

/** Where the files are copied first, inside the data directory, so putting each in place is a link. */
const STAGING = 'import-in-progress';

export interface ImportProgress {
  readonly done: number;
  readonly total: number;
  /** What is being fetched now. */
  readonly label: string;
}

/** One thing imported, with its new address. */
export interface ImportedItem {
  readonly item: ImportItem;
  readonly target: string;
}

export interface ImportOutcome {
  readonly imported: readonly ImportedItem[];
  /** The plan's skipped items and the files that could not be fetched. */
  readonly skipped: readonly SkippedItem[];
  readonly alreadyImported: number;
  readonly oldAddresses: number;
}

interface StagedFile {
  readonly item: FileToImport;
  readonly staged: string;
}

async function writeSynced(file: string, bytes: Uint8Array): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const handle = await fsp.open(file, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Fetches every file into the staging folder; a file that cannot be fetched or is not what its name says is skipped. */
async function stageFiles(files: readonly FileToImport[], staging: string, onProgress: (progress: ImportProgress) => void) {
  const staged: StagedFile[] = [];
  const skipped: SkippedItem[] = [];
  for (const [index, item] of files.entries()) {
    onProgress({ done: index, total: files.length, label: labelOf(item) });
    let bytes: Uint8Array;
    try {
      bytes = await item.read();
    } catch (error) {
      skipped.push({ label: labelOf(item), reason: `it could not be fetched: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    if (acceptedKind(item.folder, item.name, bytes.subarray(0, SIGNATURE_BYTES)) === null) {
      skipped.push({ label: labelOf(item), reason: `what it holds is not the kind of file ${FOLDER_NAMES[item.folder]} takes` });
      continue;
    }
    const file = path.join(staging, item.folder, item.name);
    await writeSynced(file, bytes);
    staged.push({ item, staged: file });
  }
  onProgress({ done: files.length, total: files.length, label: '' });
  return { staged, skipped };
}

function targetOf(file: FileToImport): string {
  return file.folder === 'events' ? eventPath(eventIdOf(file.name)) : fileDownloadPath(fullPathFor(file.folder, file.name));
}

/**
 * Carries out a plan: the files are fetched into a staging folder first, then one SQLite
 * transaction adds the posts, the events' details, the source ids and the old addresses, and
 * links the staged files into place. A failure anywhere leaves the database as it was and takes
 * back any file already linked, so nothing is half imported; a later run starts afresh.
 */
export async function applyImport(
  plan: ImportPlan,
  target: { dataDir: string; db: Db; now: Date },
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportOutcome> {
  const staging = path.join(target.dataDir, STAGING);
  // Only an import that was interrupted leaves this; it holds copies, nothing else.
  await fsp.rm(staging, { recursive: true, force: true });
  try {
    const files = plan.items.filter((item): item is FileToImport => item.kind === 'file');
    const posts = plan.items.filter((item): item is PostToImport => item.kind === 'post');
    const { staged, skipped } = await stageFiles(files, staging, onProgress);
    const repositories = {
      posts: createPostsRepository(target.db),
      details: createEventDetailsRepository(target.db),
      imports: createImportsRepository(target.db),
    };
    const at = target.now.toISOString();
    const linked: string[] = [];
    let oldAddresses = 0;
    const remember = (item: ImportItem, newAddress: string) => {
      repositories.imports.record({ source: item.source, sourceId: item.sourceId, target: newAddress }, at);
      const newKey = oldAddressKey(newAddress);
      for (const key of new Set(item.oldAddresses.map(oldAddressKey))) {
        if (key === undefined || key === newKey) continue;
        if (repositories.imports.addOldAddress(key, newAddress)) oldAddresses += 1;
      }
    };
    let imported: ImportedItem[];
    try {
      imported = target.db.transaction(() => {
        const done: ImportedItem[] = [];
        for (const post of posts) {
          const stored = repositories.posts.create({ title: post.title, body: post.body }, post.publishedAt);
          done.push({ item: post, target: articlePath(stored.id) });
        }
        for (const { item } of staged) {
          if (item.details !== null) repositories.details.save(item.name, item.details, at);
          done.push({ item, target: targetOf(item) });
        }
        done.forEach(({ item, target: newAddress }) => remember(item, newAddress));
        // Last, so a name taken since the plan was made (it fails to link) undoes the whole import.
        for (const { item, staged: file } of staged) {
          const folder = folderDirectory(target.dataDir, item.folder);
          fs.mkdirSync(folder, { recursive: true });
          const final = path.join(folder, item.name);
          fs.linkSync(file, final);
          linked.push(final);
        }
        return done;
      })();
    } catch (error) {
      for (const file of linked) fs.rmSync(file, { force: true });
      throw error;
    }
    for (const folder of new Set(staged.map(({ item }) => folderDirectory(target.dataDir, item.folder)))) await syncFolder(folder);
    return { imported, skipped: [...plan.skipped, ...skipped], alreadyImported: plan.alreadyImported, oldAddresses };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
