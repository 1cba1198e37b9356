import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT as root } from '../../tooling/repo-root';
import { json } from './helpers/accounts';
import { startTestServer, temporaryDir } from './helpers/test-server';

interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function admin(dataDir: string, args: string[], input = '', env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli/admin.ts'), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PASSWORD_HASH_COST: '10', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

async function canSignIn(dataDir: string, email: string, password: string, env: Record<string, string> = {}) {
  const server = await startTestServer({ dataDir, env });
  const response = await fetch(`${server.baseUrl}/api/session`, { method: 'POST', ...json({ email, password }) });
  const body: unknown = await response.json();
  await server.close();
  return { status: response.status, body };
}

test('add creates an account from a piped password, and it signs in as an administrator', async () => {
  const dataDir = temporaryDir('cli');
  const env = { ADMIN_EMAILS: 'chair@example.org' };

  const result = await admin(dataDir, ['add', 'Chair@Example.org', '--password-stdin'], 'a long enough password\n', env);

  expect(result).toMatchObject({ code: 0, stdout: 'Added an account for chair@example.org. It is an administrator.\n' });
  expect(await canSignIn(dataDir, 'chair@example.org', 'a long enough password', env)).toEqual({
    status: 200,
    body: { email: 'chair@example.org', administrator: true, role: 'administrator' },
  });
});

test('set-password replaces the password; the old one stops working', async () => {
  const dataDir = temporaryDir('cli');
  await admin(dataDir, ['add', 'chair@example.org', '--password-stdin'], 'the first password\n');

  const result = await admin(dataDir, ['set-password', 'chair@example.org', '--password-stdin'], 'the second password\n');

  expect(result.code).toBe(0);
  expect((await canSignIn(dataDir, 'chair@example.org', 'the first password')).status).toBe(401);
  expect((await canSignIn(dataDir, 'chair@example.org', 'the second password')).status).toBe(200);
});

test('a password outside the policy, a second add, or a reset for nobody changes nothing and says why', async () => {
  const dataDir = temporaryDir('cli');
  await admin(dataDir, ['add', 'chair@example.org', '--password-stdin'], 'the first password\n');

  const short = await admin(dataDir, ['set-password', 'chair@example.org', '--password-stdin'], 'too short\n');
  const twice = await admin(dataDir, ['add', 'chair@example.org', '--password-stdin'], 'another long password\n');
  const nobody = await admin(dataDir, ['set-password', 'nobody@example.org', '--password-stdin'], 'another long password\n');

  expect(short).toMatchObject({ code: 2, stderr: 'Please choose a password of at least 12 characters. Nothing was changed.\n' });
  expect(twice.code).toBe(2);
  expect(twice.stderr).toContain('already has an account');
  expect(nobody.code).toBe(2);
  expect(nobody.stderr).toContain('has no account');
  expect((await canSignIn(dataDir, 'chair@example.org', 'the first password')).status).toBe(200);
});

test('without a terminal and without --password-stdin it refuses instead of hanging', async () => {
  const dataDir = temporaryDir('cli');

  const result = await admin(dataDir, ['add', 'chair@example.org']);

  expect(result.code).toBe(2);
  expect(result.stderr).toContain('--password-stdin');
});

test('list shows the accounts with their roles (add makes an administrator); an unknown command shows the usage', async () => {
  const dataDir = temporaryDir('cli');
  await admin(dataDir, ['add', 'chair@example.org', '--password-stdin'], 'a long enough password\n');
  await admin(dataDir, ['add', 'member@example.org', '--password-stdin'], 'a long enough password\n');

  const list = await admin(dataDir, ['list'], '', { ADMIN_EMAILS: 'chair@example.org' });
  const unknown = await admin(dataDir, ['frobnicate']);

  expect(list.stdout).toBe('chair@example.org  (administrator)\nmember@example.org  (administrator)\n');
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('Usage: npm run admin -- <command>');
});

test('on a new data directory with ADMIN_EMAILS set, a random first password is printed once and works', async () => {
  const dataDir = temporaryDir('first');
  const announced: string[] = [];
  const env = { ADMIN_EMAILS: 'chair@example.org, secretary@example.org' };

  const first = await startTestServer({ dataDir, env, announce: (text) => announced.push(text) });
  await first.close();
  const second = await startTestServer({ dataDir, env, announce: (text) => announced.push(text) });
  await second.close();
  const password = /Password: (\S+)/.exec(announced[0] ?? '')?.[1] ?? '';

  expect(announced).toHaveLength(1);
  expect(announced[0]).toContain('E-mail:   chair@example.org');
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  expect(await canSignIn(dataDir, 'chair@example.org', password, env)).toEqual({
    status: 200,
    body: { email: 'chair@example.org', administrator: true, role: 'administrator' },
  });
});

test('without ADMIN_EMAILS no account is made and nothing is printed', async () => {
  const announced: string[] = [];

  const server = await startTestServer({ announce: (text) => announced.push(text) });

  expect(announced).toEqual([]);
  expect(server.app.accounts.count()).toBe(0);
});

test('make-administrator brings a suspended editor back as an active administrator, and list says so', async () => {
  const dataDir = temporaryDir('cli');
  const server = await startTestServer({ dataDir });
  server.app.accounts.save('helper@example.org', await server.app.hasher.hash('a long enough password'), new Date().toISOString(), 'editor');
  server.app.accounts.setSuspended('helper@example.org', Date.now(), new Date().toISOString());
  await server.close();
  expect((await admin(dataDir, ['list'])).stdout).toBe('helper@example.org  (editor, suspended)\n');

  const result = await admin(dataDir, ['make-administrator', 'helper@example.org']);

  expect(result).toMatchObject({ code: 0, stdout: 'helper@example.org is an active administrator now.\n' });
  expect(await canSignIn(dataDir, 'helper@example.org', 'a long enough password')).toEqual({
    status: 200,
    body: { email: 'helper@example.org', administrator: true, role: 'administrator' },
  });
});

test('list names a branch officer\'s branch; make-administrator makes one an administrator of every branch', async () => {
  const dataDir = temporaryDir('cli');
  const server = await startTestServer({ dataDir });
  const branch = server.app.branches.add('North Branch');
  if (branch === 'taken') throw new Error('The branch was not added.');
  server.app.accounts.save('officer@example.org', await server.app.hasher.hash('a long enough password'), new Date().toISOString(), 'branch-officer', Number(branch.id));
  await server.close();
  expect((await admin(dataDir, ['list'])).stdout).toBe('officer@example.org  (branch officer of North Branch)\n');

  expect(await admin(dataDir, ['make-administrator', 'officer@example.org'])).toMatchObject({ code: 0 });

  expect((await admin(dataDir, ['list'])).stdout).toBe('officer@example.org  (administrator)\n');
  expect(await canSignIn(dataDir, 'officer@example.org', 'a long enough password')).toEqual({
    status: 200,
    body: { email: 'officer@example.org', administrator: true, role: 'administrator' },
  });
});
