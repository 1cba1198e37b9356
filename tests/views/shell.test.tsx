import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { pageTitle, type RouteId } from '../../src-core/domain/navigation';
import { BACKENDS, startFakeNetwork } from './backends';

const network = startFakeNetwork();

function menuToggle() {
  return screen.getByRole('button', { name: 'Menu' });
}

function mainNavigation() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe.each(BACKENDS)('on the $name backend', (backend) => {
  test('the header shows the association name, both mottos and a named link to the admin area', () => {
    network.site(backend).render('/about');

    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Retired Nurses Association Of Ireland')).toBeInTheDocument();
    expect(within(banner).getByText('Strength in Unity')).toBeInTheDocument();
    expect(within(banner).getByText('Caring for the Carers')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Administrator area' })).toHaveAttribute('href', '/admin');
  });

  test('the main navigation lists its fixed links in order, each pointing where it should', () => {
    network.site(backend).render('/');

    const links = within(mainNavigation()).getAllByRole('link');

    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Contact', '/contact'],
      ['About', '/about'],
      ['News', '/news'],
      ['Events', '/events'],
      ['Join Now', '/documents'],
      ['Useful Links', '/links'],
    ]);
  });

  test('the footer links to the privacy policy and the disclaimer', () => {
    network.site(backend).render('/');

    const footer = screen.getByRole('contentinfo');

    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'Disclaimer' })).toHaveAttribute('href', '/disclaimer');
  });

  test.each([
    ['Privacy Policy', 'Privacy Policy'],
    ['Disclaimer', 'Disclaimer / Legal'],
  ])('the footer link %s opens the page headed %s', async (linkName, heading) => {
    const { user } = network.site(backend).render('/');

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: linkName }));

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  test('the menu starts closed and the toggle opens and closes it', async () => {
    const { user } = network.site(backend).render('/');

    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuToggle());
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'true');
    await user.click(menuToggle());
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
  });

  test('choosing a link closes the menu and opens that page', async () => {
    const { user } = network.site(backend).render('/');
    await user.click(menuToggle());

    await user.click(within(mainNavigation()).getByRole('link', { name: 'About' }));

    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
  });

  test('a search sent by keyboard from the header with the menu open lands on the results with the menu closed', async () => {
    const { user } = network.site(backend).render('/about');
    await user.click(menuToggle());
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'true');

    // By keyboard: no click lands outside the menu to close it.
    screen.getByRole('searchbox', { name: 'Search this website' }).focus();
    await user.keyboard('join{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click outside the menu closes it', async () => {
    const { user } = network.site(backend).render('/about');
    await user.click(menuToggle());

    await user.click(screen.getByRole('heading', { level: 1, name: 'About Us' }));

    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click inside the open menu, but not on a link, leaves it open', async () => {
    const { user } = network.site(backend).render('/');
    await user.click(menuToggle());

    await user.click(mainNavigation());

    expect(menuToggle()).toHaveAttribute('aria-expanded', 'true');
  });

  test('Escape closes the menu and returns focus to the toggle', async () => {
    const { user } = network.site(backend).render('/');
    await user.click(menuToggle());
    await user.tab();

    await user.keyboard('{Escape}');

    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menuToggle()).toHaveFocus();
  });

  test('the link to the current page is marked as the current page', () => {
    network.site(backend).render('/about');

    expect(within(mainNavigation()).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNavigation()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  test('while reading an article the News link shows that section as current', async () => {
    network.site(backend).render('/article/1');

    await screen.findByRole('heading', { level: 1, name: 'Welcome to our new website' });
    expect(within(mainNavigation()).getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'true');
  });

  test.each<[string, RouteId]>([
    ['/', 'home'],
    ['/about', 'about'],
    ['/links', 'links'],
    ['/privacy-policy', 'privacy-policy'],
    ['/disclaimer', 'disclaimer'],
    ['/no-such-page', 'not-found'],
  ])('the page at %s sets its own document title', async (path, routeId) => {
    network.site(backend).render(path);

    await waitFor(() => expect(document.title).toBe(pageTitle(routeId)));
  });

  test('the document title follows navigation', async () => {
    const { user } = network.site(backend).render('/');

    await user.click(within(mainNavigation()).getByRole('link', { name: 'Useful Links' }));

    await waitFor(() => expect(document.title).toBe('Useful Links | Retired Nurses Association Of Ireland'));
  });

  test('each page has exactly one level-one heading', () => {
    for (const path of ['/', '/about', '/links', '/privacy-policy', '/disclaimer', '/missing']) {
      const { unmount } = network.site(backend).render(path);
      expect(screen.getAllByRole('heading', { level: 1 }), path).toHaveLength(1);
      unmount();
    }
  });

  test('on the home page the association name is the main heading', () => {
    network.site(backend).render('/');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Retired Nurses Association Of Ireland');
  });

  test('the first page keeps focus where the browser put it', () => {
    network.site(backend).render('/about');

    expect(document.body).toHaveFocus();
  });

  test('after navigation focus moves to the new page heading', async () => {
    const { user } = network.site(backend).render('/');

    await user.click(within(mainNavigation()).getByRole('link', { name: 'About' }));

    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toHaveFocus();
  });

  test('going back to the home page moves focus to the association name', async () => {
    const { user } = network.site(backend).render('/about');

    await user.click(within(mainNavigation()).getByRole('link', { name: 'Home' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Retired Nurses Association Of Ireland' })).toHaveFocus();
  });

  test('the skip link is the first thing to tab to and moves focus to the main content', async () => {
    const { user } = network.site(backend).render('/');

    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
  });

  test('an unknown address shows a not-found page with a way home', async () => {
    const { user } = network.site(backend).render('/no-such-page');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Retired Nurses Association Of Ireland' })).toBeInTheDocument();
  });
});
