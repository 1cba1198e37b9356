import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, E2E_ENV } from './support/e2e-env';
import { REPO_ROOT } from '../../tooling/repo-root';
import { addAdministrator, startSite, type SiteServer } from './support/site-server';
import { startMailControl } from './support/mail-control';

/**
 * Two real sites as `npm start` runs them, each on a fresh data directory: the main one with the
 * sample content and contact mail going to a real SMTP peer, and an empty one (SAMPLE_CONTENT=0,
 * no mail settings) for the "nothing here yet" states. Samples load only into a brand-new data
 * directory, so each site starts first; then the documented admin command, in its scripted form,
 * adds the administrator the tests sign in as. The main site's data directory has been through a
 * restart by then, as a real site's has.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-e2e-'));
  const smtp = await startMailControl();
  const sites: SiteServer[] = [];

  const common = {
    // The first address gets a generated password at first start (printed once, unused here);
    // the tests' administrator is the second, added with the admin command while the site runs.
    ADMIN_EMAILS: `owner@example.org,${ADMIN.email}`,
    PASSWORD_HASH_COST: '10',
  };
  const main = {
    ...common,
    SAMPLE_CONTENT: '1',
    SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
    CONTACT_TO: 'committee@example.org',
    MAIL_FROM: 'website@example.org',
    // Short waits between delivery attempts, so a message is delivered soon after the peer returns.
    MAIL_RETRY_SECONDS: '0.2',
    MAIL_MAX_ATTEMPTS: '100',
  };
  const empty = { ...common, SAMPLE_CONTENT: '0' };

  try {
    // npm start exactly, once: it builds when the sources are newer than dist/, and the first start
    // of a new data directory loads the samples. In `npm test` the Vitest run has just built dist/
    // (tests/build/global-setup.ts), so this start finds it up to date and builds nothing.
    // The build it served is then copied aside and both sites run on that copy (CLIENT_DIR,
    // SKIP_BUILD=1), so a rebuild of dist/ by someone working in the same checkout cannot pull the
    // pages from under a running test.
    const mainData = path.join(workDir, 'main-data');
    fs.mkdirSync(mainData);
    const first = await startSite({ dataDir: mainData, env: main, logFile: path.join(workDir, 'main-first-start.log') });
    const frozen = path.join(workDir, 'dist');
    fs.cpSync(path.join(REPO_ROOT, 'dist'), frozen, { recursive: true });
    await first.stop();
    const onFrozenBuild = { CLIENT_DIR: path.join(frozen, 'client'), SKIP_BUILD: '1' };

    for (const [name, env] of [['main', main], ['empty', empty]] as const) {
      const dataDir = path.join(workDir, `${name}-data`);
      fs.mkdirSync(dataDir, { recursive: true });
      const siteEnv = { ...env, ...onFrozenBuild };
      sites.push(await startSite({ dataDir, env: siteEnv, logFile: path.join(workDir, `${name}-server.log`) }));
      addAdministrator(ADMIN.email, ADMIN.password, { ...siteEnv, DATA_DIR: dataDir });
    }
  } catch (error) {
    await Promise.all(sites.map((site) => site.stop()));
    await smtp.close();
    throw error;
  }

  const [mainSite, emptySite] = sites;
  process.env[E2E_ENV.siteUrl] = mainSite?.url;
  process.env[E2E_ENV.emptySiteUrl] = emptySite?.url;
  process.env[E2E_ENV.mailControlUrl] = smtp.controlUrl;
  process.env[E2E_ENV.workDir] = workDir;

  return async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await smtp.close();
    if (process.env.E2E_KEEP !== '1') fs.rmSync(workDir, { recursive: true, force: true });
  };
}
