import { expect, type Page } from '@playwright/test';

export const SITE_TITLE = 'Retired Nurses Association Of Ireland';

export interface PublicPage {
  readonly path: string;
  /** The page's own main heading (the home page's is the association's name in the header). */
  readonly heading: string;
  readonly title: string;
  /** Texts the page must show. */
  readonly texts: readonly string[];
}

const titled = (name: string) => `${name} | ${SITE_TITLE}`;

/** Every public route (docs/behaviour.md, 'Public pages'), with what a visitor must see there. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', heading: SITE_TITLE, title: SITE_TITLE, texts: ['Strength in Unity', 'Caring for the Carers'] },
  { path: '/contact', heading: 'Contact Us', title: titled('Contact Us'), texts: ['Your Name:', 'Your Email:', 'Message:', 'Send Message'] },
  { path: '/about', heading: 'About Us', title: titled('About Us'), texts: ['3 September 1996', '5,000', '21 branches across 26 counties'] },
  { path: '/news', heading: 'News', title: titled('News'), texts: ['Latest News', 'See More'] },
  { path: '/events', heading: 'Upcoming Events', title: titled('Upcoming Events'), texts: ['Click to view PDF', 'Unknown Date', 'Unknown Location'] },
  { path: '/documents', heading: 'Join Us Today', title: titled('Join Us Today'), texts: [] },
  {
    path: '/links',
    heading: 'Important Links',
    title: titled('Useful Links'),
    texts: [
      'Citizens Information',
      'Social Welfare State Pension contributory',
      'Citizens Information State Pension contributory',
      'Pensions & older People',
    ],
  },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: titled('Privacy Policy'), texts: ['Use of materials'] },
  { path: '/disclaimer', heading: 'Disclaimer / Legal', title: titled('Disclaimer'), texts: [] },
];

/** The main navigation in its fixed order, with where each link goes. */
export const NAV_LINKS = [
  { name: 'Home', path: '/' },
  { name: 'Contact', path: '/contact' },
  { name: 'About', path: '/about' },
  { name: 'News', path: '/news' },
  { name: 'Events', path: '/events' },
  { name: 'Join Now', path: '/documents' },
  { name: 'Useful Links', path: '/links' },
] as const;

/**
 * Opens a page and waits until the app has taken over the server's markup (hydration committed,
 * src/components/shell/site-layout.tsx), so a key press or a click on the menu button or a form is handled by
 * the app, not lost on static HTML.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForInteractive(page);
}

export async function waitForInteractive(page: Page): Promise<void> {
  await expect(page.locator('html[data-interactive]'), 'the app takes over the page').toHaveCount(1);
  // The main navigation comes to life on its own once the browser is idle (src/app/routes.tsx),
  // its button taking the place of the server's disclosure: a link found before then is replaced.
  await expect(mainNav(page).getByRole('button', { name: 'Menu', includeHidden: true })).toBeAttached();
}

/** Waits until the page's lists have loaded (no 'Loading ...' status left). */
export async function waitForContent(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

export function menuButton(page: Page) {
  return mainNav(page).getByRole('button', { name: 'Menu' });
}

/** A navigation link, opening the phone menu first when the links are folded away. */
export async function chooseNavLink(page: Page, name: string, isPhone: boolean): Promise<void> {
  if (isPhone) {
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  }
  await mainNav(page).getByRole('link', { name, exact: true }).click();
}
