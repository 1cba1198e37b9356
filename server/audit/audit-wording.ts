import { DETAILS_FIELD_NAMES, type DetailsField } from '../../src-core/domain/association-details';
import { displayName, folderOfPath } from '../../src-core/domain/files';
import type { Folder } from '../../src-core/domain/stored-file';

// What the audit trail says a thing was, in the words the admin area shows it by: a file by its
// name in its list, an event by its title, a post by its title, a field by its label. Never a
// storage path, a database id or a program's field name.

const FOLDER_NAMES: Readonly<Record<Folder, string>> = {
  root: 'Important Documents',
  events: 'Events',
  newsletters: 'Newsletters',
};

/** "'Membership Form' in Important Documents"; an event by its title when it has one. */
export function fileInWords(fullPath: string, eventTitle?: string): string {
  const folder = folderOfPath(fullPath) ?? 'root';
  const name = eventTitle !== undefined && eventTitle.trim() !== '' ? eventTitle.trim() : displayName(fullPath.split('/').at(-1) ?? fullPath);
  return `'${name}' in ${FOLDER_NAMES[folder]}`;
}

/** "'Summer Outing'", or "'Summer Outing': date, time and place removed". */
export function eventInWords(fileName: string, title: string | undefined, removed: boolean): string {
  const name = title !== undefined && title.trim() !== '' ? title.trim() : displayName(fileName);
  return removed ? `'${name}': date, time and place removed` : `'${name}'`;
}

export function postInWords(title: string): string {
  return `'${title}'`;
}

/** The labels of the association's details that a save changed: 'Phone number, Opening hours'. */
export function changedDetailsInWords(before: object, after: object): string {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changed = (Object.keys(DETAILS_FIELD_NAMES) as DetailsField[]).filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]));
  return changed.length === 0 ? 'nothing changed' : changed.map((field) => DETAILS_FIELD_NAMES[field]).join(', ');
}

/** "member 12: name, e-mail": which fields an edit changed, never their values. */
export function memberChangeInWords(number: number, fields: readonly string[]): string {
  return `member ${number}: ${fields.length === 0 ? 'nothing changed' : fields.join(', ')}`;
}

/** What a look at the member list was filtered by, never the words searched for (they may be a name). */
export function memberFiltersInWords(query: { q?: string; branch?: string; status?: string; renewal?: string; hasEmail?: string; welcomeLetterToPost?: string }): string {
  const filters = [
    query.q !== undefined && query.q.trim() !== '' ? 'a search' : '',
    query.branch === undefined ? '' : 'branch',
    query.status === undefined ? '' : `status ${query.status}`,
    query.renewal === 'due' ? 'renewal due' : '',
    query.hasEmail === undefined ? '' : query.hasEmail === 'true' ? 'with e-mail' : 'without e-mail',
    query.welcomeLetterToPost === 'true' ? 'welcome letters to post' : '',
  ].filter((words) => words !== '');
  return filters.length === 0 ? 'all members' : `filtered by ${filters.join(', ')}`;
}
