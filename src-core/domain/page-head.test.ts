import { expect, test } from 'vitest';
import { EMPTY_DETAILS } from './association-details';
import { NO_EVENT_DETAILS, type EventDetails } from './event-details';
import { summariseEvent, type EventSummary } from './event-listing';
import { INDEXED_PAGE_PATHS, pageTitle, SITE_TITLE } from './navigation';
import { organizationData } from './organization-data';
import { articleDescription, eventDescription, pageHead, PAGE_DESCRIPTIONS, SITE_DESCRIPTION, SHARE_IMAGE_ALT, type HeadSite, type PlainRouteId } from './page-head';
import type { Post } from './post';

const ORIGIN = 'https://www.example.org';
const IMAGES = { share: '/assets/share-image-1a2b3c4d.png', logo: '/assets/logo-5e6f7a8b.png' };
const SITE: HeadSite = { origin: ORIGIN, images: IMAGES };

const post = (change: Partial<Post> = {}): Post => ({
  id: 'abc',
  title: 'AGM 2026',
  body: 'The meeting is in Athlone.',
  publishedAt: '2026-05-04T09:00:00.000Z',
  ...change,
});

function event(name: string, change: Partial<EventDetails> | null): EventSummary {
  const details = change === null ? null : { ...NO_EVENT_DETAILS, timeZone: 'Europe/Dublin', ...change };
  return summariseEvent({ file: { name, fullPath: `events/${name}`, url: `/files/events/${name}` }, details }, 'Europe/Dublin', 0);
}

/** The route ids of the pages anyone may find, by their address. */
const ROUTE_OF_PATH: Readonly<Record<string, PlainRouteId>> = {
  '/': 'home',
  '/contact': 'contact',
  '/about': 'about',
  '/news': 'news',
  '/events': 'events',
  '/branches': 'branches',
  '/documents': 'documents',
  '/join': 'join',
  '/links': 'links',
  '/privacy-policy': 'privacy-policy',
  '/disclaimer': 'disclaimer',
  '/accessibility': 'accessibility',
  '/display-settings': 'display-settings',
};

test('every page anyone may find is described by its own sentence, named by its own title, and known by its path', () => {
  const descriptions = new Set<string>();
  for (const path of INDEXED_PAGE_PATHS) {
    const route = ROUTE_OF_PATH[path];
    if (route === undefined) throw new Error(`No route id for ${path}`);

    const head = pageHead({ route, path }, SITE);

    expect(head, path).toMatchObject({
      siteName: SITE_TITLE,
      locale: 'en_IE',
      type: 'website',
      url: ORIGIN + path,
      twitterCard: 'summary_large_image',
      image: { url: ORIGIN + IMAGES.share, width: 1200, height: 630, alt: SHARE_IMAGE_ALT },
    });
    // The page's own name, which the tab title starts with.
    expect(pageTitle(route).startsWith(head?.title ?? '-'), path).toBe(true);
    expect(head?.description, path).toMatch(/^[A-Z].{40,200}\.$/);
    descriptions.add(head?.description ?? '');
  }
  expect(descriptions.size).toBe(INDEXED_PAGE_PATHS.length);
});

test("the home page keeps the spec's welcome as its description and is named by the site's title", () => {
  const head = pageHead({ route: 'home', path: '/' }, SITE);

  expect(head?.description).toBe(SITE_DESCRIPTION);
  expect(PAGE_DESCRIPTIONS.home).toBe(SITE_DESCRIPTION);
  expect(head?.title).toBe(SITE_TITLE);
  expect(head?.url).toBe(`${ORIGIN}/`);
});

test('the admin area, its sign-in and the not-found page get no preview at all', () => {
  for (const route of ['login', 'admin', 'not-found'] as const) {
    expect(pageHead({ route, path: '/whatever' }, SITE), route).toBeNull();
  }
});

test("an article is an article: its post title, its card's preview on one line, its own address and its dates", () => {
  const body = 'The meeting is in Athlone.\n\nBring   your card.';

  const head = pageHead({ route: 'article', post: post({ id: 'a b', title: '  AGM 2026 ', body, updatedAt: '2026-05-05T10:00:00.000Z' }) }, SITE);

  expect(head).toMatchObject({
    type: 'article',
    title: 'AGM 2026',
    description: 'The meeting is in Athlone. Bring your card.',
    url: `${ORIGIN}/article/a%20b`,
    article: { publishedTime: '2026-05-04T09:00:00.000Z', modifiedTime: '2026-05-05T10:00:00.000Z' },
  });
  expect(head?.structuredData).toBeUndefined();
});

test("an article's description is its preview: a short body whole, a long one cut at 100 characters plus '...'", () => {
  expect(articleDescription(post({ body: 'Short notice.' }))).toBe('Short notice.');
  expect(articleDescription(post({ body: 'x'.repeat(150) }))).toBe(`${'x'.repeat(100)}...`);
  // Nothing to preview: the News page's own description, never an empty one.
  expect(articleDescription(post({ body: ' \n ' }))).toBe(PAGE_DESCRIPTIONS.news);
  expect(pageHead({ route: 'article', post: post({ title: '  ' }) }, SITE)?.title).toBe('News');
});

test('an event is described by its title, its date the Irish way and its place, leaving out what is unknown', () => {
  const full = event('Outing.pdf', { title: 'Outing to Kilkenny', start: '2026-12-05T10:00', end: '2026-12-05T17:30', venue: 'Castle', town: 'Kilkenny' });

  expect(eventDescription(full)).toBe('Outing to Kilkenny: Saturday 5 December 2026, 10am to 5.30pm, at Castle, Kilkenny.');
  expect(eventDescription(event('Walk.pdf', { start: '2026-09-12', allDay: true }))).toBe('Walk: Saturday 12 September 2026, all day.');
  expect(eventDescription(event('Walk.pdf', { town: 'Cork' }))).toBe('Walk: at Cork.');
  expect(eventDescription(event('Spring Walk.pdf', null))).toBe(`Spring Walk: an event of the ${SITE_TITLE}.`);
  expect(pageHead({ route: 'event', event: full }, SITE)).toMatchObject({ type: 'website', title: 'Outing to Kilkenny', url: `${ORIGIN}/events/Outing` });
});

test('without a public origin nothing that needs a whole address is written: no address, no picture, the small card', () => {
  const head = pageHead({ route: 'home', path: '/' }, { images: IMAGES });

  expect(head).not.toHaveProperty('url');
  expect(head).not.toHaveProperty('image');
  expect(head?.twitterCard).toBe('summary');
  expect(head?.description).toBe(SITE_DESCRIPTION);
  expect(head?.structuredData).not.toHaveProperty('url');
  expect(head?.structuredData).not.toHaveProperty('logo');
});

test("the home page's Organization data: name, address, logo, founding date, and the details that are set", () => {
  const details = {
    ...EMPTY_DETAILS,
    address: '12 Main Street\n\n  Athlone  \nCo. Westmeath',
    phone: '+353 1 234 5678',
    socialLinks: ['https://www.facebook.com/example'],
  };

  const head = pageHead({ route: 'home', path: '/' }, { ...SITE, details });

  expect(head?.structuredData).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_TITLE,
    url: `${ORIGIN}/`,
    logo: ORIGIN + IMAGES.logo,
    foundingDate: '1996-09-03',
    address: { '@type': 'PostalAddress', streetAddress: '12 Main Street, Athlone, Co. Westmeath', addressCountry: 'IE' },
    telephone: '+353 1 234 5678',
    sameAs: ['https://www.facebook.com/example'],
  });
  expect(pageHead({ route: 'about', path: '/about' }, { ...SITE, details })?.structuredData).toBeUndefined();
});

test('Organization data without details holds only what is always known', () => {
  expect(organizationData({ origin: ORIGIN, logoPath: IMAGES.logo, details: EMPTY_DETAILS })).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_TITLE,
    url: `${ORIGIN}/`,
    logo: ORIGIN + IMAGES.logo,
    foundingDate: '1996-09-03',
  });
});

test('hostile text is kept as it is: escaping is the writer’s job, and the facts must not change the words', () => {
  const hostile = '</script><script>alert(1)</script> & "quoted" <!--';

  const head = pageHead({ route: 'article', post: post({ title: hostile, body: hostile }) }, SITE);

  expect(head?.title).toBe(hostile);
  expect(head?.description).toBe(hostile);
});

test("an article with a picture is shared with that picture's largest size and description", () => {
  const post = { id: '7', title: 'Garden party', body: 'Sun all day.', publishedAt: '2026-06-01T10:00:00.000Z', picture: { id: 'a1'.repeat(12), alt: 'Members on the lawn', decorative: false, width: 1600, height: 1067 } };

  const head = pageHead({ route: 'article', post }, SITE);
  const decorative = pageHead({ route: 'article', post: { ...post, picture: { ...post.picture, alt: '', decorative: true } } }, SITE);

  expect(head?.image).toEqual({ url: `${ORIGIN}/pictures/${'a1'.repeat(12)}-1600.jpg`, width: 1600, height: 1067, alt: 'Members on the lawn' });
  expect(decorative?.image?.alt).toBe('Garden party');
});
