import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newestSourceChange } from '../../scripts/server-process.mjs';
import { HOSTED_ENV_VARIABLES, type HostedEnvVariable } from '../../adapters/hosted/hosted-env';
import { REPO_ROOT } from '../repo-root';

export type BuildName = 'self-hosted' | 'hosted';

/** Placeholders that pass the hosted settings' checks; the bundle is only measured, never run. */
const PLACEHOLDERS: Partial<Record<HostedEnvVariable, string>> = {
  VITE_ADMIN_EMAILS: 'admin@example.org',
  VITE_CMS_URL: 'https://cms.example.org',
  VITE_MAX_UPLOAD_MB: '20',
};

function buildEnvironment(name: BuildName): NodeJS.ProcessEnv {
  // A test runner's NODE_ENV=test would make Vite bundle React's development build, and an empty
  // VITE_BACKEND (not an absent one) outranks a VITE_BACKEND=hosted in a developer's .env.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', VITE_BACKEND: '' };
  if (name === 'hosted') {
    env.VITE_BACKEND = 'hosted';
    for (const variable of HOSTED_ENV_VARIABLES) env[variable] = PLACEHOLDERS[variable] ?? `bench-${variable.toLowerCase()}`;
  }
  return env;
}

/** Runs a command in the project's folder; its output is shown only when it fails. */
function run(what: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (exit ${String(code)}):\n${output}`));
    });
  });
}

/**
 * Builds one backend's site into `outDir` with a manifest and source maps, so its first loads
 * can be traced to modules. The same command as `npm run build` otherwise.
 */
export function buildSite(name: BuildName, outDir: string): Promise<void> {
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--sourcemap', '--logLevel', 'warn'];
  return run(`The ${name} build`, process.execPath, args, buildEnvironment(name));
}

/**
 * `npm run build` for the self-hosted site: the browser's bundle (with its manifest and source
 * maps) in dist/client and the server's renderer in dist/server, where `npm start` finds them up
 * to date and serves them without building again.
 */
export function buildDist(): Promise<void> {
  return run('npm run build', 'npm', ['run', '--silent', 'build'], buildEnvironment('self-hosted'));
}

/** The folder `buildDist` builds into, as `npm start` reads it: `client` and `server` inside. */
export const DIST_DIR = path.join(REPO_ROOT, 'dist');

/** Everything a build is made from: a change to any of these (test files aside) makes it out of date. */
const BUILD_SOURCES = ['index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'public', 'src', 'src-core', 'adapters', 'contract', 'server', 'scripts', 'tooling'];
/** Written into a build's folder once it is complete; its time says which sources it was made from. */
const BUILT_STAMP = '.built-for-tests';

/**
 * Runs `build` unless `outDir` holds a complete build made after the last change to the sources.
 * A test run that follows another on the same checkout (CI runs the server and build tests on two
 * Node versions) then builds nothing the first did not.
 */
export async function buildUnlessUpToDate(outDir: string, build: () => Promise<void>): Promise<void> {
  const stamp = path.join(outDir, BUILT_STAMP);
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs > newestSourceChange(BUILD_SOURCES)) return;
  fs.rmSync(stamp, { force: true });
  await build();
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

/** Where the tests keep the hosted build between runs: no source in the project's folder is newer. */
export const HOSTED_TEST_BUILD_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'rnai-hosted-build');
