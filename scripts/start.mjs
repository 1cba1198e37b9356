// `npm start`: builds the site (dist/client, and dist/server with which the server renders pages)
// when either is missing or older than its sources, then runs the server (TypeScript, through tsx)
// in this same process so signals reach it directly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT as root, loadDotEnv, runTypeScript } from './server-process.mjs';

loadDotEnv();
// React's server renderer picks its development build unless told otherwise, which renders
// pages at about half the speed; `npm start` is how the site runs in production.
process.env.NODE_ENV ??= 'production';
const builtIndex = path.join(root, 'dist', 'client', 'index.html');
const builtRenderer = path.join(root, 'dist', 'server', 'entry-server.mjs');
const SOURCES = ['index.html', 'vite.config.ts', 'package.json', 'public', 'src', 'src-core', 'adapters', 'contract', 'tooling/vite', 'tooling/site-images'];
// The same two steps as `npm run build`: the browser's bundle, then the server's renderer.
const BUILD_STEPS = [['build'], ['build', '--ssr', 'src/app/entry-server.tsx', '--outDir', 'dist/server']];

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

function needsBuild() {
  if (!fs.existsSync(builtIndex) || !fs.existsSync(builtRenderer)) return true;
  const builtAt = Math.min(fs.statSync(builtIndex).mtimeMs, fs.statSync(builtRenderer).mtimeMs);
  return SOURCES.some((source) => newestChange(path.join(root, source)) > builtAt);
}

if (process.env.SKIP_BUILD !== '1' && needsBuild()) {
  console.log('Building the site (dist/client or dist/server is missing or older than the sources)...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  for (const step of BUILD_STEPS) {
    const result = spawnSync(process.execPath, [vite, ...step], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The site could not be built; see the messages above.');
      process.exit(result.status ?? 1);
    }
  }
}

await runTypeScript('server', 'main.ts');
