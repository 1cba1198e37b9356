// What npm start, npm run admin and npm run backup share: the project's .env, and running one of
// the server's TypeScript modules (through tsx) in this same process, so signals reach it directly.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Settings may live in .env (see .env.example); variables already in the environment win. */
export function loadDotEnv() {
  const envFile = path.join(ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
}

/** Runs a TypeScript module of the project, given by its path from the project's root. */
export async function runTypeScript(...segments) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(ROOT, ...segments)).href);
}
