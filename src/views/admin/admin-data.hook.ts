import { useCallback, useEffect, useState } from 'react';
import { toCoreError } from '../../../src-core/domain/core-error';
import type { RouteData } from '../../lib/route-data.hook';

type Loaded<T> = { readonly status: 'loading' } | { readonly status: 'ready'; readonly data: T } | { readonly status: 'error'; readonly error: ReturnType<typeof toCoreError> };

/**
 * Data only a signed-in administrator reads (the upload limit, the inbox). It stays out of the
 * route-data cache, which a server may serialise into a page, and is fetched afresh on each visit.
 * `load` must be stable (e.g. from useCallback) or it loads on every render.
 */
export function useAdminData<T>(load: () => Promise<T>): RouteData<T> & { readonly reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setLoaded({ status: 'ready', data });
      },
      (error: unknown) => {
        if (current) setLoaded({ status: 'error', error: toCoreError(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  // A retry after a failure shows 'loading' again; a refresh keeps the list on screen meanwhile.
  const reload = useCallback(() => {
    setLoaded((previous) => (previous.status === 'error' ? { status: 'loading' } : previous));
    setAttempt((count) => count + 1);
  }, []);
  if (loaded.status === 'error') return { ...loaded, retry: reload, reload };
  return { ...loaded, reload };
}
