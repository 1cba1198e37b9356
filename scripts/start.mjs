// `npm start`: builds the site when dist/client is missing or older than its sources, then runs
// the server (TypeScript, through tsx) in this same process so signals reach it directly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const envFile = path.join(root, '.env');
// Settings may live in .env (see .env.example); variables already in the environment win.
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
const builtIndex = path.join(root, 'dist', 'client', 'index.html');
const SOURCES = ['index.html', 'vite.config.ts', 'package.json', 'public', 'src', 'src-core', 'adapters'];

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
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestChange(path.join(root, source)) > builtAt);
}

if (process.env.SKIP_BUILD !== '1' && needsBuild()) {
  console.log('Building the site (dist/client is missing or older than the sources)...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The site could not be built; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'server', 'main.ts')).href);
