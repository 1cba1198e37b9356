import { SITE_TITLE } from './navigation';

/** One Atom feed a backend's server makes: its address on the site and the name a feed reader shows. */
export interface FeedLink {
  /** '/feeds/news.atom'. */
  readonly path: string;
  readonly title: string;
}

/** The feeds to follow the site in a feed reader; the hosted backend, without a server, has none. */
export interface SiteFeeds {
  /** The news posts, newest first. */
  readonly news: FeedLink;
  /** The newsletter files, newest first, each linking to its download. */
  readonly newsletters: FeedLink;
}

export const SITE_FEEDS: SiteFeeds = {
  news: { path: '/feeds/news.atom', title: `${SITE_TITLE}: news` },
  newsletters: { path: '/feeds/newsletters.atom', title: `${SITE_TITLE}: newsletters` },
};

/** How many entries a feed holds at most: the newest, enough for any reader that checks weekly. */
export const FEED_ENTRY_LIMIT = 50;
