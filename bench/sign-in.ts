import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { API_PATHS, userSchema } from '../contract/wire';
import { REPO_ROOT } from '../tooling/repo-root';

export interface Administrator {
  readonly email: string;
  readonly password: string;
}

export function benchAdministrator(): Administrator {
  return { email: 'bench-admin@example.org', password: randomBytes(18).toString('base64url') };
}

function adminCommand(env: NodeJS.ProcessEnv, args: readonly string[], password: string): Promise<{ code: number | null; output: string }> {
  const script = path.join(REPO_ROOT, 'scripts', 'admin.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args, '--password-stdin'], { cwd: REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(`${password}\n`);
  });
}

/**
 * Gives the administrator a known password with the documented admin command, as a volunteer
 * would, while the server runs: `add`, or `set-password` when the server's first start already
 * made the account for the first address in ADMIN_EMAILS.
 */
export async function addAdministrator(env: NodeJS.ProcessEnv, administrator: Administrator): Promise<void> {
  const added = await adminCommand(env, ['add', administrator.email], administrator.password);
  if (added.code === 0) return;
  if (!added.output.includes('already has an account')) throw new Error(`npm run admin -- add failed: ${added.output}`);
  const changed = await adminCommand(env, ['set-password', administrator.email], administrator.password);
  if (changed.code !== 0) throw new Error(`npm run admin -- set-password failed: ${changed.output}`);
}

/** Signs in through the API and returns the session cookie. */
export async function signIn(origin: string, administrator: Administrator): Promise<string> {
  const response = await fetch(origin + API_PATHS.session, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: administrator.email, password: administrator.password }),
  });
  if (!response.ok) throw new Error(`Signing in as ${administrator.email} failed: ${response.status} ${await response.text()}`);
  const user = userSchema.parse(await response.json());
  if (!user.administrator) throw new Error(`${administrator.email} signed in but is not an administrator.`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  if (cookie === '') throw new Error('Signing in set no cookie.');
  return cookie;
}
