import { createContext, useContext, type ReactNode } from 'react';
import type { Backend } from '../../src-core/ports/backend';
import type { RouteDataCache } from './route-data.cache';

// Views reach the backend only through this context, so they never know which adapters exist.
const BackendContext = createContext<Backend | null>(null);
const RouteDataCacheContext = createContext<RouteDataCache | null>(null);

export interface AppProvidersProps {
  readonly backend: Backend;
  readonly cache: RouteDataCache;
  readonly children: ReactNode;
}

export function AppProviders({ backend, cache, children }: AppProvidersProps) {
  return (
    <BackendContext.Provider value={backend}>
      <RouteDataCacheContext.Provider value={cache}>{children}</RouteDataCacheContext.Provider>
    </BackendContext.Provider>
  );
}

export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('useBackend needs an AppProviders above it.');
  return backend;
}

export function useRouteDataCache(): RouteDataCache {
  const cache = useContext(RouteDataCacheContext);
  if (!cache) throw new Error('useRouteDataCache needs an AppProviders above it.');
  return cache;
}
