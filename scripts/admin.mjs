// `npm run admin -- <command>`: the account tool (server/cli/admin.ts, compiled), with the same .env as npm start.
import { bringBuildUpToDate, loadDotEnv, runCompiled } from './server-process.mjs';

loadDotEnv();
bringBuildUpToDate({ withSite: false });
await runCompiled('admin');
