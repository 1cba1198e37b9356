/**
 * The member list: 10,000 fictional members imported through the API of the real server (as npm
 * start runs it, on a fresh data directory with the sample branches), then the list's first page,
 * 200 searches and the CSV export of everyone, each through HTTP as the admin area asks.
 */
import { z } from 'zod';
import { MEMBERSHIP_PATHS, branchListSchema, memberImportResultSchema, memberListSchema } from '../contract/membership';
import { startRealServer } from './real-server';
import { markdownTable, megabytes, milliseconds, percentile, seconds } from './report-format';
import { benchAdministrator, signIn } from './sign-in';

const MEMBERS = 10_000;
const LIST_REQUESTS = 100;
const SEARCHES = 200;
const WARM_UP = 200;

export interface MembersResult {
  readonly members: number;
  readonly csvMegabytes: number;
  readonly importMs: number;
  readonly listP50Ms: number;
  readonly listP99Ms: number;
  readonly searches: number;
  readonly searchP50Ms: number;
  readonly searchP99Ms: number;
  readonly searchMaxMs: number;
  readonly exportMs: number;
  readonly exportMegabytes: number;
}

const EIRCODE_KEYS = ['A65', 'D02', 'T12', 'H91', 'V94', 'X91', 'R93', 'N91'];
const STATUSES = ['active', 'active', 'active', 'active', 'active', 'active', 'lapsed', 'resigned', 'deceased'];

/** The association's spreadsheet, made up: 'Member 00001' to 'Member 10000', two in three with e-mail. */
function membersCsv(branches: readonly string[]): string {
  const rows = Array.from({ length: MEMBERS }, (_, index) => {
    const n = index + 1;
    const id = String(n).padStart(5, '0');
    return [
      `Member ${id}`,
      `${n} Main Street`,
      `Townland ${n % 300}`,
      `Co. Place ${n % 26}`,
      `${EIRCODE_KEYS[n % EIRCODE_KEYS.length] ?? 'A65'} ${String(1000 + (n % 9000))}`,
      `087 ${id.slice(0, 2)}${id.slice(2)}`,
      n % 3 === 0 ? '' : `member${id}@example.org`,
      branches[n % branches.length] ?? '',
      STATUSES[n % STATUSES.length] ?? 'active',
      `${String((n % 28) + 1).padStart(2, '0')}/${String((n % 12) + 1).padStart(2, '0')}/${2000 + (n % 25)}`,
      n % 2 === 0 ? '2025-12-31' : '2026-12-31',
    ].join(',');
  });
  return ['Name,Address line 1,Address line 2,Address line 3,Eircode,Mobile,E-mail,Branch,Status,Joined,Paid until', ...rows].join('\r\n');
}

/** Searches as a volunteer types them: names, numbers, e-mail, phone, Eircode, and a word nobody has. */
function searchQueries(): string[] {
  return Array.from({ length: SEARCHES }, (_, n) => {
    const id = String(((n * 7_919) % MEMBERS) + 1).padStart(5, '0');
    switch (n % 6) {
      case 0:
        return `Member ${id}`;
      case 1:
        return String(Number(id));
      case 2:
        return `member${id}@`;
      case 3:
        return `087 ${id}`;
      case 4:
        return `main street`;
      default:
        return 'Zanzibar';
    }
  });
}

async function timed(origin: string, cookie: string, route: string, init: RequestInit = {}): Promise<{ ms: number; body: ArrayBuffer; status: number }> {
  const started = performance.now();
  const response = await fetch(origin + route, { ...init, headers: { cookie, origin, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) } });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route} answered ${response.status}: ${Buffer.from(body).toString('utf8').slice(0, 500)}`);
  return { ms, body, status: response.status };
}

const json = (body: ArrayBuffer) => JSON.parse(Buffer.from(body).toString('utf8')) as unknown;

export async function runMembers(options: { readonly workDir: string; readonly log: (line: string) => void }): Promise<MembersResult> {
  const { log } = options;
  const administrator = benchAdministrator();
  const server = await startRealServer({ workDir: options.workDir, maxUploadMb: 10, administrator, log });
  try {
    const cookie = await signIn(server.origin, administrator);
    const { branches } = branchListSchema.parse(json((await timed(server.origin, cookie, MEMBERSHIP_PATHS.branches)).body));
    const csv = membersCsv(branches.map((branch) => branch.name));

    log(`Importing ${MEMBERS} members (${megabytes(Buffer.byteLength(csv))} of CSV) in one request`);
    const imported = await timed(server.origin, cookie, MEMBERSHIP_PATHS.membersImport, { method: 'POST', body: JSON.stringify({ csv, dryRun: false }) });
    const result = memberImportResultSchema.parse(json(imported.body));
    if (result.imported !== MEMBERS) throw new Error(`The import stored ${result.imported} members, not ${MEMBERS}: ${JSON.stringify(result.problems.slice(0, 3))}`);

    // The code compiled, as on a server that has been up a while: npm start runs V8 without its
    // baseline compiler, so the first hundred or so requests of a path run slower until optimised.
    for (let warm = 0; warm < WARM_UP; warm += 1) {
      await timed(server.origin, cookie, warm % 2 === 0 ? MEMBERSHIP_PATHS.members : `${MEMBERSHIP_PATHS.members}?q=warm${warm}`);
    }
    log(`Asking for the list's first page ${LIST_REQUESTS} times`);
    const listTimes: number[] = [];
    for (let n = 0; n < LIST_REQUESTS; n += 1) {
      const { ms, body } = await timed(server.origin, cookie, MEMBERSHIP_PATHS.members);
      if (n === 0 && memberListSchema.parse(json(body)).total !== MEMBERS) throw new Error('The list does not count every member.');
      listTimes.push(ms);
    }

    log(`Running ${SEARCHES} searches`);
    const searchTimes: number[] = [];
    for (const query of searchQueries()) {
      searchTimes.push((await timed(server.origin, cookie, `${MEMBERSHIP_PATHS.members}?q=${encodeURIComponent(query)}`)).ms);
    }

    log('Exporting every member as CSV');
    const exported = await timed(server.origin, cookie, MEMBERSHIP_PATHS.membersExport);
    const exportLines = Buffer.from(exported.body).toString('utf8').trimEnd().split('\r\n').length;
    z.literal(MEMBERS + 1).parse(exportLines);

    listTimes.sort((a, b) => a - b);
    searchTimes.sort((a, b) => a - b);
    return {
      members: MEMBERS,
      csvMegabytes: Math.round((Buffer.byteLength(csv) / 1_048_576) * 10) / 10,
      importMs: imported.ms,
      listP50Ms: percentile(listTimes, 0.5),
      listP99Ms: percentile(listTimes, 0.99),
      searches: SEARCHES,
      searchP50Ms: percentile(searchTimes, 0.5),
      searchP99Ms: percentile(searchTimes, 0.99),
      searchMaxMs: searchTimes.at(-1) ?? 0,
      exportMs: exported.ms,
      exportMegabytes: Math.round((exported.body.byteLength / 1_048_576) * 10) / 10,
    };
  } finally {
    await server.stop();
  }
}

export function membersTable(result: MembersResult): string {
  return markdownTable(
    ['Members', 'Import (goal < 5 s)', 'List page 1 p50 / p99 (goal < 200 ms)', 'Searches', 'Search p50 / p99 (goal < 50 ms)', 'Slowest search', 'Export of everyone'],
    [
      [
        `${result.members} (${result.csvMegabytes} MB CSV)`,
        seconds(result.importMs),
        `${milliseconds(result.listP50Ms)} / ${milliseconds(result.listP99Ms)}`,
        result.searches,
        `${milliseconds(result.searchP50Ms)} / ${milliseconds(result.searchP99Ms)}`,
        milliseconds(result.searchMaxMs),
        `${seconds(result.exportMs)} (${result.exportMegabytes} MB)`,
      ],
    ],
    [false, true, true, true, true, true, true],
  );
}
