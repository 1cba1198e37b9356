import type { Folder } from '../../src-core/domain/stored-file';
import type { ImportOutcome } from './apply-import';
import { labelOf, type ImportItem, type SkippedItem } from './import-items';
import { FOLDER_NAMES, type ImportPlan } from './import-plan';
import { oldAddressKey } from '../repositories/imports.repository';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** '3 posts to News, 2 files to Newsletters and 1 event': what a list of items adds. */
function totals(items: readonly ImportItem[]): string {
  const posts = items.filter((item) => item.kind === 'post').length;
  const inFolder = (folder: Folder) => items.filter((item) => item.kind === 'file' && item.folder === folder).length;
  const parts = [
    posts > 0 ? `${count(posts, 'post', 'posts')} to News` : '',
    inFolder('newsletters') > 0 ? `${count(inFolder('newsletters'), 'file', 'files')} to Newsletters` : '',
    inFolder('root') > 0 ? `${count(inFolder('root'), 'file', 'files')} to Important Documents` : '',
    inFolder('events') > 0 ? count(inFolder('events'), 'event', 'events') : '',
  ].filter((part) => part !== '');
  if (parts.length === 0) return 'nothing';
  return parts.length === 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

function itemLine(item: ImportItem, target?: string): string {
  const where = item.kind === 'post' ? `published ${item.publishedAt.slice(0, 10)}` : item.folder === 'events' ? 'in Events' : `in ${FOLDER_NAMES[item.folder]}`;
  const note = item.kind === 'file' && item.note !== undefined ? `, ${item.note}` : '';
  return `  ${labelOf(item)} (${where}${note})${target === undefined ? '' : ` at ${target}`}`;
}

function skippedLines(skipped: readonly SkippedItem[]): string[] {
  if (skipped.length === 0) return ['Skipped: nothing.'];
  return [`Skipped (${skipped.length}):`, ...skipped.map((item) => `  ${item.label}: ${item.reason}`)];
}

function alreadyLine(alreadyImported: number): string[] {
  return alreadyImported === 0 ? [] : [`Already imported by an earlier run, left as they are: ${alreadyImported}.`];
}

/** What a dry run prints: everything the real run would do, and the rules to check first. */
export function dryRunReport(plan: ImportPlan, dataDir: string): string {
  const addresses = new Set(plan.items.flatMap((item) => item.oldAddresses.map(oldAddressKey)).filter((key) => key !== undefined));
  return [
    `Dry run: nothing was changed. An import of ${plan.source.description} into ${dataDir} would add ${totals(plan.items)}.`,
    ...(addresses.size > 0 ? [`Up to ${count(addresses.size, 'old address', 'old addresses')} would be answered with a 301 to the new ones.`] : []),
    ...(plan.source.rules.length > 0 ? ['Rules to check:', ...plan.source.rules.map((rule) => `  ${rule}`)] : []),
    ...(plan.items.length > 0 ? ['Would import:', ...plan.items.map((item) => itemLine(item))] : []),
    ...skippedLines(plan.skipped),
    ...alreadyLine(plan.alreadyImported),
    'Files are fetched only by the real run: one that cannot be fetched then is skipped and reported.',
  ].join('\n');
}

/** What a real run prints at the end. */
export function outcomeReport(outcome: ImportOutcome, description: string, dataDir: string): string {
  const items = outcome.imported.map(({ item }) => item);
  return [
    `Imported ${totals(items)} from ${description} into ${dataDir}.`,
    ...(outcome.oldAddresses > 0 ? [`${count(outcome.oldAddresses, 'old address is', 'old addresses are')} answered with a 301 to the new ones.`] : []),
    ...(items.length > 0 ? ['Imported:', ...outcome.imported.map(({ item, target }) => itemLine(item, target))] : []),
    ...skippedLines(outcome.skipped),
    ...alreadyLine(outcome.alreadyImported),
    ...(items.length > 0 ? ['Start the server (or restart it) to show them.'] : []),
  ].join('\n');
}
