// `npm run backup -- …`: the backup and restore tool in server/cli/backup.ts, with the same .env as npm start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const envFile = path.join(root, '.env');
// Variables already in the environment win over the file.
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'server', 'cli', 'backup.ts')).href);
