import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test } from 'vitest';
import { App } from '../../src/app/app';
import { createBackend } from '../../src/app/backend';
import { documentDisplaySettings } from '../../src/app/document-display-settings';
import { createRouteDataCache } from '../../src/lib/route-data.cache';
import { startSelfHostedApi } from './app-harness';

startSelfHostedApi();

/** The site as the browser runs it, with the page's own display settings (its <html> and cookie). */
function renderSite(path: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <App backend={createBackend()} cache={createRouteDataCache()} display={documentDisplaySettings(document)} />
    </MemoryRouter>,
  );
  return { user };
}

function root(): HTMLElement {
  return document.documentElement;
}

afterEach(() => {
  root().removeAttribute('data-text-size');
  root().removeAttribute('data-colours');
  document.cookie = 'rnai_display=; path=/; max-age=0';
});

test('every page links to the display settings, naming the page to come back to', async () => {
  const { user } = renderSite('/about');

  await user.click(screen.getByRole('link', { name: 'Display settings' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Display settings' })).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Text size' })).getByRole('radio', { name: 'Standard' })).toBeChecked();
  expect(within(screen.getByRole('group', { name: 'Colours' })).getByRole('radio', { name: 'Standard' })).toBeChecked();
  expect(document.querySelector<HTMLInputElement>('input[name="from"]')?.value).toBe('/about');
});

test('saving large text and dark colours changes every page at once and remembers it in a cookie holding only that', async () => {
  const { user } = renderSite('/display-settings?from=%2Fnews');
  const textSize = screen.getByRole('group', { name: 'Text size' });
  const colours = screen.getByRole('group', { name: 'Colours' });

  await user.click(within(textSize).getByRole('radio', { name: 'Large' }));
  await user.click(within(colours).getByRole('radio', { name: /^Dark/ }));
  await user.click(screen.getByRole('button', { name: 'Save settings' }));

  expect(root()).toHaveAttribute('data-text-size', 'large');
  expect(root()).toHaveAttribute('data-colours', 'dark');
  expect(document.cookie).toBe('rnai_display=large.dark');
  const status = screen.getByRole('status');
  expect(status).toHaveTextContent('Your display settings are saved. Every page now uses them.');
  await user.click(within(status).getByRole('link', { name: 'Go back to the page you were reading' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
  expect(root()).toHaveAttribute('data-text-size', 'large');
});

test('the form opens with the settings in force, and choosing standard again removes the attributes and the cookie', async () => {
  root().setAttribute('data-colours', 'high-contrast');
  document.cookie = 'rnai_display=standard.high-contrast; path=/';
  const { user } = renderSite('/display-settings');
  const colours = screen.getByRole('group', { name: 'Colours' });
  expect(within(colours).getByRole('radio', { name: /^High contrast/ })).toBeChecked();

  await user.click(within(colours).getByRole('radio', { name: 'Standard' }));
  await user.click(screen.getByRole('button', { name: 'Save settings' }));

  expect(root()).not.toHaveAttribute('data-colours');
  expect(root()).not.toHaveAttribute('data-text-size');
  expect(document.cookie).toBe('');
  // Opened directly, there is no page to go back to.
  expect(within(screen.getByRole('status')).queryByRole('link')).toBeNull();
});

test('the form posts to the server too, so it works where script never runs', () => {
  renderSite('/display-settings?from=%2Fevents');

  const form = screen.getByRole('button', { name: 'Save settings' }).closest('form');

  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', '/display-settings');
  expect(form?.querySelector<HTMLInputElement>('input[name="from"]')?.value).toBe('/events');
});

test('the footer links the accessibility statement beside privacy and disclaimer, and it says how to report a problem', async () => {
  const { user } = renderSite('/');
  const footer = screen.getByRole('contentinfo');
  expect(within(footer).getAllByRole('link').map((link) => link.textContent)).toEqual(['Privacy Policy', 'Disclaimer', 'Accessibility', 'Find your branch']);

  await user.click(within(footer).getByRole('link', { name: 'Accessibility' }));

  const main = screen.getByRole('main');
  expect(within(main).getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
  expect(main).toHaveTextContent('WCAG) 2.2 at level AA');
  expect(main).toHaveTextContent('Scanned documents.');
  expect(within(main).getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact');
  expect(main).toHaveTextContent(/last reviewed on \d{1,2} \w+ 20\d\d/);
});
