import { JSDOM } from 'jsdom';
import { expect, test } from 'vitest';
import type { PageHead } from '../../src-core/domain/page-head';
import { APP_LOADER } from './app-loader';
import { DISPLAY_SETTINGS_ELEMENT } from './display-settings-script';
import { createPageTemplate } from './page-template';

const INDEX_HTML =
  '<!doctype html><html lang="en-IE"><head><title>Retired Nurses Association Of Ireland</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-abc.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
  '<body><div id="root"></div></body></html>';

const content = {
  title: 'News | Retired Nurses Association Of Ireland',
  markup: '<h1>News</h1>',
  data: { elementId: 'route-data', value: { posts: { data: [] } } },
};

test('the markup goes inside #root and the data beside it, and the app starts from the loader, not a module script', () => {
  const template = createPageTemplate(INDEX_HTML);

  const html = template.fill(content);

  expect(html).toContain('<div id="root"><h1>News</h1></div><script type="application/json" id="route-data">{"posts":{"data":[]}}</script>');
  expect(html).toContain(`<script data-app-entry="/assets/index-abc.js">${APP_LOADER}</script>`);
  // Nothing but the page itself is fetched before the first paint.
  expect(html).not.toContain('<script type="module"');
  expect(html).not.toContain('modulepreload');
  expect(html).toContain('<title>News | Retired Nurses Association Of Ireland</title>');
});

test('a title is text, never markup, and a dollar sign in it stays as it is', () => {
  const template = createPageTemplate(INDEX_HTML);

  const html = template.fill({ ...content, title: "</title><script>alert(1)</script> $& $' | News" });

  expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $' | News</title>");
});

test('a stylesheet given inline replaces its link; the shell keeps the link', () => {
  const template = createPageTemplate(INDEX_HTML, { inlineStyles: new Map([['/assets/index-abc.css', 'body{margin:0}']]) });

  const html = template.fill(content);

  expect(html).toContain('<style>body{margin:0}</style>');
  expect(html).not.toContain('index-abc.css');
  expect(template.shell).toBe(INDEX_HTML);
});

test('a stylesheet that could end the style element early stays linked', () => {
  const template = createPageTemplate(INDEX_HTML, { inlineStyles: new Map([['/assets/index-abc.css', 'a::after{content:"</style>"}']]) });

  const html = template.fill(content);

  expect(html).toContain('href="/assets/index-abc.css"');
  expect(html).not.toContain('<style>');
});

test('a page without an empty #root cannot be used as the template', () => {
  expect(() => createPageTemplate('<html><head><title>x</title></head><body></body></html>')).toThrow(/#root|root/);
});

test('a page without a module script cannot be used as the template: nothing would start the app', () => {
  expect(() => createPageTemplate('<html><head><title>x</title></head><body><div id="root"></div></body></html>')).toThrow(/module script/);
});

const NOTICE = '<noscript id="needs-script"><p>The admin area needs JavaScript.</p></noscript>';
const INDEX_WITH_EXTRAS = INDEX_HTML.replace('<head>', `<head>${DISPLAY_SETTINGS_ELEMENT}`).replace('<body>', `<body>${NOTICE}`);

test("a reader's display settings go on <html>, escaped, in rendered pages and the plain page alike", () => {
  const template = createPageTemplate(INDEX_HTML);

  const html = template.fill({ ...content, rootAttributes: { 'data-text-size': 'large', 'data-colours': '"><script>' } });
  const plain = template.plainPage({ 'data-colours': 'dark' });

  expect(html).toContain('<html lang="en-IE" data-text-size="large" data-colours="&quot;&gt;&lt;script&gt;">');
  expect(plain).toContain('<html lang="en-IE" data-colours="dark">');
  expect(template.fill(content)).toContain('<html lang="en-IE">');
});

test('where the server writes the settings, the browser script for them is taken out of every page', () => {
  const served = createPageTemplate(INDEX_WITH_EXTRAS, { serverAppliesDisplaySettings: true });
  const prerendered = createPageTemplate(INDEX_WITH_EXTRAS);

  expect(served.fill(content)).not.toContain(DISPLAY_SETTINGS_ELEMENT);
  expect(served.plainPage()).not.toContain(DISPLAY_SETTINGS_ELEMENT);
  expect(prerendered.fill(content)).toContain(DISPLAY_SETTINGS_ELEMENT);
  expect(prerendered.shell).toContain(DISPLAY_SETTINGS_ELEMENT);
});

test('the message that a page needs script stays in the plain page and never in a rendered one, which works without', () => {
  const template = createPageTemplate(INDEX_WITH_EXTRAS);

  expect(template.fill(content)).not.toContain('needs-script');
  expect(template.plainPage()).toContain(NOTICE);
  expect(template.shell).toContain(NOTICE);
});

test("the server's head elements (the feeds' links) go into every page's head once, and only the plain page asked for it says noindex", () => {
  const links = '<link rel="alternate" type="application/atom+xml" title="News" href="/feeds/news.atom" />';
  const template = createPageTemplate(INDEX_HTML, { headElements: links });
  const prerendered = createPageTemplate(INDEX_HTML);

  const html = template.fill(content);
  const head = html.slice(0, html.indexOf('</head>'));

  expect(head.split(links)).toHaveLength(2);
  expect(template.plainPage()).toContain(`${links}</head>`);
  expect(html).not.toContain('noindex');
  expect(template.plainPage()).not.toContain('noindex');
  expect(template.plainPage({}, { noindex: true })).toContain('<meta name="robots" content="noindex" /></head>');
  expect(prerendered.fill(content)).not.toContain('application/atom+xml');
  expect(prerendered.shell).toBe(INDEX_HTML);
});

const DESCRIBED_INDEX = INDEX_HTML.replace('</title>', '</title><meta\n      name="description"\n      content="The whole site."\n    />');

const HOSTILE = '</title></script><script>alert(1)</script> & "quoted" \'single\' <!-- $& $\'';

const pageHead: PageHead = {
  description: HOSTILE,
  title: HOSTILE,
  siteName: 'Retired Nurses Association Of Ireland',
  locale: 'en_IE',
  type: 'article',
  url: 'https://www.example.org/article/a%22b',
  image: { url: 'https://www.example.org/assets/share-image-1a2b.png', width: 1200, height: 630, alt: 'The shield' },
  twitterCard: 'summary_large_image',
  article: { publishedTime: '2026-05-04T09:00:00.000Z' },
  structuredData: { '@type': 'Organization', name: HOSTILE },
};

function parsedHead(html: string): Document {
  return new JSDOM(html).window.document;
}

test("a page's head facts replace the site's description, every value escaped and read back as it was", () => {
  const template = createPageTemplate(DESCRIBED_INDEX);

  const html = template.fill({ ...content, head: pageHead });
  const document = parsedHead(html);
  const valueOf = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

  expect(html).not.toContain('The whole site.');
  expect(html).not.toContain('<script>alert(1)');
  expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  expect(valueOf('meta[name="description"]')).toBe(HOSTILE);
  expect(valueOf('meta[property="og:title"]')).toBe(HOSTILE);
  expect(valueOf('meta[name="twitter:title"]')).toBe(HOSTILE);
  expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://www.example.org/article/a%22b');
  expect(valueOf('meta[property="og:type"]')).toBe('article');
  expect(valueOf('meta[property="og:image:width"]')).toBe('1200');
  expect(valueOf('meta[property="article:published_time"]')).toBe('2026-05-04T09:00:00.000Z');
  expect(document.head.querySelector('meta[property="article:modified_time"]')).toBeNull();
  expect(JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '')).toEqual({
    '@type': 'Organization',
    name: HOSTILE,
  });
  // The title stays the page's own, and the page's body is where it was.
  expect(document.title).toBe(content.title);
  expect(document.getElementById('root')?.innerHTML).toBe('<h1>News</h1>');
});

test('without a whole address or picture their tags are left out; without head facts the site description stays', () => {
  const template = createPageTemplate(DESCRIBED_INDEX);
  const { url: _url, image: _image, ...withoutOrigin } = pageHead;

  const bare = parsedHead(template.fill({ ...content, head: { ...withoutOrigin, twitterCard: 'summary' } })).head;
  const notFound = parsedHead(template.fill({ ...content, head: null })).head;

  expect(bare.querySelector('link[rel="canonical"]')).toBeNull();
  expect(bare.querySelector('meta[property="og:url"], meta[property^="og:image"], meta[name^="twitter:image"]')).toBeNull();
  expect(bare.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary');
  expect(notFound.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('The whole site.');
  expect(notFound.querySelector('meta[property^="og:"], link[rel="canonical"]')).toBeNull();
});

test('a built page without a description of its own gets the head tags at the end of its head', () => {
  const template = createPageTemplate(INDEX_HTML);

  const head = parsedHead(template.fill({ ...content, head: pageHead })).head;

  expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(HOSTILE);
  expect(head.lastElementChild?.getAttribute('type')).toBe('application/ld+json');
});
