/**
 * A lazy value: made the first time it is asked for, then cached. The public pages' machines are
 * made this way: building a machine's state tree is the largest part of evaluating the app's own
 * code, and on a slow phone that evaluation is one long task before the page responds to a tap.
 * Made on first use, the work moves into the render that needs it, which React splits into short
 * slices.
 */
export function lazy<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
