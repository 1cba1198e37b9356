import { expect } from 'vitest';
import { MEMBERSHIP_PATHS, memberImportResultSchema } from '../../../contract/membership';
import { json } from './accounts';
import type { CookieJarFetch } from './cookie-jar';
import type { TestServer } from './test-server';

/** Sends a CSV to the import; the status and the result as answered. */
export async function importCsv(server: TestServer, admin: CookieJarFetch, csv: string, dryRun = false) {
  const response = await admin.fetch(`${server.baseUrl}${MEMBERSHIP_PATHS.membersImport}`, { method: 'POST', ...json({ csv, dryRun }) });
  return { status: response.status, result: memberImportResultSchema.parse(await response.json()) };
}

/** Imports a CSV that must be taken whole. */
export async function imported(server: TestServer, admin: CookieJarFetch, csv: string): Promise<number> {
  const { status, result } = await importCsv(server, admin, csv);
  expect(result.problems).toEqual([]);
  expect(status).toBe(200);
  return result.imported;
}

/** The audit trail's entries so far, oldest first, with their detail. */
export function auditEntries(server: TestServer): { kind: string; detail: string }[] {
  return server.app.db.prepare<[], { kind: string; detail: string }>('SELECT kind, detail FROM audit_entries ORDER BY id').all();
}

/** The mail rows queued so far, oldest first. */
export function queuedMail(server: TestServer): { kind: string; address: string; state: string; member_number: number | null }[] {
  return server.app.db
    .prepare<[], { kind: string; address: string; state: string; member_number: number | null }>('SELECT kind, address, state, member_number FROM mail_queue ORDER BY id')
    .all();
}
