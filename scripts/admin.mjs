// `npm run admin -- <command>`: the account tool in server/cli/admin.ts, with the same .env as npm start.
import { loadDotEnv, runTypeScript } from './server-process.mjs';

loadDotEnv();
await runTypeScript('server', 'cli', 'admin.ts');
