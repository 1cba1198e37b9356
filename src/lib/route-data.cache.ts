import type { Backend } from '../../src-core/ports/backend';
import { CoreError, isCoreErrorKind, toCoreError } from '../../src-core/domain/core-error';
import type { RouteDataSnapshot } from '../../src-core/ports/page-renderer.port';

/**
 * One piece of data a page needs, named by a key that is unique for its arguments
 * (e.g. 'post:42'), so the same data loaded by the server and asked for by a view meet in the cache.
 */
export interface RouteQuery<T> {
  readonly key: string;
  readonly load: (backend: Backend, signal?: AbortSignal) => Promise<T>;
  /**
   * When this data stops being true by itself (an upcoming event finishes), or null for never:
   * a server that keeps rendered pages makes the page again then.
   */
  expiresAt?(data: T): number | null;
  /**
   * How long loaded data counts as fresh when a view mounts again, instead of the cache's own
   * default: 0 loads again on every visit (the admin area's data), keeping what is on screen meanwhile.
   */
  readonly maxAgeMs?: number;
}

/** Whether route data a server left in a page is a record, to be checked field by field: a page's data is not trusted blindly. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function defineQuery<T>(
  key: string,
  load: (backend: Backend, signal?: AbortSignal) => Promise<T>,
  options: { readonly expiresAt?: (data: T) => number | null; readonly maxAgeMs?: number } = {},
): RouteQuery<T> {
  return {
    key,
    load,
    ...(options.expiresAt === undefined ? {} : { expiresAt: options.expiresAt }),
    ...(options.maxAgeMs === undefined ? {} : { maxAgeMs: options.maxAgeMs }),
  };
}

export type CacheEntry =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly data: unknown; readonly loadedAt: number }
  | { readonly status: 'error'; readonly error: CoreError; readonly loadedAt: number };

export interface RouteDataCache {
  get(key: string): CacheEntry | undefined;
  /** Calls the listener whenever the entry for this key changes; returns the unsubscribe function. */
  subscribe(key: string, listener: () => void): () => void;
  /** Loads unless already loading; a failure is stored as an error entry, never thrown. */
  load<T>(query: RouteQuery<T>, backend: Backend, signal?: AbortSignal): Promise<void>;
  /**
   * Called when a view mounts: loads what is missing and refreshes what is older than maxAgeMs.
   * Ready data stays on screen while it refreshes, so the page never flickers back to 'loading'.
   */
  ensure<T>(query: RouteQuery<T>, backend: Backend): void;
  /** Forgets entries whose key starts with the prefix, e.g. after an upload changes a folder. */
  invalidate(keyPrefix: string): void;
  /** Loads again while the data already there stays on screen (and stays, should loading fail). */
  refresh<T>(query: RouteQuery<T>, backend: Backend): Promise<void>;
  snapshot(): RouteDataSnapshot;
}

export interface RouteDataCacheOptions {
  readonly initial?: RouteDataSnapshot;
  /** How long loaded data counts as fresh when a view mounts again. */
  readonly maxAgeMs?: number;
  readonly now?: () => number;
}

function reviveEntry(value: unknown, loadedAt: number): CacheEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ('data' in value) return { status: 'ready', data: value.data, loadedAt };
  if ('error' in value && typeof value.error === 'object' && value.error !== null) {
    const { kind, message } = value.error as { kind?: unknown; message?: unknown };
    if (isCoreErrorKind(kind) && typeof message === 'string') {
      return { status: 'error', error: new CoreError(kind, message), loadedAt };
    }
  }
  return undefined;
}

export function createRouteDataCache(options: RouteDataCacheOptions = {}): RouteDataCache {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const entries = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<void>>();
  const listeners = new Map<string, Set<() => void>>();

  const createdAt = now();
  for (const [key, value] of Object.entries(options.initial ?? {})) {
    const entry = reviveEntry(value, createdAt);
    if (entry) entries.set(key, entry);
  }

  function set(key: string, entry: CacheEntry | undefined): void {
    if (entry) entries.set(key, entry);
    else entries.delete(key);
    listeners.get(key)?.forEach((listener) => listener());
  }

  function run<T>(query: RouteQuery<T>, backend: Backend, keepData: boolean, signal?: AbortSignal): Promise<void> {
    const running = inFlight.get(query.key);
    if (running) return running;
    if (!keepData) set(query.key, { status: 'loading' });
    const promise = query
      .load(backend, signal)
      .then(
        (data) => set(query.key, { status: 'ready', data, loadedAt: now() }),
        (error: unknown) => {
          const previous = entries.get(query.key);
          // A failed background refresh keeps the data the reader already sees.
          if (keepData && previous?.status === 'ready') return;
          set(query.key, { status: 'error', error: toCoreError(error), loadedAt: now() });
        },
      )
      .finally(() => inFlight.delete(query.key));
    inFlight.set(query.key, promise);
    return promise;
  }

  return {
    get: (key) => entries.get(key),
    subscribe(key, listener) {
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => {
        set.delete(listener);
      };
    },
    load: (query, backend, signal) => run(query, backend, false, signal),
    ensure(query, backend) {
      const entry = entries.get(query.key);
      if (entry === undefined) {
        void run(query, backend, false);
      } else if (entry.status !== 'loading' && now() - entry.loadedAt >= (query.maxAgeMs ?? maxAgeMs)) {
        void run(query, backend, entry.status === 'ready');
      }
    },
    refresh: (query, backend) => run(query, backend, entries.get(query.key)?.status === 'ready'),
    invalidate(keyPrefix) {
      for (const key of [...entries.keys()]) {
        if (key.startsWith(keyPrefix)) set(key, undefined);
      }
    },
    snapshot() {
      const result: Record<string, RouteDataSnapshot[string]> = {};
      for (const [key, entry] of entries) {
        if (entry.status === 'ready') result[key] = { data: entry.data };
        if (entry.status === 'error') result[key] = { error: { kind: entry.error.kind, message: entry.error.message } };
      }
      return result;
    },
  };
}
