import { INDEXED_PAGE_PATHS } from '../../src-core/domain/navigation';
import type { Db } from '../db/database';

/** Where an imported item came from: the hosted backend's two services, or a WordPress export. */
export type ImportSource = 'contentful' | 'firebase-storage' | 'wordpress';

/** What `npm run import` keeps so that running it again adds nothing twice (server/import/). */
export interface ImportsRepository {
  /** The source ids of everything imported from `source` before. */
  importedIds(source: ImportSource): Set<string>;
  /** The old addresses already answered with 301. */
  oldAddresses(): Map<string, string>;
  record(item: { source: ImportSource; sourceId: string; target: string }, at: string): void;
  /** Answers `path` with a 301 to `target` from the next server start; false when it already answers with another. */
  addOldAddress(path: string, target: string): boolean;
}

export function createImportsRepository(db: Db): ImportsRepository {
  const ids = db.prepare<[string], string>('SELECT source_id FROM imported_items WHERE source = ?').pluck();
  const addresses = db.prepare<[], { path: string; target: string }>('SELECT path, target FROM old_addresses');
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT INTO imported_items (source, source_id, target, imported_at) VALUES (?, ?, ?, ?)',
  );
  const insertAddress = db.prepare<[string, string]>('INSERT INTO old_addresses (path, target) VALUES (?, ?) ON CONFLICT (path) DO NOTHING');
  return {
    importedIds: (source) => new Set(ids.all(source)),
    oldAddresses: () => new Map(addresses.all().map((row) => [row.path, row.target])),
    record: (item, at) => {
      insert.run(item.source, item.sourceId, item.target, at);
    },
    addOldAddress: (path, target) => insertAddress.run(path, target).changes > 0,
  };
}

/** Addresses this site serves itself, which an old site's address must never take over. */
const OWN_ADDRESS = /^\/(?:api|files|assets|admin)(?:\/|$)/;

/**
 * The key an old address is kept and looked up by: its path, decoded, without a trailing
 * slash ('/2019/05/spring-lunch'); undefined for the home page, one of this site's own pages or
 * folders, or an address that is not one. The host is left out, so the old site's links answer
 * wherever this site now lives.
 */
export function oldAddressKey(address: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(address, 'http://site.invalid').pathname);
  } catch {
    return undefined;
  }
  const key = pathname.replace(/\/+$/, '');
  return key === '' || INDEXED_PAGE_PATHS.includes(key) || OWN_ADDRESS.test(key) ? undefined : key;
}
