import type { FullConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, E2E_ENV } from './support/e2e-env';
import { REPO_ROOT } from '../../tooling/repo-root';
import { addAdministrator, startSite, type SiteServer } from './support/site-server';
import { startMailControl, type MailControl } from './support/mail-control';

/**
 * Real sites as `npm start` runs them, each on a fresh data directory: a main one per worker with
 * the sample content and contact mail going to a real SMTP peer of its own (so the workers' uploads,
 * edits and mail outages never meet), and one empty site (SAMPLE_CONTENT=0, no mail settings) for
 * the "nothing here yet" states, which no test changes. Samples load only into a brand-new data
 * directory, so each site starts first; then the documented admin command, in its scripted form,
 * adds the administrator the tests sign in as. The first main site's data directory has been
 * through a restart by then, as a real site's has.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-e2e-'));
  const sites: SiteServer[] = [];
  const peers: MailControl[] = [];
  const stopAll = async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await Promise.all(peers.map((peer) => peer.close()));
  };

  const common = {
    // The first address gets a generated password at first start (printed once, unused here);
    // the tests' administrator is the second, added with the admin command while the site runs.
    ADMIN_EMAILS: `owner@example.org,${ADMIN.email}`,
    PASSWORD_HASH_COST: '10',
  };
  const main = (smtpPort: number) => ({
    ...common,
    SAMPLE_CONTENT: '1',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    CONTACT_TO: 'committee@example.org',
    MAIL_FROM: 'website@example.org',
    // Short waits between delivery attempts, so a message is delivered soon after the peer returns.
    MAIL_RETRY_SECONDS: '0.2',
    MAIL_MAX_ATTEMPTS: '100',
  });
  const empty = { ...common, SAMPLE_CONTENT: '0' };

  try {
    // npm start exactly, once: it builds when the sources are newer than dist/, and the first start
    // of a new data directory loads the samples. In `npm test` the Vitest run has just built dist/
    // (tests/build/global-setup.ts), so this start finds it up to date and builds nothing.
    // The build it served is then copied aside and every site runs on that copy (CLIENT_DIR,
    // SKIP_BUILD=1), so a rebuild of dist/ by someone working in the same checkout cannot pull the
    // pages from under a running test.
    for (let slot = 0; slot < config.workers; slot += 1) peers.push(await startMailControl());
    const firstData = path.join(workDir, 'main-0-data');
    fs.mkdirSync(firstData);
    const first = await startSite({ dataDir: firstData, env: main(peers[0]?.smtpPort ?? 0), logFile: path.join(workDir, 'main-0-first-start.log') });
    const frozen = path.join(workDir, 'dist');
    fs.cpSync(path.join(REPO_ROOT, 'dist'), frozen, { recursive: true });
    await first.stop();
    const onFrozenBuild = { CLIENT_DIR: path.join(frozen, 'client'), SKIP_BUILD: '1' };

    // The sites start at once: each start is mostly waiting for its own process to load the
    // server and the samples. The administrators are added once all are up.
    const siteEnvs = [...peers.map((peer, slot) => [`main-${slot}`, main(peer.smtpPort)] as const), ['empty', empty] as const].map(([name, env]) => ({
      dataDir: path.join(workDir, `${name}-data`),
      env: { ...env, ...onFrozenBuild },
      logFile: path.join(workDir, `${name}-server.log`),
    }));
    const starts = await Promise.allSettled(
      siteEnvs.map((site) => {
        fs.mkdirSync(site.dataDir, { recursive: true });
        return startSite(site);
      }),
    );
    for (const start of starts) if (start.status === 'fulfilled') sites.push(start.value);
    const failed = starts.find((start): start is PromiseRejectedResult => start.status === 'rejected');
    if (failed !== undefined) throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
    for (const site of siteEnvs) addAdministrator(ADMIN.email, ADMIN.password, { ...site.env, DATA_DIR: site.dataDir });
  } catch (error) {
    await stopAll();
    throw error;
  }

  const emptySite = sites.at(-1);
  process.env[E2E_ENV.siteUrls] = JSON.stringify(sites.slice(0, -1).map((site) => site.url));
  process.env[E2E_ENV.emptySiteUrl] = emptySite?.url;
  process.env[E2E_ENV.mailControlUrls] = JSON.stringify(peers.map((peer) => peer.controlUrl));
  process.env[E2E_ENV.workDir] = workDir;

  return async () => {
    await stopAll();
    if (process.env.E2E_KEEP !== '1') fs.rmSync(workDir, { recursive: true, force: true });
  };
}
