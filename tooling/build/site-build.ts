import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOSTED_ENV_VARIABLES, type HostedEnvVariable } from '../../adapters/hosted/hosted-env';

export type BuildName = 'self-hosted' | 'hosted';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/[\\/]$/, '');

/** Placeholders that pass the hosted settings' checks; the bundle is only measured, never run. */
const PLACEHOLDERS: Partial<Record<HostedEnvVariable, string>> = {
  VITE_ADMIN_EMAILS: 'admin@example.org',
  VITE_CMS_URL: 'https://cms.example.org',
  VITE_MAX_UPLOAD_MB: '20',
};

function buildEnvironment(name: BuildName): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.VITE_BACKEND;
  if (name === 'hosted') {
    env.VITE_BACKEND = 'hosted';
    for (const variable of HOSTED_ENV_VARIABLES) env[variable] = PLACEHOLDERS[variable] ?? `bench-${variable.toLowerCase()}`;
  }
  return env;
}

/**
 * Builds one backend's site into `outDir` with a manifest and source maps, so its first loads
 * can be traced to modules. The same command as `npm run build` otherwise.
 */
export function buildSite(name: BuildName, outDir: string): Promise<void> {
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--sourcemap', '--logLevel', 'warn'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: buildEnvironment(name), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`The ${name} build failed (exit ${String(code)}):\n${output}`));
    });
  });
}
