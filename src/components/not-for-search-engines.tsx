/**
 * Asks search engines not to list the page. React puts the element into the document's head;
 * the self-hosted server's plain page for these addresses already carries it, a static host's
 * shared app page cannot (articles use it too), so the browser adds it here.
 */
export function NotForSearchEngines() {
  return <meta name="robots" content="noindex" />;
}
