import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EntryServer from '../../src/app/entry-server';
import { HOSTED_PRIVACY } from '../../adapters/hosted/hosted-privacy';
import type { Backend } from '../../src-core/ports/backend';
import type { AssociationPort } from '../../src-core/ports/association.port';
import { CoreError } from '../../src-core/domain/core-error';
import { SEARCHES_FILE_NAMES } from '../../src-core/domain/search';
import { createPageTemplate } from '../../server/render/page-template';
import { readStylesheets } from '../../server/render/stylesheets';

/** Pages a static host serves as files, rendered at build time: they need no data. */
const STATIC_PAGES = ['/', '/about', '/links', '/privacy-policy', '/disclaimer', '/accessibility'] as const;

/**
 * Pages whose data a static host cannot load at build time: their shell (header, menu,
 * heading, the list's loading state and footer) is rendered, and the list loads in the browser.
 */
const SHELL_PAGES = ['/news', '/documents', '/events', '/contact'] as const;

/**
 * The plain app page for the app's other routes (an article, an event, the search, the admin area,
 * the display settings, whose form shows the reader's own choice and so cannot be one file for
 * everyone): the host rewrites those to this file (firebase.json), and the browser renders them by itself.
 */
export const APP_SHELL_FILE = 'app-shell.html';

/**
 * The page for every address that is none of the app's: Firebase Hosting answers those with this
 * file and status 404 (firebase.json rewrites only the app's own routes to the shell), so a feed
 * reader or calendar pointed at a self-hosted address gets a refusal, not a page that says 200.
 */
export const NOT_FOUND_FILE = '404.html';

/** Any address no route has: the app renders its not-found page for it. */
const NOT_FOUND_ADDRESS = '/404';

/** Asks search engines to leave a page out. */
const NOINDEX = '<meta name="robots" content="noindex" />';

type Renderer = Pick<typeof EntryServer, 'renderPage' | 'ROUTE_DATA_ELEMENT_ID'>;

function isRenderer(value: unknown): value is Renderer {
  if (typeof value !== 'object' || value === null) return false;
  const module = value as Record<string, unknown>;
  return typeof module.renderPage === 'function' && typeof module.ROUTE_DATA_ELEMENT_ID === 'string';
}

const BUILD_TIME = 'Nothing is loaded while the site is built; the page loads its data in the browser.';

/**
 * A backend that refuses everything: a prerendered page must not need one. Only the hosted
 * build is prerendered, so its privacy facts are the hosted backend's.
 */
function noBackend(association: AssociationPort | undefined): Backend {
  const refuse = () => Promise.reject(new CoreError('unavailable', BUILD_TIME));
  return {
    privacy: HOSTED_PRIVACY,
    content: { listPosts: refuse, getPost: refuse },
    storage: {
      capabilities: { pauseResume: false },
      listFiles: refuse,
      getMaxUploadBytes: refuse,
      getFreeSpace: refuse,
      upload: () => {
        const result = refuse();
        result.catch(() => undefined);
        return { result, cancel: () => undefined };
      },
      deleteFile: refuse,
    },
    events: { listEvents: refuse, saveDetails: refuse },
    auth: { signIn: refuse, completeSecondStep: refuse, signOut: refuse, observeUser: () => () => undefined },
    mail: { sendContactMessage: refuse },
    association: association ?? { getDetails: refuse },
    search: { coverage: SEARCHES_FILE_NAMES, search: refuse },
  };
}

/** '/' is index.html; '/about' is about.html, which static hosts serve at /about. */
function fileForPage(page: string): string {
  return page === '/' ? 'index.html' : `${page.slice(1)}.html`;
}

/**
 * Writes the prerendered pages into a built client directory, next to the plain app page the
 * host falls back to. The module script and styles of the build stay as they are.
 */
export interface PrerenderOptions {
  /** The association's details when the build holds them (hosted-details-env.ts), so every page's footer shows them at once. */
  readonly association?: AssociationPort;
  /**
   * VITE_PUBLIC_URL's origin, for the whole addresses in each page's head (its canonical address,
   * the share picture); without it those tags are left out rather than written wrong.
   */
  readonly origin?: string;
}

export async function prerenderStaticPages(clientDir: string, rendererFile: string, { association, origin }: PrerenderOptions = {}): Promise<string[]> {
  const loaded: unknown = await import(pathToFileURL(rendererFile).href);
  if (!isRenderer(loaded)) throw new Error(`${rendererFile} is not the site's server bundle.`);
  const indexFile = path.join(clientDir, 'index.html');
  // Run twice, the build's own index.html has already been moved aside.
  const shellFile = path.join(clientDir, APP_SHELL_FILE);
  const indexHtml = fs.existsSync(shellFile) ? fs.readFileSync(shellFile, 'utf8') : fs.readFileSync(indexFile, 'utf8');
  const template = createPageTemplate(indexHtml, { inlineStyles: readStylesheets(indexHtml, clientDir) });
  fs.writeFileSync(shellFile, template.shell);

  const written: string[] = [APP_SHELL_FILE];
  const backend = noBackend(association);
  for (const page of [...STATIC_PAGES, ...SHELL_PAGES]) {
    const rendered = await loaded.renderPage(page, backend, { loadData: false, loadSiteData: association !== undefined, origin });
    if (rendered.kind !== 'page' || rendered.status !== 200) throw new Error(`${page} did not render as a page.`);
    const html = template.fill({
      title: rendered.title,
      markup: rendered.markup,
      data: { elementId: loaded.ROUTE_DATA_ELEMENT_ID, value: rendered.data },
      head: rendered.head,
    });
    fs.writeFileSync(path.join(clientDir, fileForPage(page)), html);
    written.push(fileForPage(page));
  }
  const notFound = await loaded.renderPage(NOT_FOUND_ADDRESS, backend, { loadData: false, loadSiteData: association !== undefined, origin });
  if (notFound.kind !== 'page' || notFound.status !== 404) throw new Error(`${NOT_FOUND_ADDRESS} did not render as the not-found page.`);
  const notFoundHtml = template
    .fill({ title: notFound.title, markup: notFound.markup, data: { elementId: loaded.ROUTE_DATA_ELEMENT_ID, value: notFound.data }, head: null })
    .replace('</head>', () => `${NOINDEX}</head>`);
  fs.writeFileSync(path.join(clientDir, NOT_FOUND_FILE), notFoundHtml);
  written.push(NOT_FOUND_FILE);
  return written;
}
