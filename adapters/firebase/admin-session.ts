/**
 * How long an administrator's sign-in lasts on the hosted site: the self-hosted server's limits
 * (docs/behaviour.md#signing-in), kept by the browser. Firebase keeps a sign-in until it is signed
 * out; its session persistence (the tab's session storage) ends it when the browser closes, and
 * this clock ends it after 12 hours, or after 2 hours without the administrator doing anything.
 */
const HOUR_MS = 60 * 60 * 1000;

export interface SessionLimits {
  /** From signing in, whatever happens. */
  readonly maxAgeMs: number;
  /** From the administrator's last action. */
  readonly idleMs: number;
}

export const ADMIN_SESSION_LIMITS: SessionLimits = { maxAgeMs: 12 * HOUR_MS, idleMs: 2 * HOUR_MS };

/** Where the two times are kept: the tab's session storage, as Firebase's sign-in is. */
export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionClock {
  /** A sign-in has just finished. */
  started(): void;
  /** The signed-in administrator did something; a no-op when nobody signed in here. */
  active(): void;
  /** Signed out. */
  ended(): void;
  /** How long the session has left: 0 once it is over, or when this tab never saw it start. */
  remainingMs(): number;
}

function memoryStore(): SessionStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** The tab's session storage where there is one (a browser), else memory (a test in Node). */
export function defaultSessionStore(): SessionStore {
  return typeof sessionStorage === 'undefined' ? memoryStore() : sessionStorage;
}

export function createSessionClock(options: {
  readonly store: SessionStore;
  readonly now: () => number;
  readonly limits: SessionLimits;
  /** Keeps the apps of one process apart (tests). */
  readonly name: string;
}): SessionClock {
  const { store, now, limits } = options;
  const startedKey = `rnai.adminSession.${options.name}.signedInAt`;
  const activeKey = `rnai.adminSession.${options.name}.activeAt`;
  const read = (key: string) => {
    const value = Number(store.getItem(key) ?? Number.NaN);
    return Number.isFinite(value) ? value : undefined;
  };
  return {
    started() {
      const at = String(now());
      store.setItem(startedKey, at);
      store.setItem(activeKey, at);
    },
    active() {
      if (read(startedKey) !== undefined) store.setItem(activeKey, String(now()));
    },
    ended() {
      store.removeItem(startedKey);
      store.removeItem(activeKey);
    },
    remainingMs() {
      const signedInAt = read(startedKey);
      if (signedInAt === undefined) return 0;
      const activeAt = read(activeKey) ?? signedInAt;
      return Math.max(0, Math.min(signedInAt + limits.maxAgeMs, activeAt + limits.idleMs) - now());
    },
  };
}
