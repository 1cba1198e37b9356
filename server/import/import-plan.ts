import { allowedKindsFor, kindFromName } from '../../src-core/domain/file-types';
import { sanitiseFileName } from '../../src-core/domain/files';
import type { Folder } from '../../src-core/domain/stored-file';
import { hasErrors, validatePostDraft } from '../../src-core/domain/validation';
import type { ImportSource } from '../repositories/imports.repository';
import { labelOf, type ImportItem, type SkippedItem, type SourceContent } from './import-items';

/** What the data directory already holds, as far as a plan needs to know. */
export interface ImportState {
  importedIds(source: ImportSource): ReadonlySet<string>;
  fileExists(folder: Folder, name: string): boolean;
}

/** The source's content set against the data directory: what would be added, and what not and why. */
export interface ImportPlan {
  readonly source: SourceContent;
  /** Files with the names they will be stored under. */
  readonly items: readonly ImportItem[];
  readonly skipped: readonly SkippedItem[];
  /** How many items were imported by an earlier run and are left as they are. */
  readonly alreadyImported: number;
}

/** How the admin area names each folder. */
export const FOLDER_NAMES: Readonly<Record<Folder, string>> = { root: 'Important Documents', newsletters: 'Newsletters', events: 'Events' };

function problemOf(item: ImportItem, taken: Set<string>, state: ImportState): { problem: string } | { item: ImportItem } {
  if (item.kind === 'post') {
    if (Number.isNaN(Date.parse(item.publishedAt))) return { problem: 'it has no date of publication' };
    const errors = validatePostDraft(item);
    if (hasErrors(errors)) return { problem: `the site would not accept it: ${Object.values(errors).filter(Boolean).join(' ')}` };
    return { item };
  }
  const safe = sanitiseFileName(item.name);
  if (!safe.ok) return { problem: safe.message };
  const kind = kindFromName(safe.name);
  if (kind === null || !allowedKindsFor(item.folder).includes(kind)) return { problem: `${FOLDER_NAMES[item.folder]} takes no file of this kind` };
  const key = `${item.folder}/${safe.name.toLowerCase()}`;
  if (taken.has(key) || state.fileExists(item.folder, safe.name)) {
    return { problem: `a file named '${safe.name}' is already in ${FOLDER_NAMES[item.folder]}` };
  }
  taken.add(key);
  return { item: { ...item, name: safe.name } };
}

/** Decides, without changing anything, what an import of `source` would add; the dry run reports this. */
export function planImport(source: SourceContent, state: ImportState): ImportPlan {
  const items: ImportItem[] = [];
  const skipped: SkippedItem[] = [...source.skipped];
  const taken = new Set<string>();
  let alreadyImported = 0;
  const imported = new Map<ImportSource, ReadonlySet<string>>();
  for (const item of source.items) {
    const ids = imported.get(item.source) ?? state.importedIds(item.source);
    imported.set(item.source, ids);
    if (ids.has(item.sourceId)) {
      alreadyImported += 1;
      continue;
    }
    const checked = problemOf(item, taken, state);
    if ('problem' in checked) skipped.push({ label: labelOf(item), reason: checked.problem });
    else items.push(checked.item);
  }
  return { source, items, skipped, alreadyImported };
}
