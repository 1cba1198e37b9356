import { useSyncExternalStore } from 'react';

/**
 * Asks search engines not to list the page. React puts the element into the document's head;
 * the self-hosted server's plain page for these addresses already carries it, a static host's
 * shared app page cannot (articles use it too), so the browser adds it here.
 */
export function NotForSearchEngines() {
  return <meta name="robots" content="noindex" />;
}

/**
 * The same request for a page the server renders too (a missing article, event or address): a
 * server responds to those with 404 and a static host's 404.html carries the tag, but a static host
 * serves an article's or event's address from its shared app page with 200, and only the
 * browser learns that the post is gone. Added once the page runs, so the server's markup and the
 * browser's first render stay the same.
 */
export function NotForSearchEnginesOnceRunning() {
  // False on the server and while hydrating its markup, true in the browser from then on.
  const running = useSyncExternalStore(neverChanges, () => true, () => false);
  return running ? <NotForSearchEngines /> : null;
}

function neverChanges(): () => void {
  return () => undefined;
}
