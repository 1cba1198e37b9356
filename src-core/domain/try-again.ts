function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * 'Please try again in 15 minutes.' from a throttle's retry-after, rounded up so the
 * visitor never comes back too early; 'Please try again later.' when the wait is unknown.
 */
export function tryAgainIn(seconds?: number): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 'Please try again later.';
  if (seconds < 60) return `Please try again in ${plural(Math.ceil(seconds), 'second')}.`;
  if (seconds < 3600) return `Please try again in ${plural(Math.ceil(seconds / 60), 'minute')}.`;
  return `Please try again in ${plural(Math.ceil(seconds / 3600), 'hour')}.`;
}
