// `npm run backup -- …`: the backup and restore tool in server/cli/backup.ts, with the same .env as npm start.
import { loadDotEnv, runTypeScript } from './server-process.mjs';

loadDotEnv();
await runTypeScript('server', 'cli', 'backup.ts');
