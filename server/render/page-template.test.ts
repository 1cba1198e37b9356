import { expect, test } from 'vitest';
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
