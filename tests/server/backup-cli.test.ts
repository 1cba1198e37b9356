import fs from 'node:fs';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { manifestSchema } from '../../server/backup/backup-manifest';
import { folderStamp } from '../../server/backup/dated-names';
import { samplePdf } from '../../server/content/sample-pdf';
import { ADMIN, ADMIN_ENV, addTestAccounts, json, signedIn } from './helpers/accounts';
import { foldersStartingWith, integrityOf, postTitlesIn, runBackupCommand, startBackupCommand } from './helpers/backup-command';
import { startTestServer, temporaryDir } from './helpers/test-server';

function readManifest(backup: string) {
  return manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8')));
}

function writtenFolder(stdout: string): string {
  const folder = /^Backup written to (.+)$/m.exec(stdout)?.[1];
  if (folder === undefined) throw new Error(`No folder in: ${stdout}`);
  return folder;
}

/** A big file that takes no room until it is copied. */
function makeSparseFile(file: string, bytes: number): void {
  fs.writeFileSync(file, '');
  fs.truncateSync(file, bytes);
}

/** A data directory with a database and no server running on it. */
async function dataDirWithPost(title: string): Promise<string> {
  const server = await startTestServer();
  server.app.posts.create({ title, body: 'Body' }, new Date().toISOString());
  await server.close();
  return server.dataDir;
}

test('a backup taken while the server runs and is being written to is consistent and has the posts written before it', async () => {
  const server = await startTestServer({ env: ADMIN_ENV });
  await addTestAccounts(server.app);
  // Few enough, with the paced writes below, that SQLite keeps them all in the WAL and not yet in
  // site.db (it moves them at 1000 pages): a plain copy of site.db would miss them.
  for (let index = 0; index < 50; index += 1) {
    server.app.posts.create({ title: `Archive ${index}`, body: 'Minutes of the meeting. '.repeat(16) }, new Date().toISOString());
  }
  const admin = await signedIn(server.baseUrl, ADMIN);
  const addPost = (title: string) => admin.fetch(`${server.baseUrl}/api/posts`, { method: 'POST', ...json({ title, body: 'Text' }) });
  expect((await addPost('Written before the backup')).status).toBe(201);
  const parent = temporaryDir('backups');
  const writes = { stop: false, during: 0 };
  const writer = (async () => {
    while (!writes.stop) {
      if ((await addPost(`Written during the backup ${writes.during}`)).status === 201) writes.during += 1;
      await setTimeout(25);
    }
  })();

  const result = await runBackupCommand(server.dataDir, [parent]);
  writes.stop = true;
  await writer;

  expect(result.code).toBe(0);
  expect(writes.during).toBeGreaterThan(0);
  const backup = writtenFolder(result.stdout);
  const titles = postTitlesIn(path.join(backup, 'site.db'));
  expect(integrityOf(path.join(backup, 'site.db'))).toBe('ok');
  expect(titles).toContain('Written before the backup');
  expect(titles).toContain('Archive 49');
  expect(readManifest(backup).counts.posts).toBe(titles.length);
  expect(result.stdout).toContain(`database: ${titles.length} posts, 0 contact messages, 2 accounts`);
});

test('the backup holds every stored file byte for byte, and no upload still arriving', async () => {
  const server = await startTestServer();
  const everyByte = Buffer.from(Array.from({ length: 256 * 64 }, (_, index) => index % 256));
  const stored = {
    'Join Form.pdf': samplePdf('Join', ['Form']),
    'events/Summer Outing.pdf': everyByte,
    'newsletters/Spring 2026.pdf': samplePdf('Spring', ['News']),
  };
  for (const [name, bytes] of Object.entries(stored)) fs.writeFileSync(path.join(server.dataDir, 'files', name), bytes);
  fs.writeFileSync(path.join(server.dataDir, 'uploads-in-progress', 'half.pdf'), 'half an upload');
  const parent = temporaryDir('backups');

  const result = await runBackupCommand(server.dataDir, [parent]);

  const backup = writtenFolder(result.stdout);
  expect(result.code).toBe(0);
  for (const [name, bytes] of Object.entries(stored)) expect(fs.readFileSync(path.join(backup, 'files', name))).toEqual(Buffer.from(bytes));
  expect(fs.readdirSync(backup).sort()).toEqual(['files', 'manifest.json', 'site.db']);
  expect(readManifest(backup)).toMatchObject({ counts: { files: 3 }, filesBytes: Object.values(stored).reduce((sum, bytes) => sum + bytes.byteLength, 0) });
  expect(result.stdout).toContain('files:    3 files');
});

test('a backup never overwrites an existing one, even one made in the same second', async () => {
  const dataDir = await dataDirWithPost('Notice');
  const parent = temporaryDir('backups');
  // Folders already named for each of the next seconds, as earlier backups would be.
  const start = Date.now();
  const existing = Array.from({ length: 30 }, (_, second) => `rnai-backup-${folderStamp(new Date(start + second * 1000))}`);
  for (const name of existing) {
    fs.mkdirSync(path.join(parent, name));
    fs.writeFileSync(path.join(parent, name, 'manifest.json'), `earlier backup ${name}`);
  }

  const [first, second] = await Promise.all([runBackupCommand(dataDir, [parent]), runBackupCommand(dataDir, [parent])]);

  expect([first.code, second.code]).toEqual([0, 0]);
  const written = [writtenFolder(first.stdout), writtenFolder(second.stdout)];
  expect(new Set(written).size).toBe(2);
  for (const folder of written) {
    expect(path.basename(folder)).toMatch(/^rnai-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-\d+$/);
    expect(postTitlesIn(path.join(folder, 'site.db'))).toEqual(['Notice']);
  }
  for (const name of existing) {
    expect(fs.readdirSync(path.join(parent, name))).toEqual(['manifest.json']);
    expect(fs.readFileSync(path.join(parent, name, 'manifest.json'), 'utf8')).toBe(`earlier backup ${name}`);
  }
});

test('a backup that runs out of room says so and leaves nothing behind', async () => {
  const dataDir = await dataDirWithPost('Notice');
  // Bigger than the limit below, which the database copy stays well under.
  makeSparseFile(path.join(dataDir, 'files', 'events', 'Large Programme.pdf'), 16 * 1024 * 1024);
  const parent = temporaryDir('backups');

  const result = await runBackupCommand(dataDir, [parent], { fileSizeLimitBlocks: 4096 });

  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`There is no room left in ${parent}`);
  expect(fs.readdirSync(parent)).toEqual([]);
});

test('a backup stopped half way leaves no folder that looks like a finished backup, and it cannot be restored', async () => {
  const dataDir = await dataDirWithPost('Notice');
  // A big file (sparse, so quick to make) keeps the copy going long enough to stop it.
  makeSparseFile(path.join(dataDir, 'files', 'Recording.pdf'), 4 * 1024 * 1024 * 1024);
  const parent = temporaryDir('backups');
  const running = startBackupCommand(dataDir, [parent]);
  await expect
    .poll(() => foldersStartingWith(parent, 'unfinished-').some((name) => fs.existsSync(path.join(parent, name, 'files', 'Recording.pdf'))), {
      timeout: 15_000,
      interval: 10,
    })
    .toBe(true);

  running.child.kill('SIGKILL');
  await running.done;
  const [unfinished] = foldersStartingWith(parent, 'unfinished-');
  const restore = await runBackupCommand(temporaryDir('data'), ['--restore', path.join(parent, unfinished ?? '')]);

  expect(foldersStartingWith(parent, 'rnai-backup-')).toEqual([]);
  expect(fs.existsSync(path.join(parent, unfinished ?? '', 'manifest.json'))).toBe(false);
  expect(restore.code).toBe(1);
  expect(restore.stderr).toContain('is not a complete backup made by npm run backup: it has no manifest.json');
});

test('a missing backup folder or a data directory without a database is refused with a clear message', async () => {
  const dataDir = await dataDirWithPost('Notice');
  const emptyDataDir = temporaryDir('empty');
  const parent = temporaryDir('backups');

  const missing = await runBackupCommand(dataDir, [path.join(parent, 'usb-stick')]);
  const noDatabase = await runBackupCommand(emptyDataDir, [parent]);
  const noFolder = await runBackupCommand(dataDir, []);

  expect(missing).toMatchObject({ code: 1, stderr: `There is no folder ${path.join(parent, 'usb-stick')}. Create it first, or choose another.\n` });
  expect(noDatabase.code).toBe(1);
  expect(noDatabase.stderr).toContain(`There is no site.db in the data directory ${emptyDataDir}`);
  expect(noFolder.code).toBe(2);
  expect(noFolder.stderr).toContain('npm run backup -- FOLDER');
  expect(fs.readdirSync(parent)).toEqual([]);
});
