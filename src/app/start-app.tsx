import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { createBackend } from './backend';
import { documentDisplaySettings } from './document-display-settings';
import { matchAppRoute, preloadParts } from './routes';
import { ROUTE_DATA_ELEMENT_ID, type RouteDataSnapshot } from '../../src-core/ports/page-renderer.port';
import { createRouteDataCache } from '../lib/route-data.cache';

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

  const { route } = matchAppRoute(window.location.pathname);
  // The plain index.html (empty #root, the admin area) is rendered from scratch, with every part
  // there from the start.
  if (container.firstElementChild === null) {
    void Promise.all([route.preload(), preloadParts()]).finally(() => createRoot(container).render(app));
    return;
  }
  // A server-rendered or prerendered page already holds the markup, so it is hydrated. It is
  // readable before script runs, so hydration goes as a transition: React works in short slices
  // and never holds the main thread long enough to delay a tap. The page's own chunk comes first,
  // so the page hydrates with its frame rather than after a round trip of its own, unless it
  // hydrates later (routes.tsx). The parts that wait (the menu's machine) load once the browser
  // is idle: until then the server's markup works by itself.
  const hydrate = () => {
    startTransition(() => void hydrateRoot(container, app));
    whenIdle(() => void preloadParts());
  };
  // Should the chunk not come (offline for a moment), the page hydrates anyway and the router loads it again.
  if (route.hydratesLater === true) hydrate();
  else route.preload().then(hydrate, hydrate);
}

/** After the work already queued, at the latest after a second (a browser without idle callbacks: soon). */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 200);
}
