/** Runs a callback once the browser has nothing more urgent to do. */
export type WhenIdle = (callback: () => void) => void;

const IDLE_FALLBACK_MS = 2000;

export const whenBrowserIdle: WhenIdle = (callback) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout: IDLE_FALLBACK_MS * 2 });
  else setTimeout(callback, IDLE_FALLBACK_MS);
};
