import { expect, test } from 'vitest';
import { DISPLAY_SETTINGS_SCRIPT } from '../../server/render/display-settings-script';
import { fetchPage, heading, startBuiltSite, text } from './support/built-server';

const withCookie = (value: string): RequestInit => ({ headers: { cookie: `rnai_display=${value}` } });

test("the reader's settings are on <html> in the very HTML the server sends, on every page", async () => {
  const server = await startBuiltSite();

  for (const address of ['/', '/news', '/events', '/accessibility', '/admin', '/no/such/page']) {
    const { html, document } = await fetchPage(server, address, withCookie('largest.dark'));

    expect(document.documentElement.getAttribute('data-text-size'), address).toBe('largest');
    expect(document.documentElement.getAttribute('data-colours'), address).toBe('dark');
    // The server writes them itself: the static host's script for it is not in the page.
    expect(html, address).not.toContain(DISPLAY_SETTINGS_SCRIPT);
  }
});

test('without a cookie, or with a forged one, <html> carries no setting and the device decides', async () => {
  const server = await startBuiltSite();

  for (const init of [undefined, withCookie('huge.%22%3E%3Cscript%3E')]) {
    const { document } = await fetchPage(server, '/about', init);

    expect(document.documentElement.getAttribute('data-text-size')).toBeNull();
    expect(document.documentElement.getAttribute('data-colours')).toBeNull();
  }
});

test('pages are cached once per setting, so no reader is sent a page made for another', async () => {
  const server = await startBuiltSite();

  const large = await fetchPage(server, '/links', withCookie('large.standard'));
  const plain = await fetchPage(server, '/links');
  const largeAgain = await fetchPage(server, '/links', withCookie('large.standard'));

  expect(large.document.documentElement.getAttribute('data-text-size')).toBe('large');
  expect(plain.document.documentElement.getAttribute('data-text-size')).toBeNull();
  expect(largeAgain.html).toBe(large.html);
});

test('the settings page arrives with the choice in force already selected, and its form posts to the server', async () => {
  const server = await startBuiltSite();

  const { status, document } = await fetchPage(server, '/display-settings?from=%2Fnews', withCookie('large.high-contrast'));

  expect(status).toBe(200);
  expect(heading(document)).toBe('Display settings');
  expect(document.querySelector<HTMLInputElement>('input[name="text"][value="large"]')?.checked).toBe(true);
  expect(document.querySelector<HTMLInputElement>('input[name="colours"][value="high-contrast"]')?.checked).toBe(true);
  const form = document.querySelector('main form');
  expect(form?.getAttribute('method')).toBe('post');
  expect(form?.getAttribute('action')).toBe('/display-settings');
  expect(document.querySelector<HTMLInputElement>('input[name="from"]')?.value).toBe('/news');
});

test('after saving without script, the settings page says so and leads back to the page the reader was on', async () => {
  const server = await startBuiltSite();

  const { document } = await fetchPage(server, '/display-settings?saved=1&from=%2Fevents', withCookie('large.standard'));

  const status = document.querySelector('[role="status"]');
  expect(text(status)).toContain('Your display settings are saved.');
  expect(status?.querySelector('a')?.getAttribute('href')).toBe('/events');
});

test('the accessibility statement is rendered on the server and linked from every page footer', async () => {
  const server = await startBuiltSite();

  const { status, document } = await fetchPage(server, '/accessibility');

  expect(status).toBe(200);
  expect(heading(document)).toBe('Accessibility statement');
  expect(text(document.querySelector('main'))).toContain('last reviewed on');
  const footerLinks = [...document.querySelectorAll('footer nav[aria-label="Legal"] a')].map((link) => link.getAttribute('href'));
  expect(footerLinks).toEqual(['/privacy-policy', '/disclaimer', '/accessibility']);
});

test('without script, the admin area and its login say plainly that they need it; rendered pages do not', async () => {
  const server = await startBuiltSite();

  for (const address of ['/admin', '/login']) {
    const { document } = await fetchPage(server, address);
    expect(text(document.querySelector('noscript main')), address).toContain('The admin area, where our volunteers sign in');
  }
  const about = await fetchPage(server, '/about');
  expect(about.document.querySelector('noscript')).toBeNull();
});
