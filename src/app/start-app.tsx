import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { createBackend } from './backend';
import { documentDisplaySettings } from './document-display-settings';
import { matchAppRoute } from './routes';
import { ROUTE_DATA_ELEMENT_ID, createRouteDataCache, type RouteDataSnapshot } from '../lib/route-data.cache';

function readServerData(): RouteDataSnapshot | undefined {
  const element = document.getElementById(ROUTE_DATA_ELEMENT_ID);
  if (element?.textContent == null) return undefined;
  try {
    return JSON.parse(element.textContent) as RouteDataSnapshot;
  } catch {
    return undefined;
  }
}

/** Brings the page to life: hydrates what the server rendered, or renders into an empty #root. */
export function startApp(container: HTMLElement): void {
  const initial = readServerData();
  const app = (
    <BrowserRouter>
      <App backend={createBackend()} cache={createRouteDataCache({ initial })} display={documentDisplaySettings(document)} />
    </BrowserRouter>
  );

  // A server-rendered or prerendered page already holds the markup, so it is hydrated; the
  // plain index.html (empty #root) is rendered from scratch. The page is readable before script
  // runs, so hydration goes as a transition: React works in short slices and never holds the
  // main thread long enough to delay a tap. It waits for the page's own chunk (routes.tsx), so
  // the whole page hydrates at once rather than its main part after a round trip.
  if (container.firstElementChild === null) {
    createRoot(container).render(app);
    return;
  }
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  // Should the chunk not come (offline for a moment), the page hydrates anyway and the router loads it again.
  matchAppRoute(window.location.pathname).route.preload().then(hydrate, hydrate);
}
