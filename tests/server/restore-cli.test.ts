import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { fileListSchema, postListSchema } from '../../contract/wire';
import { manifestSchema } from '../../server/backup/backup-manifest';
import { samplePdf } from '../../server/content/sample-pdf';
import { foldersStartingWith, postTitlesIn, runBackupCommand } from './helpers/backup-command';
import { startServerProcess } from './helpers/server-process';
import { startTestServer, temporaryDir } from './helpers/test-server';

const OUTING = samplePdf('Summer outing', ['Bus leaves at ten']);
const NEWSLETTER = samplePdf('Autumn newsletter', ['Written after the backup']);

/** A backup of a site with one post and one event file, taken while its server runs. */
async function backupOfSite(): Promise<string> {
  const site = await startTestServer();
  site.app.posts.create({ title: 'Annual General Meeting', body: 'In the hall' }, new Date().toISOString());
  fs.writeFileSync(path.join(site.dataDir, 'files', 'events', 'Summer Outing.pdf'), OUTING);
  const parent = temporaryDir('backups');
  const result = await runBackupCommand(site.dataDir, [parent]);
  await site.close();
  if (result.code !== 0) throw new Error(result.stderr);
  return path.join(parent, foldersStartingWith(parent, 'rnai-backup-')[0] ?? '');
}

/** A data directory whose site has moved on since: another post and another file, server stopped. */
async function siteThatMovedOn(): Promise<string> {
  const site = await startTestServer();
  site.app.posts.create({ title: 'Written after the backup', body: 'Text' }, new Date().toISOString());
  fs.writeFileSync(path.join(site.dataDir, 'files', 'newsletters', 'Autumn.pdf'), NEWSLETTER);
  await site.close();
  return site.dataDir;
}

async function postTitles(baseUrl: string): Promise<string[]> {
  return postListSchema.parse(await (await fetch(`${baseUrl}/api/posts`)).json()).posts.map((post) => post.title);
}

async function fileNames(baseUrl: string, folder: string): Promise<string[]> {
  return fileListSchema.parse(await (await fetch(`${baseUrl}/api/files?folder=${folder}`)).json()).files.map((file) => file.name);
}

test('after a restore the server shows the backed-up posts and files, and what was there before is kept aside', async () => {
  const backup = await backupOfSite();
  const dataDir = await siteThatMovedOn();

  const result = await runBackupCommand(dataDir, ['--restore', backup]);
  const server = await startTestServer({ dataDir });

  expect(result.code).toBe(0);
  expect(result.stdout).toContain('database: 1 post, 0 contact messages, 0 accounts');
  expect(await postTitles(server.baseUrl)).toEqual(['Annual General Meeting']);
  expect(await fileNames(server.baseUrl, 'events')).toEqual(['Summer Outing.pdf']);
  expect(await fileNames(server.baseUrl, 'newsletters')).toEqual([]);
  const download = await fetch(`${server.baseUrl}/files/events/Summer%20Outing.pdf`);
  expect(Buffer.from(await download.arrayBuffer())).toEqual(Buffer.from(OUTING));
  const [aside] = foldersStartingWith(dataDir, 'before-restore-');
  expect(result.stdout).toContain(`What was there before is kept in ${path.join(dataDir, aside ?? '')}`);
  expect(postTitlesIn(path.join(dataDir, aside ?? '', 'site.db'))).toEqual(['Written after the backup']);
  expect(fs.readFileSync(path.join(dataDir, aside ?? '', 'files', 'newsletters', 'Autumn.pdf'))).toEqual(Buffer.from(NEWSLETTER));
});

test('a restore into a new data directory gives a site that starts with the backup', async () => {
  const backup = await backupOfSite();
  const dataDir = path.join(temporaryDir('new-server'), 'data');

  const result = await runBackupCommand(dataDir, ['--restore', backup]);
  const server = await startServerProcess({ DATA_DIR: dataDir, CLIENT_DIR: temporaryDir('client') });

  expect(result.code).toBe(0);
  expect(result.stdout).toContain('There was no data there before.');
  expect(await postTitles(server.baseUrl)).toEqual(['Annual General Meeting']);
  expect(await fileNames(server.baseUrl, 'events')).toEqual(['Summer Outing.pdf']);
});

test('a restore is refused while the server runs on the data directory, and changes nothing', async () => {
  const backup = await backupOfSite();
  const dataDir = await siteThatMovedOn();
  const server = await startServerProcess({ DATA_DIR: dataDir, CLIENT_DIR: temporaryDir('client') });

  const result = await runBackupCommand(dataDir, ['--restore', backup]);

  expect(result.code).toBe(1);
  expect(result.stderr).toContain('is in use: the server (or a backup) is running on it. Stop the server, then restore. Nothing was changed.');
  expect(foldersStartingWith(dataDir, 'before-restore-')).toEqual([]);
  expect(foldersStartingWith(dataDir, 'restore-in-progress')).toEqual([]);
  expect(await postTitles(server.baseUrl)).toEqual(['Written after the backup']);
});

test('a folder without a valid manifest, or a backup whose files changed since, is refused and changes nothing', async () => {
  const backup = await backupOfSite();
  const dataDir = await siteThatMovedOn();
  const noManifest = temporaryDir('not-a-backup');
  fs.cpSync(backup, noManifest, { recursive: true });
  fs.rmSync(path.join(noManifest, 'manifest.json'));
  const brokenManifest = temporaryDir('broken');
  fs.cpSync(backup, brokenManifest, { recursive: true });
  fs.writeFileSync(path.join(brokenManifest, 'manifest.json'), '{"format": "rnai-website-backup", "files": [');
  const alteredFile = temporaryDir('altered');
  fs.cpSync(backup, alteredFile, { recursive: true });
  fs.appendFileSync(path.join(alteredFile, 'files', 'events', 'Summer Outing.pdf'), 'x');

  const results = {
    noManifest: await runBackupCommand(dataDir, ['--restore', noManifest]),
    brokenManifest: await runBackupCommand(dataDir, ['--restore', brokenManifest]),
    alteredFile: await runBackupCommand(dataDir, ['--restore', alteredFile]),
  };

  expect(results.noManifest).toMatchObject({ code: 1, stderr: `${noManifest} is not a complete backup made by npm run backup: it has no manifest.json. Nothing was changed.\n` });
  expect(results.brokenManifest).toMatchObject({ code: 1, stderr: `${brokenManifest} is not a complete backup made by npm run backup: its manifest.json cannot be read. Nothing was changed.\n` });
  expect(results.alteredFile).toMatchObject({
    code: 1,
    stderr: 'The backup is damaged: files/events/Summer Outing.pdf is not the file the backup copied. Nothing was changed; try another backup.\n',
  });
  expect(foldersStartingWith(dataDir, 'before-restore-')).toEqual([]);
  expect(foldersStartingWith(dataDir, 'restore-in-progress')).toEqual([]);
  expect(postTitlesIn(path.join(dataDir, 'site.db'))).toEqual(['Written after the backup']);
  expect(fs.readFileSync(path.join(dataDir, 'files', 'newsletters', 'Autumn.pdf'))).toEqual(Buffer.from(NEWSLETTER));
});

test('a backup made by a newer version of the website is refused, since this version could not read it', async () => {
  const backup = await backupOfSite();
  const dataDir = await siteThatMovedOn();
  const db = new Database(path.join(backup, 'site.db'));
  db.pragma('user_version = 99');
  db.close();
  const manifestFile = path.join(backup, 'manifest.json');
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  const database = fs.readFileSync(path.join(backup, 'site.db'));
  const newer = { ...manifest, schemaVersion: 99, database: { bytes: database.byteLength, sha256: createHash('sha256').update(database).digest('hex') } };
  fs.writeFileSync(manifestFile, JSON.stringify(newer));

  const result = await runBackupCommand(dataDir, ['--restore', backup]);

  expect(result).toMatchObject({
    code: 1,
    stderr: 'The backup was made by a newer version of this website. Update this copy of the website first. Nothing was changed.\n',
  });
  expect(postTitlesIn(path.join(dataDir, 'site.db'))).toEqual(['Written after the backup']);
});
