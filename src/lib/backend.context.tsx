import { createContext, useContext, type ReactNode } from 'react';
import type { Backend } from '../../src-core/ports/backend';
import type { Machines } from './view-actions';
import type { RouteDataCache } from './route-data.cache';

// Views reach the backend only through this context, so they never know which adapters exist.
const BackendContext = createContext<Backend | null>(null);
const RouteDataCacheContext = createContext<RouteDataCache | null>(null);
// ...and their machines only through this one, provided with that backend's actors.
const MachinesContext = createContext<Machines | null>(null);

export interface AppProvidersProps {
  readonly backend: Backend;
  readonly cache: RouteDataCache;
  readonly machines: Machines;
  readonly children: ReactNode;
}

export function AppProviders({ backend, cache, machines, children }: AppProvidersProps) {
  return (
    <BackendContext.Provider value={backend}>
      <RouteDataCacheContext.Provider value={cache}>
        <MachinesContext.Provider value={machines}>{children}</MachinesContext.Provider>
      </RouteDataCacheContext.Provider>
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

export function useMachines(): Machines {
  const machines = useContext(MachinesContext);
  if (!machines) throw new Error('useMachines needs an AppProviders above it.');
  return machines;
}
