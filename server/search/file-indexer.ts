/**
 * Keeps the search index's files the same as the files stored: a new or changed file is found
 * by its name at once and by the text inside it once that is read; a removed one is dropped.
 * Runs in the background, one pass at a time, after start-up and after every change.
 */
import fsp from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { eventIdOf, eventPath } from '../../src-core/domain/event-listing';
import { displayName } from '../../src-core/domain/files';
import { FOLDERS, type Folder, type StoredFile } from '../../src-core/domain/stored-file';
import type { FileStore } from '../files/file-store';
import type { FileTextOutcome, IndexedFile, SearchIndex } from './search-index';

/** What reading a file's text gave: its text, or why there is none. */
export interface FileText {
  readonly outcome: Exclude<FileTextOutcome, 'pending'>;
  readonly text: string;
  /** Why a file could not be read, for the log. */
  readonly reason?: string;
}

/** Reads the text inside a PDF at an absolute path; never throws for a bad file. */
export type PdfTextReader = (absolutePath: string) => Promise<FileText>;

export interface FileIndexer {
  /**
   * Brings the index up to date with the stored files. Calls made while a pass runs are
   * handled by one more pass after it, which sees everything they asked for.
   */
  sync(): Promise<void>;
  /** Starts no more reading, and settles once the pass running now has ended. */
  stop(): Promise<void>;
}

export interface FileIndexerOptions {
  readonly files: FileStore;
  readonly index: SearchIndex;
  readonly readPdfText: PdfTextReader;
  readonly log: FastifyBaseLogger;
}

const KIND_OF_FOLDER: Readonly<Record<Folder, IndexedFile['kind']>> = { root: 'document', newsletters: 'newsletter', events: 'event' };

const isPdf = (name: string) => /\.pdf$/i.test(name);

function describe(folder: Folder, file: StoredFile): Omit<IndexedFile, 'outcome' | 'text'> {
  const isEvent = folder === 'events';
  return {
    fullPath: file.fullPath,
    kind: KIND_OF_FOLDER[folder],
    name: file.name,
    title: isEvent ? eventIdOf(file.name) : displayName(file.name),
    // A newsletter or document is the file itself; an event has a page that shows the file.
    href: isEvent ? eventPath(eventIdOf(file.name)) : file.url,
    size: file.size ?? 0,
    modifiedMs: file.updatedAt === undefined ? 0 : Date.parse(file.updatedAt),
  };
}

export function createFileIndexer({ files, index, readPdfText, log }: FileIndexerOptions): FileIndexer {
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  let stopped = false;

  async function readInto(folder: Folder, file: StoredFile, described: Omit<IndexedFile, 'outcome' | 'text'>): Promise<void> {
    const location = await files.locate(folder, file.name);
    if (location === undefined) return;
    const read = await readPdfText(location);
    // Stopped mid-read (the server is closing): the file stays to be read at the next start.
    if (stopped) return;
    // The file may have gone, or been replaced, while it was read: only a file still as it
    // was read is written, and the next pass reads a replaced one again.
    const now = await fsp.lstat(location).catch(() => undefined);
    if (now === undefined || now.size !== file.size || now.mtime.toISOString() !== file.updatedAt) return;
    index.putFile({ ...described, outcome: read.outcome, text: read.text });
    if (read.outcome === 'unreadable') {
      log.warn({ event: 'search-file-unreadable', file: file.fullPath, reason: read.reason }, 'The text inside a file could not be read; it is found by its name only');
    }
  }

  async function pass(): Promise<void> {
    const indexed = index.files();
    const stored = new Set<string>();
    const toRead: Array<{ folder: Folder; file: StoredFile; described: Omit<IndexedFile, 'outcome' | 'text'> }> = [];
    for (const folder of FOLDERS) {
      for (const file of await files.list(folder)) {
        stored.add(file.fullPath);
        const described = describe(folder, file);
        const known = indexed.get(file.fullPath);
        // A file left 'pending' (the server stopped while reading it) is read again.
        const unchanged = known !== undefined && known.size === described.size && known.modifiedMs === described.modifiedMs;
        if (unchanged && known.outcome !== 'pending') continue;
        if (!isPdf(file.name)) {
          index.putFile({ ...described, outcome: 'not-read', text: '' });
          continue;
        }
        // Found by its name while its text is read.
        if (known === undefined) index.putFile({ ...described, outcome: 'pending', text: '' });
        toRead.push({ folder, file, described });
      }
    }
    for (const fullPath of indexed.keys()) if (!stored.has(fullPath)) index.removeFile(fullPath);
    for (const { folder, file, described } of toRead) {
      if (stopped) return;
      await readInto(folder, file, described);
    }
    if (toRead.length > 0) log.info({ event: 'search-files-read', count: toRead.length }, 'Read the text inside new or changed files for search');
  }

  function start(): Promise<void> {
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, 'Files could not be brought into the search index; the next change tries again'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    sync() {
      if (stopped) return Promise.resolve();
      if (running === undefined) return start();
      // One more pass after the running one covers every call made meanwhile.
      again ??= running.then(() => {
        again = undefined;
        return stopped ? undefined : start();
      });
      return again;
    },
    async stop() {
      stopped = true;
      await (again ?? running);
    },
  };
}
