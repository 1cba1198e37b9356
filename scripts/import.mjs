// `npm run import -- …`: moves another site's content in (server/cli/import.ts, compiled), with the same .env as npm start.
import { bringBuildUpToDate, loadDotEnv, runCompiled } from './server-process.mjs';

loadDotEnv();
bringBuildUpToDate({ withSite: false });
await runCompiled('import');
