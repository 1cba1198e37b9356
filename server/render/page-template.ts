import { appLoaderElement } from './app-loader';
import { DISPLAY_SETTINGS_ELEMENT } from './display-settings-script';
import type { PageHead } from '../../src-core/domain/page-head';
import { embeddableJson } from './embedded-json';
import { headTags } from './head-tags';
import { escapeAttribute, escapeText } from './html-escape';

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
/** index.html's description of the whole site, which a page with head facts replaces by its own. */
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;
const HTML_START = /<html([^>]*)>/;
const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
/** index.html's message for a browser without script; a rendered page works without it, so drops it. */
const NEEDS_SCRIPT_NOTICE = /<noscript id="needs-script">[\s\S]*?<\/noscript>\s*/;

/** Attributes for `<html>`, e.g. the reader's display settings: `{ 'data-text-size': 'large' }`. */
export type RootAttributes = Readonly<Record<string, string>>;

export interface RenderedContent {
  readonly title: string;
  /** The app's markup for inside #root. */
  readonly markup: string;
  /** Goes to the browser as JSON in a non-executed script element with this id. */
  readonly data: { readonly elementId: string; readonly value: unknown };
  readonly rootAttributes?: RootAttributes;
  /**
   * What the page says about itself (description, address, share preview); null or left out,
   * the page keeps index.html's description and gets no share tags (the not-found page).
   */
  readonly head?: PageHead | null;
}

export interface PageTemplate {
  /** The built index.html as it is: the shell the browser renders from scratch. */
  readonly shell: string;
  /**
   * The shell as this server sends it, with these attributes on `<html>`; `noindex` asks search
   * engines to leave the page out (the admin area and its sign-in page).
   */
  plainPage(rootAttributes?: RootAttributes, options?: { readonly noindex?: boolean }): string;
  fill(content: RenderedContent): string;
}

function withRootAttributes(html: string, attributes: RootAttributes = {}): string {
  const written = Object.entries(attributes)
    .filter(([name]) => /^[a-z][a-z-]*$/.test(name))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return written === '' ? html : html.replace(HTML_START, (_tag, existing: string) => `<html${existing}${written}>`);
}

export interface TemplateOptions {
  /**
   * The built stylesheets by address, to put inline instead of linking: the page then paints
   * from its first response, with no request in between. Linked as before when left out.
   */
  readonly inlineStyles?: ReadonlyMap<string, string>;
  /**
   * True where a server writes each reader's display settings on `<html>` itself: the
   * browser's script that would do it (display-settings-script.ts) is taken out, so the
   * pages carry no inline script but the loader. A static prerender keeps it.
   */
  readonly serverAppliesDisplaySettings?: boolean;
  /** Elements for every page's `<head>`, written by the server (the feeds' alternate links); trusted markup. */
  readonly headElements?: string;
}

const HEAD_END = '</head>';

/** The markup in front of `</head>`; the template's own, so it is there exactly once. */
function withHeadElements(html: string, elements: string): string {
  return elements === '' ? html : html.replace(HEAD_END, () => `${elements}${HEAD_END}`);
}

/** The page's own head tags in place of index.html's description, early in the head where every reader of previews looks. */
function withHeadTags(head: string, tags: string): string {
  return DESCRIPTION.test(head) ? head.replace(DESCRIPTION, () => tags) : head.replace(HEAD_END, () => `${tags}${HEAD_END}`);
}

/** Asks search engines not to list a page; the robots file also keeps them out of the admin area. */
const NOINDEX = '<meta name="robots" content="noindex" />';

/**
 * The page around a server-rendered app: the built index.html (with its module script and
 * styles), its title replaced, the markup inside #root, and the data beside it.
 */
export function createPageTemplate(indexHtml: string, options: TemplateOptions = {}): PageTemplate {
  if (!indexHtml.includes(ROOT)) throw new Error(`The built index.html has no empty ${ROOT}.`);
  if (!TITLE.test(indexHtml)) throw new Error('The built index.html has no <title>.');
  if (!indexHtml.includes(HEAD_END)) throw new Error(`The built index.html has no ${HEAD_END}.`);
  const headElements = options.headElements ?? '';
  const served = withHeadElements(
    options.serverAppliesDisplaySettings === true ? indexHtml.replace(DISPLAY_SETTINGS_ELEMENT, '') : indexHtml,
    headElements,
  );
  const styled = served.replace(STYLESHEET, (link, href: string) => {
    const css = options.inlineStyles?.get(href);
    // A stylesheet cannot end a <style> element early unless it says '</style'; keep the link then.
    return css === undefined || /<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
  // The page is readable without its script, so the app is started by the loader once the page
  // is on screen, and nothing else is fetched before it: the entry's own imports come with it.
  const entry = MODULE_SCRIPT.exec(styled)?.[1];
  if (entry === undefined) throw new Error('The built index.html has no module script.');
  const deferred = styled
    .replace(MODULE_SCRIPT, () => appLoaderElement(entry))
    .replace(MODULE_PRELOAD, '')
    .replace(NEEDS_SCRIPT_NOTICE, '');
  const [head = '', tail = ''] = deferred.split(ROOT);

  return {
    shell: indexHtml,
    plainPage: (rootAttributes, { noindex = false } = {}) => withRootAttributes(noindex ? withHeadElements(served, NOINDEX) : served, rootAttributes),
    fill({ title, markup, data, rootAttributes, head: pageHead }) {
      const script = `<script type="application/json" id="${data.elementId}">${embeddableJson(data.value)}</script>`;
      // Function replacements, so '$' in a title is never read as a pattern.
      const titled = withRootAttributes(head, rootAttributes).replace(TITLE, () => `<title>${escapeText(title)}</title>`);
      const described = pageHead === undefined || pageHead === null ? titled : withHeadTags(titled, headTags(pageHead));
      return `${described}<div id="root">${markup}</div>${script}${tail}`;
    },
  };
}
