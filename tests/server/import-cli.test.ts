import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from '../../tooling/repo-root';
import type { CommandResult } from './helpers/backup-command';
import { startTestServer, temporaryDir } from './helpers/test-server';
import { wordPressExport } from './helpers/wordpress-export';

/** `npm run import -- ...args` as its own process on `dataDir`, as a volunteer would run it. */
function runImportCommand(dataDir: string, args: string[]): Promise<CommandResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/cli/import.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('npm run import refuses while the server runs, then a dry run reports and a real run imports, with progress and a summary', async () => {
  const file = path.join(temporaryDir('wordpress'), 'export.xml');
  fs.writeFileSync(
    file,
    wordPressExport([
      { id: 1, type: 'post', title: 'Branch news', slug: '2020/01/branch-news', content: '<p>The Cork branch meets monthly.</p>' },
      { id: 2, type: 'post', title: 'Unfinished', status: 'draft' },
      { id: 3, type: 'tribe_events', title: 'Spring Walk', slug: 'event/spring-walk', meta: { _EventStartDate: '2026-04-18 00:00:00', _EventAllDay: 'yes' } },
    ]),
  );
  const server = await startTestServer();

  const refused = await runImportCommand(server.dataDir, ['--from', 'wordpress', file]);
  await server.close();
  const wrong = await runImportCommand(server.dataDir, ['--from', 'blogger', file]);
  const dry = await runImportCommand(server.dataDir, ['--from', 'wordpress', file, '--dry-run']);
  const eventsAfterDryRun = fs.readdirSync(path.join(server.dataDir, 'files', 'events'));
  const real = await runImportCommand(server.dataDir, ['--from', 'wordpress', file]);

  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`The data directory ${server.dataDir} is in use by another running server.`);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain('npm run import -- --from wordpress FILE.xml [--dry-run]');
  expect(dry.code).toBe(0);
  expect(dry.stdout).toContain(`Dry run: nothing was changed. An import of the WordPress export export.xml into ${server.dataDir} would add 1 post to News and 1 event.`);
  expect(eventsAfterDryRun).toEqual([]);
  expect(real).toMatchObject({ code: 0, stderr: "Fetching file 1 of 1: event 'Spring Walk.pdf'\nFetched 1 of 1 files.\n" });
  expect(real.stdout).toContain(`Imported 1 post to News and 1 event from the WordPress export export.xml into ${server.dataDir}.`);
  expect(real.stdout).toContain("  post 'Unfinished': a draft, never published");
  expect(fs.readdirSync(path.join(server.dataDir, 'files', 'events'))).toEqual(['Spring Walk.pdf']);
});
