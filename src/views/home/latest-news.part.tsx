import { Suspense, use } from 'react';
import { readable } from '../../lib/readable-promise';
import type { LatestNews } from './latest-news';

// Its own chunk, with the news cards and their pictures, so the home page's first load keeps
// within its budget (tests/build/bundle-manifest.test.ts). The server renders it in full (it
// waits for the chunk: src/app/entry-server.tsx), and the browser keeps that markup until the
// chunk arrives, as for the subscription form (src/components/subscription-form.part.tsx).
let newsCode: Promise<{ readonly LatestNews: typeof LatestNews }> | undefined;

/** Downloads the latest news's code (once). */
export function preloadLatestNews(): Promise<{ readonly LatestNews: typeof LatestNews }> {
  newsCode ??= readable(import('./latest-news'));
  return newsCode;
}

function LatestNewsLoaded() {
  const { LatestNews: News } = use(preloadLatestNews());
  return <News />;
}

/** The home page's newest posts, as a part that follows the page. */
export function LatestNewsPart() {
  return (
    <Suspense fallback={null}>
      <LatestNewsLoaded />
    </Suspense>
  );
}
