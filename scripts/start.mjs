// `npm start`: builds the site (dist/client, dist/server with which the server renders pages, and
// dist/app, the compiled server) when any is missing or older than its sources, then runs the
// compiled server in this same process so signals reach it directly.
import { bringBuildUpToDate, loadDotEnv, runCompiled } from './server-process.mjs';

loadDotEnv();
// React's server renderer picks its development build unless told otherwise, which renders
// pages at about half the speed; `npm start` is how the site runs in production.
process.env.NODE_ENV ??= 'production';
stopWhenOrphaned();
bringBuildUpToDate({ withSite: true });
await runCompiled('main');

/**
 * npm runs this file through `sh -c`, and the shell does not pass a SIGTERM on: a process manager
 * that stops `npm start` ends npm and the shell, and this process would go on serving and holding
 * the data directory. A new parent (init or a subreaper) is how it learns of that; it then stops
 * as on SIGTERM. Started any other way, the parent never changes.
 */
function stopWhenOrphaned() {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 250);
  watch.unref();
}
