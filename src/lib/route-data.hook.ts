import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { CoreError } from '../../src-core/domain/core-error';
import { useBackend, useRouteDataCache } from './backend.context';
import type { CacheEntry, RouteQuery } from './route-data.cache';

export type RouteData<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly data: T }
  | { readonly status: 'error'; readonly error: CoreError; readonly retry: () => void };

/**
 * The one way a view reads its data. It renders from the cache (which a server may have
 * filled before rendering) and only starts loading in an effect, so rendering never fetches
 * and the server and the browser's first render agree.
 */
export function useRouteData<T>(query: RouteQuery<T>): RouteData<T> {
  const cache = useRouteDataCache();
  const backend = useBackend();
  const { key } = query;

  const subscribe = useCallback((listener: () => void) => cache.subscribe(key, listener), [cache, key]);
  const getEntry = useCallback((): CacheEntry | undefined => cache.get(key), [cache, key]);
  const entry = useSyncExternalStore(subscribe, getEntry, getEntry);
  const missing = entry === undefined;

  // The query object is rebuilt on each render; its key says everything about what it loads.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => cache.ensure(query, backend), [cache, backend, key, missing]);

  // eslint-disable-next-line react-hooks/exhaustive-deps
  const retry = useCallback(() => void cache.load(query, backend), [cache, backend, key]);

  if (entry === undefined || entry.status === 'loading') return { status: 'loading' };
  if (entry.status === 'error') return { status: 'error', error: entry.error, retry };
  // The key names one query, and one query always stores the same type.
  return { status: 'ready', data: entry.data as T };
}

/**
 * Loads a query again while what it showed stays on screen, e.g. 'Check for new activity'.
 * The view reading it with useRouteData shows the new data when it arrives.
 */
export function useRouteDataRefresh<T>(query: RouteQuery<T>): () => void {
  const cache = useRouteDataCache();
  const backend = useBackend();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback(() => void cache.refresh(query, backend), [cache, backend, query.key]);
}
