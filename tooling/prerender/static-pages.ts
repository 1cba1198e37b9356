import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HOSTED_PRIVACY } from '../../adapters/hosted/hosted-privacy';
import type { Backend } from '../../src-core/ports/backend';
import type { PageRenderer } from '../../src-core/ports/page-renderer.port';
import type { AssociationPort } from '../../src-core/ports/association.port';
import { mailtoHref, telHref, type AssociationDetails } from '../../src-core/domain/association-details';
import { CoreError } from '../../src-core/domain/core-error';
import { SEARCHES_FILE_NAMES } from '../../src-core/domain/search';
import { createPageTemplate } from '../../server/render/page-template';
import { readStylesheets } from '../../server/render/stylesheets';

/** Pages a static host serves as files, rendered at build time: they need no data. */
const STATIC_PAGES = ['/', '/about', '/links', '/privacy-policy', '/disclaimer', '/accessibility', '/join'] as const;

/**
 * Pages whose data a static host cannot load at build time: their shell (header, menu,
 * heading, the list's loading state and footer) is rendered, and the list loads in the browser.
 */
const SHELL_PAGES = ['/news', '/documents', '/events', '/contact'] as const;

/**
 * Pages that are all script (the search, whose results a static host cannot make, and the display
 * settings, whose form shows the reader's own choice): the plain app page, each with its own
 * notice for a browser without script.
 */
const SCRIPT_ONLY_PAGES = ['/search', '/display-settings'] as const;

/**
 * The plain app page for the app's other routes (an article, an event, the search, the admin area,
 * the display settings, whose form shows the reader's own choice and so cannot be one file for
 * everyone): the host rewrites those to this file (firebase.json), and the browser renders them by itself.
 * @internal Outside this file only tests and fakes use it.
 */
export const APP_SHELL_FILE = 'app-shell.html';

/**
 * The page for every address that is none of the app's: Firebase Hosting responds to those with this
 * file and status 404 (firebase.json rewrites only the app's own routes to the shell), so a feed
 * reader or calendar pointed at a self-hosted address gets a refusal, not a page that says 200.
 * @internal Outside this file only tests and fakes use it.
 */
export const NOT_FOUND_FILE = '404.html';

/** Any address no route has: the app renders its not-found page for it. */
const NOT_FOUND_ADDRESS = '/404';

/** Asks search engines to leave a page out. */
const NOINDEX = '<meta name="robots" content="noindex" />';

/** index.html's notice for a browser without script, written for the admin area. */
const NEEDS_SCRIPT_NOTICE = /<noscript id="needs-script">[\s\S]*?<\/noscript>/;
const ROOT_START = '<div id="root">';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** 'call us on 01 555 0123 or e-mail office@example.org', with what the build holds of the two. */
function otherWays(details: AssociationDetails | undefined): string {
  const ways = [
    details === undefined || details.phone === '' ? '' : `call us on <a href="${escapeHtml(telHref(details.phone))}">${escapeHtml(details.phone)}</a>`,
    details === undefined || details.email === '' ? '' : `e-mail us at <a href="${escapeHtml(mailtoHref(details.email))}">${escapeHtml(details.email)}</a>`,
  ].filter((way) => way !== '');
  return ways.length === 0 ? 'phone or e-mail us; our details are on our printed newsletters and forms' : ways.join(' or ');
}

/**
 * What each page a static host serves says to a browser without script: its content is loaded, or
 * its form sent, by the browser, and there is no server to do it instead. Each says what to do.
 */
function scriptNotices(details: AssociationDetails | undefined): Readonly<Record<string, string>> {
  const turnOn = "Please turn JavaScript on in your browser's settings, or use another browser.";
  return {
    '/news': `On this website the news and newsletters are loaded by your browser, which needs JavaScript for it. ${turnOn} Or ${otherWays(details)} and we will send you the latest newsletter.`,
    '/events': `On this website the events are loaded by your browser, which needs JavaScript for it. ${turnOn} Or ${otherWays(details)} to hear what is coming up.`,
    '/documents': `On this website the forms and documents are loaded by your browser, which needs JavaScript for it. ${turnOn} Or ${otherWays(details)} and we will post you a membership form.`,
    '/contact': `On this website the contact form is sent by your browser, which needs JavaScript for it. ${turnOn} Or ${otherWays(details)} instead.`,
    '/join': `On this website the application form is sent by your browser, which needs JavaScript for it. ${turnOn} Or print this page, which prints as a blank form to fill in by hand and post to us.`,
    '/search': `On this website search runs in your browser, which needs JavaScript for it. ${turnOn} Or use the menu to look through News, Events and Join Us Today.`,
    [APP_SHELL_FILE]: `On this website news articles, event pages and the admin area are put together by your browser, which needs JavaScript for it. ${turnOn} The home page, About, Useful Links and our policies can be read without it.`,
    '/display-settings': `On this website the display settings are chosen in your browser, which needs JavaScript for it. ${turnOn} Your browser can make any page larger by itself: hold Ctrl (Cmd on a Mac) and press +.`,
  };
}

/** The notice, and a style that hides what cannot work without script (a list stuck loading, a form that cannot be sent). */
function noticeElement(text: string): string {
  return (
    '<noscript id="needs-script"><style>.data-state--loading,.contact-form,.join-form{display:none}</style>' +
    `<div class="needs-script" role="note"><h2>This page needs JavaScript on this website</h2><p>${text}</p></div></noscript>`
  );
}

/** A filled page with its notice at the top of the body, outside the part the app takes over. */
function withNotice(html: string, text: string | undefined): string {
  return text === undefined ? html : html.replace(ROOT_START, () => `${noticeElement(text)}${ROOT_START}`);
}

/** The plain app page with the notice of one route instead of the admin area's. */
function shellWithNotice(shell: string, text: string): string {
  return shell.replace(NEEDS_SCRIPT_NOTICE, () => noticeElement(text));
}

type Renderer = Pick<PageRenderer, 'renderPage' | 'ROUTE_DATA_ELEMENT_ID'>;

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
    // The hosted site has news by e-mail (Firestore), so the pages carry the form the browser brings to life.
    subscriptions: { subscribe: refuse, confirm: refuse, unsubscribe: refuse },
    // Applications too; the hosted backend has no branches, so the list is empty here as there.
    membership: { listBranches: async () => [], apply: refuse },
  };
}

/**
 * The subscription form is sent by the browser (to Firestore); without script it would post to a
 * static host that cannot take it, so such a browser does not see it.
 */
const NO_SCRIPT_NO_FORM = '<noscript><style>.subscription-form{display:none}</style></noscript>';

function withoutFormForNoScript(html: string): string {
  return html.replace('</head>', () => `${NO_SCRIPT_NO_FORM}</head>`);
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
  const written: string[] = [APP_SHELL_FILE];
  const backend = noBackend(association);
  const notices = scriptNotices(association === undefined ? undefined : await association.getDetails());
  fs.writeFileSync(shellFile, shellWithNotice(template.shell, notices[APP_SHELL_FILE] ?? ''));
  // Served as files of their own (cleanUrls), so each can say what it needs script for.
  for (const page of SCRIPT_ONLY_PAGES) {
    fs.writeFileSync(path.join(clientDir, fileForPage(page)), shellWithNotice(template.shell, notices[page] ?? ''));
    written.push(fileForPage(page));
  }
  for (const page of [...STATIC_PAGES, ...SHELL_PAGES]) {
    const rendered = await loaded.renderPage(page, backend, { loadData: false, loadSiteData: association !== undefined, origin });
    if (rendered.kind !== 'page' || rendered.status !== 200) throw new Error(`${page} did not render as a page.`);
    const html = template.fill({
      title: rendered.title,
      markup: rendered.markup,
      data: { elementId: loaded.ROUTE_DATA_ELEMENT_ID, value: rendered.data },
      head: rendered.head,
    });
    fs.writeFileSync(path.join(clientDir, fileForPage(page)), withoutFormForNoScript(withNotice(html, notices[page])));
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
