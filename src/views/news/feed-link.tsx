import { useSyncExternalStore } from 'react';
import type { FeedLink as Feed } from '../../../src-core/domain/site-feeds';

const noChanges = () => () => undefined;

/**
 * The site's own origin once the page runs in a browser; '' while rendered on the server (and
 * while the browser takes the server's page over), so both render the same first.
 */
function useOrigin(): string {
  return useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => '',
  );
}

/**
 * How to follow one of the site's Atom feeds. A browser shows a feed as raw XML (and the XSLT a
 * feed could carry to look like a page is being removed from browsers), so this never links to
 * the feed itself: it opens, in place, what a feed reader is and the address to give one. Feed
 * readers given the page's own address find the feeds too, through the page's head.
 */
export function FeedLink({ feed, what, children }: { readonly feed: Feed; readonly what: string; readonly children: string }) {
  const origin = useOrigin();
  return (
    <details className="news__feed">
      <summary>{children}</summary>
      <div className="news__feed-help">
        <p>
          A feed reader is an app that keeps an eye on websites for you and shows what is new, such as Feedly,
          Inoreader or NetNewsWire, or the one in Outlook or Thunderbird. To follow {what} there, add this address in the
          app (its &lsquo;add&rsquo;, &lsquo;follow&rsquo; or &lsquo;subscribe&rsquo; button):
        </p>
        <p className="news__feed-address">
          <code>{origin + feed.path}</code>
        </p>
        <p>Most feed readers also find it when given the address of this page.</p>
      </div>
    </details>
  );
}
