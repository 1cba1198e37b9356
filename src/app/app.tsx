// Site-wide styles first, so each component's own CSS comes later and can refine them.
import '../styles/global.css';
import { StrictMode, useMemo } from 'react';
import type { Backend } from '../../src-core/ports/backend';
import { AppProviders } from '../lib/backend.context';
import { DisplaySettingsProvider, fixedDisplaySettings, type DisplaySettingsStore } from '../lib/display-settings.context';
import type { RouteDataCache } from '../lib/route-data.cache';
import { createMachines } from './machines';
import { AppRoutes } from './routes';

export interface AppProps {
  readonly backend: Backend;
  readonly cache: RouteDataCache;
  /** The reader's display settings: the page's own in a browser, the request's on a server; standard by default. */
  readonly display?: DisplaySettingsStore;
}

/**
 * The whole site without its router: the browser wraps it in a BrowserRouter, tests in a
 * MemoryRouter and a server in a StaticRouter, each with the backend and cache it has. The
 * public pages' machines are provided here, once, from that backend; the admin area's with its
 * code (routes.tsx).
 */
export function App({ backend, cache, display = fixedDisplaySettings() }: AppProps) {
  const machines = useMemo(() => createMachines(backend), [backend]);
  return (
    <StrictMode>
      <AppProviders backend={backend} cache={cache} machines={machines}>
        <DisplaySettingsProvider store={display}>
          <AppRoutes />
        </DisplaySettingsProvider>
      </AppProviders>
    </StrictMode>
  );
}
