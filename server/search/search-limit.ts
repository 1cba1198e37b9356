import type { Clock } from '../clock';

/** Searches one network address may make in a window: far more than a person types. */
const SEARCHES_PER_WINDOW = 30;
const WINDOW_MS = 60_000;
/** Addresses remembered at most; beyond it the oldest are forgotten, so memory stays small. */
const MAX_ADDRESSES = 10_000;

export type SearchVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export interface SearchLimit {
  /** Counts a search from `address`, or refuses it once the address has made too many. */
  take(address: string): SearchVerdict;
}

/**
 * A limit per visitor against a script asking the server to search without end: 30 a minute
 * from one network address. Kept in memory: a restart forgets it, which costs an abuser
 * nothing they could not get by waiting a minute.
 */
export function createSearchLimit(clock: Clock, { perWindow = SEARCHES_PER_WINDOW, windowMs = WINDOW_MS } = {}): SearchLimit {
  const recent = new Map<string, number[]>();
  return {
    take(address) {
      const now = clock();
      const times = (recent.get(address) ?? []).filter((at) => now - at < windowMs);
      recent.delete(address);
      if (times.length >= perWindow) {
        recent.set(address, times);
        const oldest = times[0] ?? now;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
      }
      times.push(now);
      // A Map keeps insertion order: re-adding puts this address last, so the first is the least recent.
      recent.set(address, times);
      if (recent.size > MAX_ADDRESSES) recent.delete(recent.keys().next().value ?? '');
      return { allowed: true };
    },
  };
}
