/**
 * The last step of `npm run build`. For the hosted backend (VITE_BACKEND=hosted, from the
 * environment or .env), stops when storage.rules and VITE_ADMIN_EMAILS name different
 * administrators (tooling/prerender/storage-rules.ts), then writes the pages that need no data as finished HTML, and the data pages'
 * shells, and 404.html, into dist/client (tooling/prerender/static-pages.ts); the static host rewrites
 * the app's other routes to app-shell.html and responds to every other address with 404.html. It also writes robots.txt and, with VITE_PUBLIC_URL set, sitemap.xml
 * (tooling/prerender/crawler-files.ts) and the pages' canonical addresses and share picture. The self-hosted server renders each page and writes those
 * two files itself: nothing to do.
 *   tsx scripts/prerender.ts [clientDir] [serverBundle]
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from 'vite';
import { publicOriginOf, writeCrawlerFiles } from '../tooling/prerender/crawler-files';
import { prerenderStaticPages } from '../tooling/prerender/static-pages';
import { administratorsDisagree } from '../tooling/prerender/storage-rules';
import { buildTimeAssociation } from '../adapters/hosted/hosted-details-env';

const env = loadEnv('production', process.cwd(), 'VITE_');
if (env.VITE_BACKEND !== 'hosted') {
  console.log('Self-hosted build: the server renders every page, so nothing is prerendered.');
} else {
  const disagreement = administratorsDisagree(fs.readFileSync('storage.rules', 'utf8'), env.VITE_ADMIN_EMAILS ?? '');
  if (disagreement !== null) {
    console.error(disagreement);
    process.exit(1);
  }
  const clientDir = path.resolve(process.argv[2] ?? 'dist/client');
  const rendererFile = path.resolve(process.argv[3] ?? 'dist/server/entry-server.mjs');
  const origin = publicOriginOf(env.VITE_PUBLIC_URL);
  const written = await prerenderStaticPages(clientDir, rendererFile, { association: buildTimeAssociation(env), origin });
  const crawler = writeCrawlerFiles(clientDir, env.VITE_PUBLIC_URL);
  console.log(`Prerendered into ${clientDir}: ${[...written, ...crawler.written].join(', ')}`);
  if (crawler.warning !== undefined) console.warn(`Warning: ${crawler.warning}`);
  if (origin === undefined) {
    console.warn('Warning: the pages name no canonical address and no share picture (a shared link shows words only): set VITE_PUBLIC_URL too.');
  }
}
