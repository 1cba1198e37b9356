/** Milliseconds since the epoch. Injected so tests can move time on (session expiry, rate windows). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}
