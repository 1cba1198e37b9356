// What npm start, npm run admin, npm run backup and npm run import share: the project's .env, bringing the build up
// to date, and running one of the compiled server's entries (dist/app, from `npm run build`) in this
// same process, so signals reach it directly and no TypeScript loader is ever in it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Settings may live in .env (see .env.example); variables already in the environment win. */
export function loadDotEnv() {
  const envFile = path.join(ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
}

/** What the server is compiled from; the site (below) adds the browser's side. */
const SERVER_SOURCES = ['package.json', 'server', 'src-core', 'adapters', 'contract', 'tooling/vite/server-build.config.ts'];

/**
 * The parts of `npm run build`, each with what it makes and what it is made from. The server alone
 * is enough for the admin, backup and import commands; `npm start` needs the site too.
 */
const SERVER_BUILD = {
  outputs: ['dist/app/main.js', 'dist/app/admin.js', 'dist/app/backup.js', 'dist/app/import.js', 'dist/app/pdf-text.child.js', 'dist/app/picture-sizes.child.js'],
  sources: SERVER_SOURCES,
  steps: [['build', '--config', 'tooling/vite/server-build.config.ts']],
};
const SITE_BUILD = {
  outputs: ['dist/client/index.html', 'dist/server/entry-server.mjs'],
  sources: ['index.html', 'vite.config.ts', 'package.json', 'public', 'src', 'src-core', 'adapters', 'contract', 'tooling/vite', 'tooling/site-images'],
  // The browser's bundle, then the server's renderer.
  steps: [['build'], ['build', '--ssr', 'src/app/entry-server.tsx', '--outDir', 'dist/server']],
};

function newestChange(entry) {
  let stats;
  try {
    stats = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  return fs
    .readdirSync(entry)
    .filter((name) => !name.endsWith('.test.ts') && !name.endsWith('.test.tsx'))
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

/** When the newest of these files and folders (relative to the project, test files left out) last changed. */
export function newestSourceChange(sources) {
  return Math.max(0, ...sources.map((source) => newestChange(path.join(ROOT, source))));
}

function isStale(part) {
  const outputs = part.outputs.map((output) => path.join(ROOT, output));
  if (!outputs.every((output) => fs.existsSync(output))) return true;
  const builtAt = Math.min(...outputs.map((output) => fs.statSync(output).mtimeMs));
  return newestSourceChange(part.sources) > builtAt;
}

function build(part) {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!fs.existsSync(vite)) {
    console.error(
      'The build (dist/) is missing or older than the sources, and the build tools are not installed ' +
        '(an `npm ci --omit=dev` install). Run `npm ci && npm run build` first, then `npm ci --omit=dev` if you wish.',
    );
    process.exit(1);
  }
  for (const step of part.steps) {
    const result = spawnSync(process.execPath, [vite, ...step], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The site could not be built; see the messages above.');
      process.exit(result.status ?? 1);
    }
  }
}

/** Builds what is missing or older than its sources (never with SKIP_BUILD=1), as `npm run build` would. */
export function bringBuildUpToDate({ withSite }) {
  if (process.env.SKIP_BUILD === '1') return;
  const parts = withSite ? [SITE_BUILD, SERVER_BUILD] : [SERVER_BUILD];
  const stale = parts.filter(isStale);
  if (stale.length === 0) return;
  console.log('Building (dist/ is missing or older than the sources)...');
  stale.forEach(build);
}

/** Runs one of the compiled server's entries: 'main', 'admin', 'backup' or 'import'. */
export async function runCompiled(entry) {
  await import(pathToFileURL(path.join(ROOT, 'dist', 'app', `${entry}.js`)).href);
}
