/**
 * What a page says about itself to search engines and to the apps that show a preview of a
 * shared link (Open Graph, X's cards): its description, its one address, the share picture.
 * Facts only; the server and the hosted prerender write them as markup in one place
 * (server/render/head-tags.ts).
 */
import type { AssociationDetails } from './association-details';
import { branchPagePath, type Branch } from './branches';
import { eventPath, type EventSummary } from './event-listing';
import { articlePath, pageName, SITE_TITLE, type RouteId } from './navigation';
import { newsPreview } from './news';
import { organizationData } from './organization-data';
import type { Post } from './post';
import { pictureAddress } from './post-picture';
import { SHARE_IMAGE, SITE_MOTTOS, type SiteImages } from './site-images';

/** The routes without an id; their address is the route's own. */
export type PlainRouteId = Exclude<RouteId, 'article' | 'event' | 'branch'>;

/**
 * Pages that are never shared or listed: the admin area and its sign-in (noindex), not-found
 * (404), search results (noindex: one page per query, none worth listing), and the pages of
 * one visitor's subscription or booking (an outcome, an e-mail's link; noindex), and the thanks after applying to join.
 */
const UNSHARED_ROUTES = ['login', 'admin', 'not-found', 'search', 'subscribe', 'subscribe-confirm', 'unsubscribe', 'join-thanks', 'booking'] as const;
type UnsharedRouteId = (typeof UNSHARED_ROUTES)[number];

type SharedRouteId = Exclude<PlainRouteId, UnsharedRouteId>;

/**
 * The spec's page description ('welcome and about the association and its services'); also index.html's.
 * @internal Outside this file only tests and fakes use it.
 */
export const SITE_DESCRIPTION =
  'Welcome to the Retired Nurses Association of Ireland: news, events, documents and useful links about our association and the services we offer retired nurses across Ireland.';

/**
 * One sentence per page, in our own words, for search results and share previews.
 * @internal Outside this file only tests and fakes use it.
 */
export const PAGE_DESCRIPTIONS: Readonly<Record<SharedRouteId, string>> = {
  home: SITE_DESCRIPTION,
  contact: 'Send the Retired Nurses Association of Ireland a message about membership, branches, events or your entitlements as a retired nurse.',
  about:
    'The story and aims of the Retired Nurses Association of Ireland, founded in 1996, with over 5,000 members in 21 branches across 26 counties.',
  news: 'The latest news from the Retired Nurses Association of Ireland, and our newsletters to read or download.',
  branches: 'The branches of the Retired Nurses Association of Ireland: find the branch for your county, where and when it meets, and who to contact.',
  events: 'Meetings, outings and conferences of the Retired Nurses Association of Ireland: where and when they take place.',
  documents: 'How to join the Retired Nurses Association of Ireland, with the forms and documents members need.',
  join: 'Apply to join the Retired Nurses Association of Ireland online, or print a blank form to post to us.',
  links: 'Official information on the State Pension (Contributory) and on services for older people in Ireland, chosen for retired nurses.',
  'privacy-policy': 'What the Retired Nurses Association of Ireland does with what you send through this website, and for how long it keeps it.',
  disclaimer: 'The terms on which the Retired Nurses Association of Ireland offers this website and the material on it.',
  accessibility:
    'How accessible the Retired Nurses Association of Ireland website is, how to make its text larger or its colours stronger, and how to tell us of a problem.',
  'display-settings': 'Choose larger text, high contrast or dark colours for every page of the Retired Nurses Association of Ireland website.',
};

/**
 * What the share picture shows, in words, for those who cannot see it.
 * @internal Outside this file only tests and fakes use it.
 */
export const SHARE_IMAGE_ALT = `The shield of the ${SITE_TITLE}, with a heart and a cross, beside its name and mottos: ${SITE_MOTTOS.join(', ')}.`;

/** Open Graph's name for English as written in Ireland. */
const SITE_LOCALE = 'en_IE';

/** What a page is: a subject with an id (an article, an event) brings its data; the others their address. */
export type HeadSubject =
  | { readonly route: 'article'; readonly post: Post }
  | { readonly route: 'event'; readonly event: EventSummary }
  | { readonly route: 'branch'; readonly branch: Branch }
  | { readonly route: PlainRouteId; readonly path: string };

/** What every page shares: where the site is, the build's pictures, the association's details. */
export interface HeadSite {
  /**
   * The site's public origin, 'https://www.example.org'. Without it (a hosted build with no
   * VITE_PUBLIC_URL), what needs a whole address is left out rather than written wrong.
   */
  readonly origin?: string;
  readonly images: SiteImages;
  readonly details?: AssociationDetails;
}

export interface PageHead {
  readonly description: string;
  /** The page's own name for previews; the site's name goes beside it as og:site_name. */
  readonly title: string;
  readonly siteName: string;
  readonly locale: string;
  readonly type: 'website' | 'article';
  /** The page's one whole address, without a query (canonical and og:url); absent without an origin. */
  readonly url?: string;
  readonly image?: { readonly url: string; readonly width: number; readonly height: number; readonly alt: string };
  /** The large picture where there is one, the small card otherwise. */
  readonly twitterCard: 'summary_large_image' | 'summary';
  /** An article's dates (ISO 8601). */
  readonly article?: { readonly publishedTime: string; readonly modifiedTime?: string };
  /** schema.org data for the page's head (the home page's Organization). */
  readonly structuredData?: Readonly<Record<string, unknown>>;
}

/** One line of words: a description is read as a sentence, not as the body's lines. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * An article's description: its news card's preview (100 characters plus '...', docs/behaviour.md#news-cards), on one line.
 * @internal Outside this file only tests and fakes use it.
 */
export function articleDescription(post: Post): string {
  const preview = oneLine(newsPreview(post.body));
  return preview === '' ? PAGE_DESCRIPTIONS.news : preview;
}

/**
 * An event's description: its title, its date the Irish way and its place, where they are known.
 * @internal Outside this file only tests and fakes use it.
 */
export function eventDescription(event: EventSummary): string {
  const facts = [
    ...(event.start === null ? [] : [event.when]),
    ...(event.venue === '' && event.town === '' ? [] : [`at ${event.where}`]),
  ];
  const title = oneLine(event.title);
  return facts.length === 0 ? `${title}: an event of the ${SITE_TITLE}.` : `${title}: ${facts.join(', ')}.`;
}

/** A branch's description: its own words where it has them, otherwise the counties it covers. */
function branchDescription(branch: Branch): string {
  const own = oneLine(branch.description);
  if (own !== '') return own;
  const counties = branch.counties.length === 0 ? '' : ` for ${branch.counties.join(', ')}`;
  return `${oneLine(branch.name)}: a branch of the ${SITE_TITLE}${counties}. Where and when it meets, its events and news.`;
}

interface Described {
  /** The page's own picture for a share preview (a post's), from the site's root; the site's otherwise. */
  readonly picture?: { readonly path: string; readonly width: number; readonly height: number; readonly alt: string };
  readonly path: string;
  readonly title: string;
  readonly description: string;
  readonly type: PageHead['type'];
  readonly article?: PageHead['article'];
}

function isShared(route: PlainRouteId): route is SharedRouteId {
  return !(UNSHARED_ROUTES as readonly string[]).includes(route);
}

function factsOf(subject: HeadSubject): Described | null {
  switch (subject.route) {
    case 'article': {
      const { post } = subject;
      const { picture } = post;
      return {
        // The largest size, in JPEG: what every site that shows a preview reads.
        ...(picture === undefined
          ? {}
          : { picture: { path: pictureAddress(picture.id, picture.width, 'jpg'), width: picture.width, height: picture.height, alt: picture.alt || oneLine(post.title) } }),
        path: articlePath(post.id),
        title: oneLine(post.title) || pageName('article'),
        description: articleDescription(post),
        type: 'article',
        article: { publishedTime: post.publishedAt, ...(post.updatedAt === undefined ? {} : { modifiedTime: post.updatedAt }) },
      };
    }
    case 'event':
      return {
        path: eventPath(subject.event.id),
        title: oneLine(subject.event.title) || pageName('event'),
        description: eventDescription(subject.event),
        type: 'website',
      };
    case 'branch':
      return {
        path: branchPagePath(subject.branch.slug),
        title: oneLine(subject.branch.name) || pageName('branch'),
        description: branchDescription(subject.branch),
        type: 'website',
      };
    default:
      if (!isShared(subject.route)) return null;
      return { path: subject.path, title: pageName(subject.route), description: PAGE_DESCRIPTIONS[subject.route], type: 'website' };
  }
}

/**
 * The head facts of a page, or null for a page nobody should share or find (the admin area,
 * its sign-in and the not-found page keep the site's plain head). A page's address never
 * carries its query: '/events?past=all' is the Events page with a longer list, and
 * '/contact?outcome=…' one visitor's response, so each is known by its path alone.
 */
export function pageHead(subject: HeadSubject, site: HeadSite): PageHead | null {
  const described = factsOf(subject);
  if (described === null) return null;
  const { origin } = site;
  const { picture } = described;
  const image =
    origin === undefined
      ? undefined
      : picture === undefined
        ? { url: origin + site.images.share, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, alt: SHARE_IMAGE_ALT }
        : { url: origin + picture.path, width: picture.width, height: picture.height, alt: picture.alt };
  return {
    description: described.description,
    title: described.title,
    siteName: SITE_TITLE,
    locale: SITE_LOCALE,
    type: described.type,
    ...(origin === undefined ? {} : { url: origin + described.path }),
    ...(image === undefined ? {} : { image }),
    twitterCard: image === undefined ? 'summary' : 'summary_large_image',
    ...(described.article === undefined ? {} : { article: described.article }),
    ...(subject.route === 'home' ? { structuredData: organizationData({ origin, logoPath: site.images.logo, details: site.details }) } : {}),
  };
}
