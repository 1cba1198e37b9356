// `npm start`: builds the site (dist/client, dist/server with which the server renders pages, and
// dist/app, the compiled server) when any is missing or older than its sources, then runs the
// compiled server in this same process so signals reach it directly.
import { bringBuildUpToDate, loadDotEnv, runCompiled } from './server-process.mjs';

loadDotEnv();
// React's server renderer picks its development build unless told otherwise, which renders
// pages at about half the speed; `npm start` is how the site runs in production.
process.env.NODE_ENV ??= 'production';
bringBuildUpToDate({ withSite: true });
await runCompiled('main');
