import type { FeedLink as Feed } from '../../../src-core/domain/site-feeds';

/**
 * A link to one of the site's Atom feeds, for readers who follow sites in a feed reader app.
 * A plain link, not the router's: the feed is a file, not a page of the app.
 */
export function FeedLink({ feed, children }: { readonly feed: Feed; readonly children: string }) {
  return (
    <p className="news__feed">
      <a href={feed.path} type="application/atom+xml">
        {children}
      </a>
    </p>
  );
}
