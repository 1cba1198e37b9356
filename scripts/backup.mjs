// `npm run backup -- …`: the backup and restore tool (server/cli/backup.ts, compiled), with the same .env as npm start.
import { bringBuildUpToDate, loadDotEnv, runCompiled } from './server-process.mjs';

loadDotEnv();
bringBuildUpToDate({ withSite: false });
await runCompiled('backup');
