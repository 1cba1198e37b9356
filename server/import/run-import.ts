import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Folder } from '../../src-core/domain/stored-file';
import { lockDataDirectory } from '../db/data-directory-lock';
import { openDatabase, type Db } from '../db/database';
import { folderDirectory } from '../files/file-store';
import { createImportsRepository, type ImportSource } from '../repositories/imports.repository';
import { applyImport, type ImportOutcome, type ImportProgress } from './apply-import';
import type { SourceContent } from './import-items';
import { planImport, type ImportPlan, type ImportState } from './import-plan';
import { dryRunReport, outcomeReport } from './import-report';

export interface ImportRequest {
  readonly dataDir: string;
  /** Reads the other site; called once the data directory is known to be free. */
  readonly readSource: () => Promise<SourceContent>;
  /** Reports what would be done and changes nothing. */
  readonly dryRun: boolean;
  readonly now?: Date;
  readonly onProgress?: (progress: ImportProgress) => void;
}

export interface ImportResult {
  /** The report for the terminal. */
  readonly text: string;
  readonly plan: ImportPlan;
  /** Undefined for a dry run. */
  readonly outcome?: ImportOutcome;
}

function stateOf(dataDir: string, db: Db | undefined): ImportState {
  const imports = db === undefined ? undefined : createImportsRepository(db);
  return {
    importedIds: (source: ImportSource) => imports?.importedIds(source) ?? new Set<string>(),
    fileExists: (folder: Folder, name: string) => fs.existsSync(path.join(folderDirectory(dataDir, folder), name)),
  };
}

/**
 * The database as it is, read without changing it (a dry run may run beside the server); undefined
 * when there is none yet, or it was made before imports were kept.
 */
function openForReading(dataDir: string): Db | undefined {
  const file = path.join(dataDir, 'site.db');
  if (!fs.existsSync(file)) return undefined;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'imported_items'").get() === undefined) {
    db.close();
    return undefined;
  }
  return db;
}

async function dryRun(request: ImportRequest): Promise<ImportResult> {
  const source = await request.readSource();
  const db = openForReading(request.dataDir);
  try {
    const plan = planImport(source, stateOf(request.dataDir, db));
    return { text: dryRunReport(plan, request.dataDir), plan };
  } finally {
    db?.close();
  }
}

/**
 * `npm run import`: reads another site and adds what it has to the data directory, all or
 * nothing, once (server/import/apply-import.ts). The real run holds the data directory's lock
 * (server/db/data-directory-lock.ts) throughout, so it refuses to start while the server runs,
 * and the server cannot start while it runs.
 */
export async function runImport(request: ImportRequest): Promise<ImportResult> {
  if (request.dryRun) return dryRun(request);
  const lock = lockDataDirectory(request.dataDir);
  try {
    const source = await request.readSource();
    const { db } = openDatabase(request.dataDir);
    try {
      const plan = planImport(source, stateOf(request.dataDir, db));
      const outcome = await applyImport(plan, { dataDir: request.dataDir, db, now: request.now ?? new Date() }, request.onProgress);
      return { text: outcomeReport(outcome, source.description, request.dataDir), plan, outcome };
    } finally {
      db.close();
    }
  } finally {
    lock.release();
  }
}
