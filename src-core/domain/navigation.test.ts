import { expect, test } from 'vitest';
import { FOOTER_LINKS, NAV_LINKS, pageTitle, SITE_TITLE } from './navigation';

test('the site title is the association name as the site writes it', () => {
  expect(SITE_TITLE).toBe('Retired Nurses Association Of Ireland');
});

test('the navigation links are in their fixed order', () => {
  expect(NAV_LINKS).toEqual([
    { label: 'Home', to: '/' },
    { label: 'Contact', to: '/contact' },
    { label: 'About', to: '/about' },
    { label: 'News', to: '/news' },
    { label: 'Events', to: '/events' },
    { label: 'Join Now', to: '/documents' },
    { label: 'Useful Links', to: '/links' },
  ]);
});

test('the footer links the privacy policy and the disclaimer, then the accessibility statement', () => {
  expect(FOOTER_LINKS).toEqual([
    { label: 'Privacy Policy', to: '/privacy-policy' },
    { label: 'Disclaimer', to: '/disclaimer' },
    { label: 'Accessibility', to: '/accessibility' },
  ]);
});

test('the home page title is the site title alone', () => {
  expect(pageTitle('home')).toBe('Retired Nurses Association Of Ireland');
  expect(pageTitle('home', 'ignored')).toBe('Retired Nurses Association Of Ireland');
});

test('every other route is named before the site title', () => {
  const titles = {
    contact: 'Contact Us',
    about: 'About Us',
    news: 'News',
    article: 'News',
    events: 'Upcoming Events',
    documents: 'Join Us Today',
    links: 'Useful Links',
    'privacy-policy': 'Privacy Policy',
    disclaimer: 'Disclaimer',
    login: 'Login',
    admin: 'Admin',
    'not-found': 'Page Not Found',
  } as const;

  for (const [route, name] of Object.entries(titles)) {
    expect(pageTitle(route as keyof typeof titles)).toBe(`${name} | Retired Nurses Association Of Ireland`);
  }
});

test('an article puts its post title first', () => {
  expect(pageTitle('article', ' AGM 2026 ')).toBe('AGM 2026 | News | Retired Nurses Association Of Ireland');
});

test('a blank detail is left out', () => {
  expect(pageTitle('article', '   ')).toBe('News | Retired Nurses Association Of Ireland');
});
